import { type ChildProcess, spawn } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * Debian's nginx as a child process owned by a test: a main configuration of our own (no daemon,
 * every path it writes in a temporary folder, so it runs without root and beside a system nginx)
 * that includes the site configuration under test as nginx would include it from sites-enabled.
 */

export const NGINX_BINARY = '/usr/sbin/nginx';

export interface RunningNginx {
  baseUrl: string;
  /** The folder nginx runs in (error log, temp paths, the rendered site). */
  dir: string;
  stop(): Promise<void>;
}

/** Fills a site template's `@NAME@` placeholders, refusing to leave any unfilled. */
export function renderSiteConfig(template: string, values: Record<string, string>): string {
  const rendered = template.replace(/@([A-Z_]+)@/g, (whole, name: string) => values[name] ?? whole);
  const left = rendered.match(/@[A-Z_]+@/g);
  if (left) throw new Error(`placeholders left unfilled: ${[...new Set(left)].join(', ')}`);
  return rendered;
}

/**
 * Starts nginx with `site` (a rendered site configuration) and waits until each of `ports` accepts
 * connections (the first is `baseUrl`'s). `files` are written beside the configuration (snippets the
 * site includes by relative path), as is Debian's own `fastcgi_params`, where a relative
 * `include fastcgi_params;` finds it as in /etc/nginx.
 */
export async function startNginx(options: {
  site: string;
  ports: readonly number[];
  files?: Record<string, string>;
  dir?: string;
}): Promise<RunningNginx> {
  const dir = options.dir ?? mkdtempSync(path.join(os.tmpdir(), 'nginx-'));
  // Workers of a root master run as another user: they must be able to read the folder.
  chmodSync(dir, 0o755);
  copyFileSync('/etc/nginx/fastcgi_params', path.join(dir, 'fastcgi_params'));
  writeFileSync(path.join(dir, 'site.conf'), options.site);
  for (const [name, text] of Object.entries(options.files ?? {})) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  const runningAsRoot = process.getuid?.() === 0;
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'daemon off;',
      runningAsRoot ? 'user nobody nogroup;' : '',
      'worker_processes 1;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 256; }',
      'http {',
      `  access_log ${dir}/access.log;`,
      `  client_body_temp_path ${dir}/client_body;`,
      `  proxy_temp_path ${dir}/proxy;`,
      `  fastcgi_temp_path ${dir}/fastcgi;`,
      `  uwsgi_temp_path ${dir}/uwsgi;`,
      `  scgi_temp_path ${dir}/scgi;`,
      `  include ${dir}/site.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn(
    NGINX_BINARY,
    ['-c', path.join(dir, 'nginx.conf'), '-p', dir, '-e', path.join(dir, 'error.log')],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    for (const port of options.ports) await waitForPort(port, child);
  } catch (err) {
    child.kill('SIGKILL');
    const log = existsSync(path.join(dir, 'error.log')) ? readFileSync(path.join(dir, 'error.log'), 'utf8') : '';
    throw new Error(`nginx did not start: ${(err as Error).message}\n${stderr}\n${log}`);
  }
  return {
    baseUrl: `http://127.0.0.1:${options.ports[0]}`,
    dir,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForPort(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`it exited with code ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nothing listened on port ${port} within 10 s`);
}
