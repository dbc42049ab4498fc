import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

/**
 * The bench's load generators. wrk (Debian's `wrk`) when it is installed: written in C, it leaves
 * the two cores to the server and MariaDB, which autocannon (Node, in this process) shares with
 * them; autocannon otherwise, or when BENCH_LOAD=autocannon.
 */
export interface LoadRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** Other paths on the same origin, taken in turn (a GET only). */
  paths?: readonly string[];
}

export interface LoadResult {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

export type LoadGenerator = 'wrk' | 'autocannon';

export function chooseLoadGenerator(): LoadGenerator {
  const asked = process.env.BENCH_LOAD;
  if (asked === 'autocannon') return 'autocannon';
  let hasWrk = false;
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    hasWrk = true;
  } catch (err) {
    // wrk prints its usage and exits 1 for --version: it is there unless the spawn failed.
    hasWrk = (err as NodeJS.ErrnoException).code !== 'ENOENT';
  }
  if (asked === 'wrk' && !hasWrk) throw new Error('BENCH_LOAD=wrk but wrk is not installed (apt-get install wrk)');
  return hasWrk ? 'wrk' : 'autocannon';
}

export function runLoad(
  generator: LoadGenerator,
  request: LoadRequest,
  options: { connections: number; seconds: number },
): Promise<LoadResult> {
  return generator === 'wrk' ? runWrk(request, options) : runAutocannon(request, options);
}

async function runAutocannon(
  request: LoadRequest,
  options: { connections: number; seconds: number },
): Promise<LoadResult> {
  const result = await autocannon({
    url: request.url,
    method: request.method,
    headers: request.headers,
    ...(request.body !== undefined ? { body: request.body } : {}),
    ...(request.paths ? { requests: request.paths.map((p) => ({ path: p, method: 'GET' as const })) } : {}),
    connections: options.connections,
    duration: options.seconds,
  });
  return {
    requests: result.requests.total,
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function runWrk(request: LoadRequest, options: { connections: number; seconds: number }): Promise<LoadResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-wrk-'));
  try {
    const script = path.join(dir, 'request.lua');
    const status = path.join(dir, 'status.txt');
    writeFileSync(script, wrkScript(request, status));
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn(
        'wrk',
        ['-t1', `-c${options.connections}`, `-d${options.seconds}s`, '--latency', '-s', script, request.url],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      let text = '';
      child.stdout.on('data', (d) => {
        text += d;
      });
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited with ${code}: ${text}`))));
    });
    return parseWrk(out, readFileSync(status, 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A Lua string literal. */
const lua = (text: string) => `"${text.replace(/[\\"]/g, '\\$&').replace(/\n/g, '\\n')}"`;

/** wrk's script: the method, headers and body, the paths in turn, and a count of non-2xx answers. */
function wrkScript(request: LoadRequest, statusFile: string): string {
  const lines = [`wrk.method = ${lua(request.method)}`];
  for (const [name, value] of Object.entries(request.headers)) lines.push(`wrk.headers[${lua(name)}] = ${lua(value)}`);
  if (request.body !== undefined) lines.push(`wrk.body = ${lua(request.body)}`);
  if (request.paths?.length) {
    lines.push(`local paths = { ${request.paths.map(lua).join(', ')} }`, 'local at = 0');
    lines.push('request = function() at = at % #paths + 1; return wrk.format(nil, paths[at]) end');
  }
  // Each thread counts its own; `done` runs once, after the threads, with the threads' tables.
  lines.push(
    'local threads = {}',
    'setup = function(thread) table.insert(threads, thread) end',
    'init = function() bad = 0 end',
    'response = function(status) if status < 200 or status > 299 then bad = bad + 1 end end',
    'done = function()',
    '  local n = 0',
    '  for _, t in ipairs(threads) do n = n + t:get("bad") end',
    `  local f = io.open(${lua(statusFile)}, "w")`,
    '  f:write(n)',
    '  f:close()',
    'end',
  );
  return `${lines.join('\n')}\n`;
}

function parseWrk(out: string, bad: string): LoadResult {
  const number = (re: RegExp) => Number(re.exec(out)?.[1] ?? Number.NaN);
  const ms = (re: RegExp) => {
    const m = re.exec(out);
    if (!m) return Number.NaN;
    const value = Number(m[1]);
    return m[2] === 'us' ? value / 1000 : m[2] === 's' ? value * 1000 : value;
  };
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    requests: number(/(\d+) requests in/),
    perSecond: number(/Requests\/sec:\s+([\d.]+)/),
    p50: ms(/ 50%\s+([\d.]+)(us|ms|s)/),
    p99: ms(/ 99%\s+([\d.]+)(us|ms|s)/),
    errors: Number(bad) + (socketErrors ? socketErrors.slice(1).reduce((a, b) => a + Number(b), 0) : 0),
  };
}
