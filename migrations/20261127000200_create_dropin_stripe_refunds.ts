import { createTableIfMissing, type Migration } from './helpers';

/**
 * `dropin_stripe_refunds`: Stripe's `charge.refunded` totals (services/payment/stripe-webhook.ts),
 * one row per charge with the largest `amount_refunded` seen (the currency's smallest unit). Kept
 * out of the order's `payment_info`, whose entries count the instalments paid (tourmaster/deposit.ts).
 */
export const createDropinStripeRefunds: Migration = {
  name: '20261127000200_create_dropin_stripe_refunds',
  async up(ctx) {
    const tail = ctx.engine === 'mysql' ? ` ENGINE=InnoDB DEFAULT CHARSET=${ctx.charset} COLLATE=${ctx.collate}` : '';
    await createTableIfMissing(
      ctx,
      `CREATE TABLE \`${ctx.prefix}dropin_stripe_refunds\` (
  \`charge_id\` varchar(191) NOT NULL,
  \`order_id\` bigint(20) unsigned NOT NULL,
  \`payment_intent\` varchar(191) NOT NULL,
  \`amount_refunded\` bigint(20) unsigned NOT NULL,
  \`currency\` varchar(3) NOT NULL,
  \`updated_at\` datetime NOT NULL,
  PRIMARY KEY (\`charge_id\`)
)${tail}`,
    );
  },
  async down(ctx) {
    await ctx.knex.schema.dropTableIfExists(`${ctx.prefix}dropin_stripe_refunds`);
  },
};
