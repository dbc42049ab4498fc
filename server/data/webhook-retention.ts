import { inTransaction, type WpDb } from './tables';
import { attemptsTable, deliveriesTable, eventsTable } from './webhook-outbox';
import { utcTime } from './webhook-subscriptions';

/**
 * Removes the webhook log older than `before`: the events written before it whose deliveries are all
 * settled (delivered or failed), with those deliveries and their attempts. A delivery still pending
 * (its subscription paused through the API) keeps its event. Returns how many events went.
 *
 * READ COMMITTED: under REPEATABLE READ the pending-deliveries subqueries took next-key locks, so a
 * booking's transaction that had written its event (a row this prune's last DELETE then waits on)
 * could not insert its deliveries into the locked gap: a deadlock, the booking its victim. Without
 * gap locks the booking goes on, commits, and the prune finishes after it.
 */
export async function pruneWebhookLog(wp: WpDb, before: Date): Promise<number> {
  const at = utcTime(before);
  return inTransaction(
    wp,
    async (trx) => {
      const events = eventsTable(trx);
      const deliveries = deliveriesTable(trx);
      const old = () => trx.knex(events).select('id').where('created_at', '<', at);
      const pending = () => trx.knex(deliveries).select('event_id').where('state', 'pending');
      const settled = () =>
        trx.knex(deliveries).select('id').whereIn('event_id', old()).whereNotIn('event_id', pending());
      await trx.knex(attemptsTable(trx)).whereIn('delivery_id', settled()).delete();
      // The pending list through a derived table: MySQL refuses a DELETE whose subquery reads the
      // table it deletes from (error 1093), and materialises a derived table first.
      const stillPending = trx.knex.select('event_id').from(pending().as('still_pending'));
      await trx.knex(deliveries).whereIn('event_id', old()).whereNotIn('event_id', stillPending).delete();
      return trx
        .knex(events)
        .where('created_at', '<', at)
        .whereNotIn('id', trx.knex(deliveries).select('event_id'))
        .delete();
    },
    { readCommitted: true },
  );
}
