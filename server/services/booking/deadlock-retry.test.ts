import { describe, expect, it } from 'vitest';
import { RETRY_BUDGET_MS, withDeadlockRetry } from './write-order';

const lockWaitTimeout = () => Object.assign(new Error('Lock wait timeout exceeded'), { code: 'ER_LOCK_WAIT_TIMEOUT' });
const deadlock = () => Object.assign(new Error('Deadlock found'), { code: 'ER_LOCK_DEADLOCK' });

/** A run that fails BUSY every time, each attempt taking `ms` of a clock the test keeps. */
function alwaysBusy(ms: number, error: () => Error) {
  let clock = 0;
  let runs = 0;
  return {
    now: () => clock,
    runs: () => runs,
    run: async (): Promise<never> => {
      runs++;
      clock += ms;
      throw error();
    },
  };
}

describe('withDeadlockRetry', () => {
  it('runs a deadlock victim again, up to 8 times', async () => {
    const busy = alwaysBusy(10, deadlock);
    await expect(withDeadlockRetry(busy.run, { now: busy.now })).rejects.toMatchObject({ code: 'ER_LOCK_DEADLOCK' });
    expect(busy.runs()).toBe(8);
  });

  it('starts no attempt once the statement bound has passed (lock waits that each take seconds)', async () => {
    const busy = alwaysBusy(3_000, lockWaitTimeout);
    await expect(withDeadlockRetry(busy.run, { now: busy.now })).rejects.toMatchObject({
      code: 'ER_LOCK_WAIT_TIMEOUT',
    });
    expect(busy.runs()).toBe(Math.ceil(RETRY_BUDGET_MS / 3_000));
  });

  it('answers as soon as an attempt goes through, and does not run other errors again', async () => {
    let runs = 0;
    const flaky = async () => {
      runs++;
      if (runs < 3) throw deadlock();
      return 'written';
    };
    expect(await withDeadlockRetry(flaky)).toBe('written');
    expect(runs).toBe(3);
    const other = alwaysBusy(1, () => Object.assign(new Error('dup'), { code: 'ER_DUP_ENTRY' }));
    await expect(withDeadlockRetry(other.run, { now: other.now })).rejects.toMatchObject({ code: 'ER_DUP_ENTRY' });
    expect(other.runs()).toBe(1);
  });
});
