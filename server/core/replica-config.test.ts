import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, describeConfig, loadConfig, PROJECT_ROOT } from './config';

/** Read replicas in the configuration: `DATABASE_REPLICA_URL`, wp-config's `DB_REPLICA_HOST`, `REPLICA_MAX_LAG_S`. */
const PRIMARY = 'mysql://app:s%3Acret@db-primary:3306/site?charset=utf8mb4';
const account = { user: 'app', password: 's:cret', database: 'site', charset: 'utf8mb4', collate: '' };

const tmp = mkdtempSync(path.join(tmpdir(), 'replica-config-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The fixture wp-config.php with `DB_REPLICA_HOST` defined before the settings are read. */
function wpConfigWithReplicas(hosts: string): string {
  const source = readFileSync(path.join(PROJECT_ROOT, 'legacy-fixtures', 'wp-config.php'), 'utf8');
  const file = path.join(tmp, `wp-config-${hosts.length}.php`);
  writeFileSync(file, source.replace(/^(define\('DB_HOST', .*)$/m, `$1\ndefine('DB_REPLICA_HOST', '${hosts}');`));
  return file;
}

describe('loadConfig: read replicas', () => {
  it('has none unless configured, and a 5 s lag limit', () => {
    const config = loadConfig({ DATABASE_URL: PRIMARY });
    expect(config.replicas).toStrictEqual([]);
    expect(config.replicaMaxLagS).toBe(5);
  });

  it('reads several replica URLs, taking the account and database they leave out from the primary', () => {
    const config = loadConfig({
      DATABASE_URL: PRIMARY,
      DATABASE_REPLICA_URL: 'mysql://db-replica-1:3307 , mysql://reader:pw@db-replica-2/site_copy,',
      REPLICA_MAX_LAG_S: '2',
    });
    expect(config.replicas).toStrictEqual([
      { engine: 'mysql', host: 'db-replica-1', port: 3307, ...account },
      {
        engine: 'mysql',
        host: 'db-replica-2',
        port: 3306,
        ...account,
        user: 'reader',
        password: 'pw',
        database: 'site_copy',
      },
    ]);
    expect(config.replicaMaxLagS).toBe(2);
    expect(describeConfig(config)).toMatchObject({
      replicas: ['db-replica-1:3307', 'db-replica-2:3306'],
      replicaMaxLag: '2 s',
    });
  });

  it("reads wp-config.php's DB_REPLICA_HOST as DB_HOST is read, with the site's account", () => {
    const config = loadConfig({ WP_CONFIG: wpConfigWithReplicas('10.0.0.7, replica.internal:3307') });
    const shared = { user: 'root', password: '', database: 'wp_legacy', charset: 'utf8mb4', collate: '' };
    expect(config.replicas).toStrictEqual([
      { engine: 'mysql', host: '10.0.0.7', port: 3306, ...shared },
      { engine: 'mysql', host: 'replica.internal', port: 3307, ...shared },
    ]);
    // DATABASE_REPLICA_URL, when set, wins over the file.
    const overridden = loadConfig({
      WP_CONFIG: wpConfigWithReplicas('10.0.0.7'),
      DATABASE_REPLICA_URL: 'mysql://10.0.0.9',
    });
    expect(overridden.replicas.map((r) => r.host)).toStrictEqual(['10.0.0.9']);
  });

  const refused: [Record<string, string>, RegExp][] = [
    [{ DATABASE_REPLICA_URL: 'mysql://r1' }, /DATABASE_REPLICA_URL needs DATABASE_URL or WP_CONFIG/],
    [{ DATABASE_URL: 'sqlite:///tmp/x.sqlite', DATABASE_REPLICA_URL: 'mysql://r1' }, /needs a MySQL primary/],
    [
      { DATABASE_URL: PRIMARY, DATABASE_REPLICA_URL: 'postgres://r1/site' },
      /DATABASE_REPLICA_URL must start with mysql:\/\//,
    ],
    [{ DATABASE_URL: PRIMARY, DATABASE_REPLICA_URL: 'r1:3306' }, /DATABASE_REPLICA_URL must start with mysql:\/\//],
    [{ DATABASE_URL: PRIMARY, DATABASE_REPLICA_URL: '::' }, /is not a URL/],
    [{ DATABASE_URL: PRIMARY, REPLICA_MAX_LAG_S: '0' }, /REPLICA_MAX_LAG_S must be a number of seconds/],
    [{ DATABASE_URL: PRIMARY, REPLICA_MAX_LAG_S: '1.5' }, /REPLICA_MAX_LAG_S must be a number of seconds/],
  ];
  it.each(refused)('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
