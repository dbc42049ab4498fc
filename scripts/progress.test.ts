import { describe, expect, it } from 'vitest';
import { bar, createProgress, formatBytes, formatDuration, timedStep } from './progress';

/** A stand-in for process.stderr: what was written, and whether it is a terminal. */
function fakeStream(isTTY: boolean) {
  const writes: string[] = [];
  const stream = { isTTY, columns: 40, write: (s: string) => writes.push(s) > 0 } as unknown as NodeJS.WriteStream;
  return { stream, writes };
}

describe('createProgress', () => {
  it('writes plain lines when not a terminal, at most one per interval unless asked', () => {
    const { stream, writes } = fakeStream(false);
    const progress = createProgress(stream);
    progress.update(() => 'first', true);
    progress.update(() => 'too soon');
    progress.update(() => 'forced', true);
    progress.done('done');
    expect(writes).toStrictEqual(['first\n', 'forced\n', 'done\n']);
  });

  it('redraws one line in place on a terminal, then clears it for the last line', () => {
    const { stream, writes } = fakeStream(true);
    const progress = createProgress(stream);
    progress.update(() => 'reading', true);
    progress.update(() => 'too soon');
    progress.done('done');
    expect(writes).toStrictEqual([`\r${'reading'.padEnd(39)}`, '\r\x1b[K', 'done\n']);
  });
});

describe('timedStep', () => {
  it('says when a step starts, that it still runs (with the detail), and how long it took', async () => {
    const lines: string[] = [];
    let sawProgress: () => void = () => {};
    const progressSeen = new Promise<void>((resolve) => (sawProgress = resolve));
    const write = (line: string) => {
      lines.push(line);
      if (line.includes('still running')) sawProgress();
    };
    const result = await timedStep('Index', () => progressSeen.then(() => 42), {
      write,
      every: 5,
      detail: async () => ' (12.5%)',
    });
    expect(result).toBe(42);
    expect(lines[0]).toBe('Index…');
    expect(lines[1]).toMatch(/^Index: still running, \d+\.\d s so far \(12\.5%\)$/);
    expect(lines.at(-1)).toMatch(/^Index: done in \d+\.\d s$/);
  });

  it('says when a step failed, and passes the error on', async () => {
    const lines: string[] = [];
    const failing = timedStep('Index', () => Promise.reject(new Error('boom')), { write: (l) => lines.push(l) });
    await expect(failing).rejects.toThrow('boom');
    expect(lines).toStrictEqual(['Index…', expect.stringMatching(/^Index: failed after \d+\.\d s$/)]);
  });
});

describe('formats', () => {
  it.each([
    [512, '1 kB'],
    [5 * 1024 * 1024 + 300_000, '5.3 MB'],
  ])('formatBytes(%d) is %s', (bytes, text) => expect(formatBytes(bytes)).toBe(text));
  it.each([
    [4200, '4.2 s'],
    [65_000, '1 min 05 s'],
  ])('formatDuration(%d) is %s', (ms, text) => expect(formatDuration(ms)).toBe(text));
  it('draws a bar', () => {
    expect(bar(0.5, 10)).toBe('[#####-----]');
    expect(bar(1.5, 4)).toBe('[####]');
  });
});
