/**
 * Progress of a long admin command on stderr (stdout keeps the result). On a terminal: one line
 * redrawn in place, at most 10 times a second. Otherwise (a log, CI, a pipe): a plain line every
 * few seconds, so a log shows the command alive without filling up.
 */
export interface Progress {
  /** Offers the current state; it is drawn only when the rate allows (or `now`). */
  update(line: () => string, now?: boolean): void;
  /** Ends the progress display with a last line. */
  done(line: string): void;
}

const TTY_EVERY_MS = 100;
export const PLAIN_EVERY_MS = 3_000;

export function createProgress(stream: NodeJS.WriteStream = process.stderr): Progress {
  const tty = Boolean(stream.isTTY);
  const every = tty ? TTY_EVERY_MS : PLAIN_EVERY_MS;
  let last = 0;
  let drawn = false;
  const draw = (text: string) => {
    if (tty) {
      const width = stream.columns || 100;
      stream.write(`\r${text.slice(0, width - 1).padEnd(width - 1)}`);
      drawn = true;
    } else stream.write(`${text}\n`);
  };
  return {
    update(line, now = false) {
      const t = Date.now();
      if (!now && t - last < every) return;
      last = t;
      draw(line());
    },
    done(line) {
      if (tty && drawn) stream.write('\r\x1b[K');
      stream.write(`${line}\n`);
    },
  };
}

/** 12.3 MB */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** 1 min 05 s, 4.2 s */
export function formatDuration(ms: number): string {
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(1)} s`;
  return `${Math.floor(s / 60)} min ${String(Math.round(s % 60)).padStart(2, '0')} s`;
}

/** `[#######-------------]` for a share between 0 and 1. */
export function bar(share: number, width = 20): string {
  const full = Math.max(0, Math.min(width, Math.round(share * width)));
  return `[${'#'.repeat(full)}${'-'.repeat(width - full)}]`;
}

export interface StepOptions {
  write?: (line: string) => void;
  every?: number;
  /** More to say while the step runs, e.g. the server's own progress of an ALTER TABLE. */
  detail?: () => Promise<string>;
}

/**
 * Runs a long step (a migration, an index on a big table) with a line before, a line every
 * `every` ms while it runs (the elapsed time, and `detail`), and one after with the time it took.
 */
export async function timedStep<T>(label: string, work: () => Promise<T>, options: StepOptions = {}): Promise<T> {
  const { write = (l: string) => process.stderr.write(`${l}\n`), every = 10_000, detail } = options;
  const started = Date.now();
  write(`${label}…`);
  let finished = false;
  const timer = setInterval(async () => {
    const more = detail ? await detail().catch(() => '') : '';
    if (!finished) write(`${label}: still running, ${formatDuration(Date.now() - started)} so far${more}`);
  }, every);
  try {
    const result = await work();
    write(`${label}: done in ${formatDuration(Date.now() - started)}`);
    return result;
  } catch (err) {
    write(`${label}: failed after ${formatDuration(Date.now() - started)}`);
    throw err;
  } finally {
    finished = true;
    clearInterval(timer);
  }
}
