import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import type { Database } from '../data/db';
import { loadFixtureSiteInto } from './fixture-site';
import { freeLoopbackPorts, openLoopbackRoot } from './loopback-mariadb';

const MARIADBD = '/usr/sbin/mariadbd';
const GALERA = '/usr/lib/galera/libgalera_smm.so';
const START_TIMEOUT_MS = 120_000;

/**
 * A MariaDB Galera cluster of the test's own on loopback: each node its own data directory under
 * /tmp and its own ports (SQL, group communication, IST, rsync SST), all picked at random in
 * 20000-40000. Node 1 bootstraps the cluster; the others join it by state transfer (rsync).
 */
export interface GaleraCluster {
  readonly nodes: readonly GaleraNode[];
  /** Creates `database` on node 1, loads the fixture site into it and migrates it; every node has it after. */
  loadFixtureSite(database: string): Promise<void>;
  /** Stops every node (SIGKILL) and deletes the data directories. */
  destroy(): Promise<void>;
}

export interface GaleraNode {
  readonly port: number;
  /** DATABASE_URL of one database on this node. */
  url(database: string): string;
  /** One connection to `database` on this node. */
  open(database: string): Database;
}

/** Why a cluster cannot be started on this machine, or undefined when it can. */
export function galeraUnavailable(): string | undefined {
  if (!existsSync(MARIADBD)) return `no MariaDB server at ${MARIADBD}`;
  if (!existsSync(GALERA)) return `no Galera provider at ${GALERA} (Debian package galera-4)`;
  for (const tool of ['rsync', 'wsrep_sst_rsync', 'mariadb-install-db']) {
    if (!onPath(tool)) return `no ${tool} on the PATH (Debian packages rsync, mariadb-server)`;
  }
  if (process.getuid?.() === 0 && !/^mysql:/m.test(readFileSync('/etc/passwd', 'utf8'))) {
    return 'running as root without a mysql user (the rsync state transfer cannot run as root)';
  }
  return undefined;
}

function onPath(tool: string): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && existsSync(path.join(dir, tool)));
}

interface NodePorts {
  sql: number;
  gcomm: number;
  ist: number;
  sst: number;
}

export async function startGaleraCluster(size = 3): Promise<GaleraCluster> {
  const reason = galeraUnavailable();
  if (reason) throw new Error(`cannot start a Galera cluster: ${reason}`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tm-galera-'));
  const ports = await freeLoopbackPorts(size * 4);
  const nodePorts = Array.from({ length: size }, (_, i): NodePorts => {
    const [sql, gcomm, ist, sst] = ports.slice(i * 4, i * 4 + 4) as [number, number, number, number];
    return { sql, gcomm, ist, sst };
  });
  const processes = nodeProcesses(dir);
  try {
    // One after the other: two installs at once have failed on each other's temporary tables.
    for (let i = 0; i < size; i++) await installDatadir(path.join(dir, `n${i + 1}`));
    const gcomm = `gcomm://${nodePorts.map((p) => `127.0.0.1:${p.gcomm}`).join(',')}`;
    // Node 1 bootstraps a cluster of one; each joiner, started once the one before is synced, takes
    // its state transfer from a synced node and makes the cluster one larger.
    for (let i = 0; i < size; i++) {
      const node = processes.spawn(spawnNode(path.join(dir, `n${i + 1}`), nodePorts[i]!, gcomm, i === 0));
      await waitSynced(node, nodePorts[i]!.sql, i + 1);
    }
  } catch (err) {
    await processes.destroy().catch(() => {});
    throw err;
  }
  return {
    nodes: nodePorts.map((p) => ({
      port: p.sql,
      url: (database) => `mysql://root:@127.0.0.1:${p.sql}/${database}`,
      open: (database) => openLoopbackRoot(p.sql, database),
    })),
    loadFixtureSite: (database) => loadFixtureSiteInto((db) => openLoopbackRoot(nodePorts[0]!.sql, db), database),
    destroy: processes.destroy,
  };
}

interface NodeProcess {
  child: ChildProcess;
  /** What it printed on stderr so far. */
  log(): string;
}

/** The nodes' processes and their directory: killed and deleted by `destroy`, or when the test process exits. */
function nodeProcesses(dir: string) {
  const children: ChildProcess[] = [];
  const running = (c: ChildProcess) => c.exitCode === null && c.signalCode === null;
  const killAll = () => {
    for (const c of children) if (running(c)) c.kill('SIGKILL');
  };
  // Whatever ends the test run, no node outlives it and no data directory is left.
  const onExit = () => {
    killAll();
    rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
  };
  process.once('exit', onExit);
  return {
    spawn(child: ChildProcess): NodeProcess {
      let log = '';
      child.stderr!.on('data', (d) => (log += d));
      children.push(child);
      return { child, log: () => log };
    },
    async destroy() {
      const exits = children.filter(running).map((c) => new Promise((resolve) => c.once('exit', resolve)));
      killAll();
      await Promise.all(exits);
      process.removeListener('exit', onExit);
      rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
    },
  };
}

/** A fresh data directory; as root, owned by the mysql user that the server and its rsync daemon run as. */
async function installDatadir(nodeDir: string): Promise<void> {
  mkdirSync(path.join(nodeDir, 'tmp'), { recursive: true });
  await promisify(execFile)('mariadb-install-db', [
    '--no-defaults',
    `--datadir=${path.join(nodeDir, 'data')}`,
    `--tmpdir=${path.join(nodeDir, 'tmp')}`,
    '--auth-root-authentication-method=normal',
    '--skip-test-db',
  ]);
  if (process.getuid?.() === 0) {
    // rsync's daemon, started as root, would drop to `nobody` and be refused the data directory.
    chmodSync(path.dirname(nodeDir), 0o755);
    await promisify(execFile)('chown', ['-R', 'mysql:mysql', nodeDir]);
  }
}

function spawnNode(nodeDir: string, p: NodePorts, gcomm: string, bootstrap: boolean): ChildProcess {
  return spawn(
    MARIADBD,
    [
      '--no-defaults',
      ...(process.getuid?.() === 0 ? ['--user=mysql'] : []),
      `--datadir=${path.join(nodeDir, 'data')}`,
      // Its temporary files apart from those of every other server on the machine.
      `--tmpdir=${path.join(nodeDir, 'tmp')}`,
      `--socket=${path.join(nodeDir, 'sock')}`,
      `--pid-file=${path.join(nodeDir, 'mariadbd.pid')}`,
      `--port=${p.sql}`,
      '--bind-address=127.0.0.1',
      '--innodb-buffer-pool-size=32M',
      '--innodb-log-file-size=16M',
      // What Galera requires of every node.
      '--binlog-format=ROW',
      '--innodb-autoinc-lock-mode=2',
      '--wsrep-on=ON',
      `--wsrep-provider=${GALERA}`,
      `--wsrep-cluster-address=${gcomm}`,
      `--wsrep-node-address=127.0.0.1:${p.gcomm}`,
      `--wsrep-node-incoming-address=127.0.0.1:${p.sql}`,
      `--wsrep-provider-options=base_port=${p.gcomm};ist.recv_addr=127.0.0.1:${p.ist};gcache.size=64M`,
      '--wsrep-sst-method=rsync',
      `--wsrep-sst-receive-address=127.0.0.1:${p.sst}`,
      ...(bootstrap ? ['--wsrep-new-cluster'] : []),
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
}

/** Until the node answers, is in a cluster of `size` nodes or more, and is synced with it. */
async function waitSynced(node: NodeProcess, port: number, size: number): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let last = 'no answer yet';
  for (; ; await sleep(250)) {
    const { child } = node;
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`a Galera node exited at start:\n${node.log()}`);
    if (Date.now() > deadline) throw new Error(`Galera node on ${port} not synced: ${last}\n${node.log()}`);
    // Not a database connection before the port is open: the driver would log every refusal.
    if (!(await accepts(port))) continue;
    const probe = openLoopbackRoot(port, '');
    try {
      const [rows] = (await probe.knex.raw(
        "SHOW STATUS WHERE Variable_name IN ('wsrep_local_state_comment', 'wsrep_cluster_size', 'wsrep_ready')",
      )) as [{ Variable_name: string; Value: string }[]];
      const status = Object.fromEntries(rows.map((r) => [r.Variable_name, r.Value]));
      last = JSON.stringify(status);
      const synced = status.wsrep_local_state_comment === 'Synced' && status.wsrep_ready === 'ON';
      if (synced && Number(status.wsrep_cluster_size) >= size) return;
    } catch (err) {
      last = (err as Error).message;
    } finally {
      await probe.close();
    }
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
