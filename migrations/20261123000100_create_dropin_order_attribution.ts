import { createTableIfMissing, type Migration } from './helpers';

/**
 * `dropin_order_attribution`: where the visitor of an order came from (server/services/booking/attribution.ts),
 * one row per order, written in the transaction that writes the order. The current touch in the
 * plain columns, the first touch in `first_…`; `referrer` is a host, `landing_page` a path.
 */
export const createDropinOrderAttribution: Migration = {
  name: '20261123000100_create_dropin_order_attribution',
  async up(ctx) {
    const tail = ctx.engine === 'mysql' ? ` ENGINE=InnoDB DEFAULT CHARSET=${ctx.charset} COLLATE=${ctx.collate}` : '';
    const touch = (
      prefix: string,
      required: boolean,
    ) => `  \`${prefix}source_type\` varchar(20) ${required ? 'NOT NULL' : 'DEFAULT NULL'},
  \`${prefix}source\` varchar(100) DEFAULT NULL,
  \`${prefix}medium\` varchar(100) DEFAULT NULL,
  \`${prefix}campaign\` varchar(100) DEFAULT NULL,
  \`${prefix}content\` varchar(100) DEFAULT NULL,
  \`${prefix}term\` varchar(100) DEFAULT NULL,
  \`${prefix}utm_id\` varchar(100) DEFAULT NULL,
  \`${prefix}referrer\` varchar(191) DEFAULT NULL,
  \`${prefix}landing_page\` varchar(191) DEFAULT NULL,`;
    await createTableIfMissing(
      ctx,
      `CREATE TABLE \`${ctx.prefix}dropin_order_attribution\` (
  \`order_id\` bigint(20) unsigned NOT NULL,
${touch('', true)}
${touch('first_', false)}
  \`session_pages\` int(10) unsigned DEFAULT NULL,
  \`created_at\` datetime NOT NULL,
  PRIMARY KEY (\`order_id\`)
)${tail}`,
    );
  },
  async down(ctx) {
    await ctx.knex.schema.dropTableIfExists(`${ctx.prefix}dropin_order_attribution`);
  },
};
