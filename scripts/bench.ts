import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createApp } from '../server/app';
import { boot } from '../server/boot';
import { loadConfig } from '../server/config';
import { createLogger } from '../server/logger';
import { getRawMeta } from '../server/wp/meta';
import { serialize, unserialize } from '../server/wp/php-serialize';

/**
 * `npm run bench`: speed and memory of the hot paths, measured here and never asserted in tests.
 * Runs the real app on a fresh embedded database in a temporary folder.
 */
const dir = mkdtempSync(path.join(os.tmpdir(), 'dropin-bench-'));
const config = loadConfig({ SQLITE_FILE: path.join(dir, 'bench.sqlite'), LOG_LEVEL: 'silent' });
const deps = await boot(config, createLogger({ level: 'silent' }));
const server = createApp(deps).listen(0, '127.0.0.1');
await new Promise((r) => server.once('listening', r));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

async function load(name: string, total: number, concurrency: number, request: () => Promise<Response>) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < total) {
        const t = performance.now();
        const r = await request();
        await r.arrayBuffer();
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]!.toFixed(2);
  console.log(
    `${name.padEnd(44)} ${(total / seconds).toFixed(0).padStart(6)} req/s  p50 ${pct(0.5)} ms  p99 ${pct(0.99)} ms`,
  );
}

function micro(name: string, iterations: number, fn: () => void) {
  const started = performance.now();
  for (let i = 0; i < iterations; i++) fn();
  const us = ((performance.now() - started) * 1000) / iterations;
  console.log(`${name.padEnd(44)} ${us.toFixed(1).padStart(6)} µs/op`);
}

const form = { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' };
await load('admin-ajax unknown action (0/400)', 3000, 16, () =>
  fetch(`${base}/wp-admin/admin-ajax.php`, {
    method: 'POST',
    headers: form,
    body: 'action=tourmaster_nope&data[tour-id]=4',
  }),
);
await load('admin-ajax without action', 3000, 16, () => fetch(`${base}/wp-admin/admin-ajax.php`, { method: 'POST' }));
await load('GET /healthz', 3000, 16, () => fetch(`${base}/healthz`));

const tourOption = (await getRawMeta(deps.wp, 'post', 8, 'tourmaster-tour-option'))!;
const parsed = unserialize(tourOption);
micro(`unserialize tour option (${tourOption.length} bytes)`, 2000, () => unserialize(tourOption));
micro('serialize tour option', 2000, () => serialize(parsed));

const mem = process.memoryUsage();
console.log(`memory: rss ${(mem.rss / 1048576).toFixed(1)} MB, heap used ${(mem.heapUsed / 1048576).toFixed(1)} MB`);
server.close();
await deps.db.close();
rmSync(dir, { recursive: true, force: true });
