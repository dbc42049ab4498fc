import { createTableIfMissing, type Migration } from './helpers';

/**
 * Counters for rate limits that must hold across server processes (login attempts per account and
 * per address, enquiries per address): one row per limit, key and time window.
 */
export const createDropinRateLimits: Migration = {
  name: '20261122000300_create_dropin_rate_limits',
  async up(ctx) {
    const tail = ctx.engine === 'mysql' ? ` ENGINE=InnoDB DEFAULT CHARSET=${ctx.charset} COLLATE=${ctx.collate}` : '';
    await createTableIfMissing(
      ctx,
      `CREATE TABLE \`${ctx.prefix}dropin_rate_limits\` (
  \`bucket\` varchar(40) NOT NULL,
  \`subject\` varchar(191) NOT NULL,
  \`window_start\` bigint(20) NOT NULL,
  \`hits\` int(11) NOT NULL DEFAULT 0,
  PRIMARY KEY (\`bucket\`,\`subject\`,\`window_start\`)
)${tail}`,
    );
  },
  async down(ctx) {
    await ctx.knex.schema.dropTableIfExists(`${ctx.prefix}dropin_rate_limits`);
  },
};
