import { describe, expect, it } from 'vitest';
import { replicaHealth } from './replica-health';

/** Whether a replica may serve reads, from its `SHOW REPLICA STATUS` row (MariaDB's and MySQL 8's column names). */
const mariadb = (over: Record<string, unknown>) => ({
  Slave_IO_Running: 'Yes',
  Slave_SQL_Running: 'Yes',
  Seconds_Behind_Master: 0,
  ...over,
});

describe('replicaHealth', () => {
  it('takes a replica whose threads run and whose lag is within the limit', () => {
    expect(replicaHealth(mariadb({}), 5)).toEqual({ usable: true, lagS: 0 });
    expect(replicaHealth(mariadb({ Seconds_Behind_Master: 5 }), 5)).toEqual({ usable: true, lagS: 5 });
    const mysql8 = { Replica_IO_Running: 'Yes', Replica_SQL_Running: 'Yes', Seconds_Behind_Source: 3 };
    expect(replicaHealth(mysql8, 5)).toEqual({ usable: true, lagS: 3 });
  });

  const skipped: [string, Record<string, unknown> | undefined, RegExp][] = [
    ['too far behind', mariadb({ Seconds_Behind_Master: 6 }), /6 s behind \(more than 5 s\)/],
    ['IO thread stopped', mariadb({ Slave_IO_Running: 'No' }), /IO thread not running \(No\)/],
    ['IO thread still connecting', mariadb({ Slave_IO_Running: 'Connecting' }), /IO thread not running \(Connecting\)/],
    ['SQL thread stopped', mariadb({ Slave_SQL_Running: 'No' }), /SQL thread not running/],
    ['lag unknown', mariadb({ Seconds_Behind_Master: null }), /lag unknown/],
    ['not a replica', undefined, /not a replica/],
  ];
  it.each(skipped)('skips a replica: %s', (_, row, reason) => {
    const health = replicaHealth(row, 5);
    expect(health.usable).toBe(false);
    expect(health.usable ? '' : health.reason).toMatch(reason);
  });
});
