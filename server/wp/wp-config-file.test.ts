import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ParseWpConfigOptions, WpConfigFile, WpConstantValue, WpSiteSettings } from './wp-config-file';
import { parseWpConfig, WP_SECRET_NAMES, WpConfigError, wpSiteSettings } from './wp-config-file';

const LEGACY = readFileSync(new URL('../../legacy-fixtures/wp-config.php', import.meta.url), 'utf8');

const LEGACY_SECRETS = {
  AUTH_KEY: '*i.r_xnyK!ve#E<*IDgo(A+ZvA.FQ4~qgT{^H+&;8&xTC%gxyZ~z<(Z5=e]0UAX>',
  SECURE_AUTH_KEY: 'eo}w1GS[)U![oqk/Wl65>!~_3Pcg=j6V?tgQ;^{qKWgn}9=Rujr;>#0T.]qzl{&3',
  LOGGED_IN_KEY: 'L!K@(E&DR?73GEp#M];Tl_,%|;fZ40FK?89ju]xK4NsH)Nr4W4:O8R~L=J}B|4j5',
  NONCE_KEY: '6c#s*A?kru@4Blf{O=yuOu<[{=%.Qa(.oc{uI9o{[&DE9=!sKhw2BL01+NE<ZtDn',
  AUTH_SALT: 'l1|KW|sj{@4;2|y!08!Vp]X=UZn|*mX0^yygwxsIL;rm+4zvnlOmu>SOec+)xEKs',
  SECURE_AUTH_SALT: 'N~&x,SzEUe6-H2lXBgp]/SdjmO3V5m2DTZ7nA56)GeWs|MoZm::pE,IwKVy=f.;Q',
  LOGGED_IN_SALT: 'F!8kv0r8K48F?)eR??n/.eZK<B)Z8:{wi?CgYC48!|~?64imgqAueR!_C)fTE)bm',
  NONCE_SALT: '{{GziTa(>hAZieA5??|G,s)J~HaZ==n.%y}_s8l6].k.N4D^~;>PG:^AE:ntj2lE',
};

// The shape of WordPress 6.x's stock wp-config-sample.php, filled in.
const SAMPLE = `<?php
/**
 * The base configuration for WordPress
 *
 * The wp-config.php creation script uses this file during the installation.
 * You don't have to use the website, you can copy this file to "wp-config.php"
 * and fill in the values.
 *
 * This file contains the following configurations:
 *
 * * Database settings
 * * Secret keys
 * * Database table prefix
 * * ABSPATH
 *
 * @link https://wordpress.org/documentation/article/editing-wp-config-php/
 *
 * @package WordPress
 */

// ** Database settings - You can get this info from your web host ** //
/** The name of the database for WordPress */
define( 'DB_NAME', 'database_name_here' );

/** Database username */
define( 'DB_USER', 'username_here' );

/** Database password */
define( 'DB_PASSWORD', 'password_here' );

/** Database hostname */
define( 'DB_HOST', 'localhost' );

/** Database charset to use in creating database tables. */
define( 'DB_CHARSET', 'utf8' );

/** The database collate type. Don't change this if in doubt. */
define( 'DB_COLLATE', '' );

/**#@+
 * Authentication unique keys and salts.
 *
 * Change these to different unique phrases! You can generate these using
 * the {@link https://api.wordpress.org/secret-key/1.1/salt/ WordPress.org secret-key service}.
 *
 * You can change these at any point in time to invalidate all existing cookies.
 * This will force all users to have to log in again.
 *
 * @since 2.6.0
 */
define( 'AUTH_KEY',         'put your unique phrase here' );
define( 'SECURE_AUTH_KEY',  'put your unique phrase here' );
define( 'LOGGED_IN_KEY',    'put your unique phrase here' );
define( 'NONCE_KEY',        'put your unique phrase here' );
define( 'AUTH_SALT',        'put your unique phrase here' );
define( 'SECURE_AUTH_SALT', 'put your unique phrase here' );
define( 'LOGGED_IN_SALT',   'put your unique phrase here' );
define( 'NONCE_SALT',       'put your unique phrase here' );

/**#@-*/

/**
 * WordPress database table prefix.
 *
 * You can have multiple installations in one database if you give each
 * a unique prefix. Only numbers, letters, and underscores please!
 */
$table_prefix = 'wp_';

/**
 * For developers: WordPress debugging mode.
 *
 * Change this to true to enable the display of notices during development.
 * It is strongly recommended that plugin and theme developers use WP_DEBUG
 * in their development environments.
 *
 * @link https://wordpress.org/documentation/article/debugging-in-wordpress/
 */
define( 'WP_DEBUG', false );

/* Add any custom values between this line and the "stop editing" line. */



/* That's all, stop editing! Happy publishing. */

/** Absolute path to the WordPress directory. */
if ( ! defined( 'ABSPATH' ) ) {
	define( 'ABSPATH', __DIR__ . '/' );
}

/** Sets up WordPress vars and included files. */
require_once ABSPATH . 'wp-settings.php';
`;

// The official WordPress Docker image's wp-config-docker.php.
const DOCKER = String.raw`<?php
/**
 * The base configuration for WordPress
 *
 * This has been slightly modified (to read environment variables) for use in Docker.
 *
 * @package WordPress
 */

// IMPORTANT: this file needs to stay in-sync with https://github.com/WordPress/WordPress/blob/master/wp-config-sample.php
// (it gets parsed by the upstream wizard in https://github.com/WordPress/WordPress/blob/f27cb65e1ef25d11b535695a660e7282b98eb742/wp-admin/setup-config.php#L356-L392)

// a helper function to lookup "env_FILE", "env", then fallback
if (!function_exists('getenv_docker')) {
	// https://github.com/docker-library/wordpress/issues/588 (WP-CLI will load this file 2x)
	function getenv_docker($env, $default) {
		if ($fileEnv = getenv($env . '_FILE')) {
			return rtrim(file_get_contents($fileEnv), "\r\n");
		}
		else if (($val = getenv($env)) !== false) {
			return $val;
		}
		else {
			return $default;
		}
	}
}

// ** Database settings - You can get this info from your web host ** //
/** The name of the database for WordPress */
define( 'DB_NAME', getenv_docker('WORDPRESS_DB_NAME', 'wordpress') );

/** Database username */
define( 'DB_USER', getenv_docker('WORDPRESS_DB_USER', 'example username') );

/** Database password */
define( 'DB_PASSWORD', getenv_docker('WORDPRESS_DB_PASSWORD', 'example password') );

/** Database hostname */
define( 'DB_HOST', getenv_docker('WORDPRESS_DB_HOST', 'mysql') . ':' . getenv_docker('WORDPRESS_DB_PORT', '3306'));

/** Database charset to use in creating database tables. */
define( 'DB_CHARSET', getenv_docker('WORDPRESS_DB_CHARSET', 'utf8') );

/** The database collate type. Don't change this if in doubt. */
define( 'DB_COLLATE', getenv_docker('WORDPRESS_DB_COLLATE', '') );

/**#@+
 * Authentication unique keys and salts.
 *
 * @since 2.6.0
 */
define( 'AUTH_KEY',         getenv_docker('WORDPRESS_AUTH_KEY',         'put your unique phrase here') );
define( 'SECURE_AUTH_KEY',  getenv_docker('WORDPRESS_SECURE_AUTH_KEY',  'put your unique phrase here') );
define( 'LOGGED_IN_KEY',    getenv_docker('WORDPRESS_LOGGED_IN_KEY',    'put your unique phrase here') );
define( 'NONCE_KEY',        getenv_docker('WORDPRESS_NONCE_KEY',        'put your unique phrase here') );
define( 'AUTH_SALT',        getenv_docker('WORDPRESS_AUTH_SALT',        'put your unique phrase here') );
define( 'SECURE_AUTH_SALT', getenv_docker('WORDPRESS_SECURE_AUTH_SALT', 'put your unique phrase here') );
define( 'LOGGED_IN_SALT',   getenv_docker('WORDPRESS_LOGGED_IN_SALT',   'put your unique phrase here') );
define( 'NONCE_SALT',       getenv_docker('WORDPRESS_NONCE_SALT',       'put your unique phrase here') );
// (See also https://wordpress.stackexchange.com/a/152905/199287)

/**#@-*/

/**
 * WordPress database table prefix.
 */
$table_prefix = getenv_docker('WORDPRESS_TABLE_PREFIX', 'wp_');

/**
 * For developers: WordPress debugging mode.
 */
define( 'WP_DEBUG', !!getenv_docker('WORDPRESS_DEBUG', '') );

/* Add any custom values between this line and the "stop editing" line. */

// If we're behind a proxy server and using HTTPS, we need to alert WordPress of that fact
// see also https://wordpress.org/support/article/administration-over-ssl/#using-a-reverse-proxy
if (isset($_SERVER['HTTP_X_FORWARDED_PROTO']) && strpos($_SERVER['HTTP_X_FORWARDED_PROTO'], 'https') !== false) {
	$_SERVER['HTTPS'] = 'on';
}
// (we include this by default because reverse proxying is extremely common in container environments)

if ($configExtra = getenv_docker('WORDPRESS_CONFIG_EXTRA', '')) {
	eval($configExtra);
}

/* That's all, stop editing! Happy publishing. */

/** Absolute path to the WordPress directory. */
if ( ! defined( 'ABSPATH' ) ) {
	define( 'ABSPATH', __DIR__ . '/' );
}

/** Sets up WordPress vars and included files. */
require_once ABSPATH . 'wp-settings.php';
`;

/** 1-based line of the first occurrence of `needle`. */
function lineOf(source: string, needle: string): number {
  const at = source.indexOf(needle);
  if (at < 0) throw new Error(`${needle} not in source`);
  return source.slice(0, at).split('\n').length;
}

/** A PHP file whose first body line is line 2. */
const php = (body: string) => `<?php\n${body.replace(/^\n/, '')}\n`;

describe('parseWpConfig', () => {
  it('reads the legacy fixture site', () => {
    const file = parseWpConfig(LEGACY);
    expect(file.constants).toStrictEqual({
      DB_NAME: 'wp_legacy',
      DB_USER: 'root',
      DB_PASSWORD: '',
      DB_HOST: '127.0.0.1:3306',
      DB_CHARSET: 'utf8mb4',
      DB_COLLATE: '',
      ...LEGACY_SECRETS,
    });
    expect(file.tablePrefix).toBe('wp_');
    expect(file.unsupported).toStrictEqual([]);
  });

  interface Case {
    name: string;
    source: string;
    opts?: ParseWpConfigOptions;
    constants?: Record<string, WpConstantValue>;
    absent?: string[];
    tablePrefix?: string | undefined;
    unsupported?: WpConfigFile['unsupported'];
  }

  const cases: Case[] = [
    {
      name: 'the stock wp-config-sample.php shape',
      source: SAMPLE,
      constants: {
        DB_NAME: 'database_name_here',
        DB_USER: 'username_here',
        DB_PASSWORD: 'password_here',
        DB_HOST: 'localhost',
        DB_CHARSET: 'utf8',
        DB_COLLATE: '',
        AUTH_KEY: 'put your unique phrase here',
        NONCE_SALT: 'put your unique phrase here',
        WP_DEBUG: false,
      },
      tablePrefix: 'wp_',
      unsupported: [{ name: 'ABSPATH', line: lineOf(SAMPLE, "define( 'ABSPATH'") }],
    },
    {
      name: 'the Docker image wp-config-docker.php with no environment (its defaults)',
      source: DOCKER,
      constants: {
        DB_NAME: 'wordpress',
        DB_USER: 'example username',
        DB_PASSWORD: 'example password',
        DB_HOST: 'mysql:3306',
        DB_CHARSET: 'utf8',
        DB_COLLATE: '',
        AUTH_KEY: 'put your unique phrase here',
        NONCE_SALT: 'put your unique phrase here',
        WP_DEBUG: false,
      },
      tablePrefix: 'wp_',
      unsupported: [{ name: 'ABSPATH', line: lineOf(DOCKER, "define( 'ABSPATH'") }],
    },
    {
      name: 'the Docker image wp-config-docker.php with its environment and a _FILE secret',
      source: DOCKER,
      opts: {
        env: {
          WORDPRESS_DB_HOST: 'db',
          WORDPRESS_DB_PORT: '3307',
          WORDPRESS_DB_NAME: 'tours',
          WORDPRESS_DB_USER: 'tm',
          WORDPRESS_DB_PASSWORD: 'not used: the _FILE variant wins',
          WORDPRESS_DB_PASSWORD_FILE: '/run/secrets/db_password',
          WORDPRESS_DB_COLLATE: '',
          WORDPRESS_AUTH_KEY: String.raw`k'e"y\$`,
          WORDPRESS_TABLE_PREFIX: 'tm_',
          WORDPRESS_DEBUG: '1',
        },
        readFile: (path) => {
          if (path !== '/run/secrets/db_password') throw new Error(`unexpected read of ${path}`);
          return ' s3cret pass\r\n\n';
        },
      },
      constants: {
        DB_NAME: 'tours',
        DB_USER: 'tm',
        DB_PASSWORD: ' s3cret pass',
        DB_HOST: 'db:3307',
        DB_CHARSET: 'utf8',
        DB_COLLATE: '',
        AUTH_KEY: String.raw`k'e"y\$`,
        SECURE_AUTH_KEY: 'put your unique phrase here',
        WP_DEBUG: true,
      },
      tablePrefix: 'tm_',
    },
    {
      name: 'define forms: quotes, spacing, newlines, third argument, scalars',
      source: php(String.raw`
define( 'A', 'a' );
define("B", "b");
define (
    'C' ,
    'c'
) ;
define('D', 'd', true);
define('WP_DEBUG', false);
define('E', 42);
define('F', -7);
define('G', null);
define('H', TRUE);
define('I', 0x1F);
define('J', 1_000);
define('K', 1.5);
DEFINE('L', 'l');
\define('M', 'm');
@define('N', 'n');
const O = 'o', P = O . 'p';
define('Q', Q_UNDEFINED_BEFORE ?? 'q');`),
      constants: {
        A: 'a',
        B: 'b',
        C: 'c',
        D: 'd',
        WP_DEBUG: false,
        E: 42,
        F: -7,
        G: null,
        H: true,
        I: 31,
        J: 1000,
        K: 1.5,
        L: 'l',
        M: 'm',
        N: 'n',
        O: 'o',
        P: 'op',
      },
      unsupported: [{ name: 'Q', line: 21 }],
    },
    {
      name: "single-quoted strings: only \\' and \\\\ are escapes",
      source: php(String.raw`
define('A', 'it\'s');
define('B', 'a\\b');
define('C', 'C:\temp\new\x41');
define('D', '\\\'');
define('E', 'no $interpolation {$here}');
define('F', 'line one
line two');`),
      constants: {
        A: "it's",
        B: String.raw`a\b`,
        C: String.raw`C:\temp\new\x41`,
        D: String.raw`\'`,
        E: 'no $interpolation {$here}',
        F: 'line one\nline two',
      },
    },
    {
      name: 'double-quoted escapes',
      source: php(String.raw`
define('A', "q\"b\\s");
define('B', "\n\t\r\v\e\f");
define('C', "\$x costs $ 5 {not interpolated}");
define('D', "\101\x41\x4a\u{e9}\u{1F600}");
define('E', "\0\400");
define('F', "\q\x\u keeps its backslash");
define('G', "\xC3\xA9");`),
      constants: {
        A: 'q"b\\s',
        B: '\n\t\r\v\x1b\f',
        C: '$x costs $ 5 {not interpolated}',
        D: 'AAJé😀',
        E: '\0\0',
        F: '\\q\\x\\u keeps its backslash',
        G: 'é',
      },
    },
    {
      name: 'double-quoted interpolation and non-UTF-8 bytes are unsupported',
      source: php(String.raw`
define('A', "a $var");
define('B', "a {$v["key"]} b");
define('C', "a ${'${'}v} b");
define('D', "\xff");
define('E', 'after');`),
      constants: { E: 'after' },
      absent: ['A', 'B', 'C', 'D'],
      unsupported: [
        { name: 'A', line: 2 },
        { name: 'B', line: 3 },
        { name: 'C', line: 4 },
        { name: 'D', line: 5 },
      ],
    },
    {
      name: 'keys containing //, #, /*, ?>, ; and ) stay strings',
      source: php(String.raw`
define('AUTH_KEY', 'a//b#c/*d?>e;f)g');
define("SECURE_AUTH_KEY", "x // y # z /* w ?> v */");
define('LOGGED_IN_KEY', '<?php define(\'DB_NAME\', \'evil\'); ?>');
define('NONCE_KEY', 'after');`),
      constants: {
        AUTH_KEY: 'a//b#c/*d?>e;f)g',
        SECURE_AUTH_KEY: 'x // y # z /* w ?> v */',
        LOGGED_IN_KEY: "<?php define('DB_NAME', 'evil'); ?>",
        NONCE_KEY: 'after',
      },
      absent: ['DB_NAME'],
    },
    {
      name: 'a define inside a comment is ignored',
      source: php(`
// define('DB_NAME', 'line comment');
# define('DB_NAME', 'hash comment');
/* define('DB_NAME', 'block comment'); */
/**
 * define('DB_NAME', 'doc comment');
 */
define( /* inline */ 'DB_NAME', // trailing
  'real' # another
);
/*define('DB_USER', 'commented out');*/`),
      constants: { DB_NAME: 'real' },
      absent: ['DB_USER'],
    },
    {
      name: 'a line comment ends at ?>, and inline HTML after it is not code',
      source: `<?php define('A', 'a'); // comment ?>
<p>define('B', 'html');</p>
<?php define('C', 'c') ?>
trailing html`,
      constants: { A: 'a', C: 'c' },
      absent: ['B'],
    },
    {
      name: 'a constant defined twice keeps the first value; $table_prefix keeps the last',
      source: php(`
define('DB_NAME', 'first');
define('DB_NAME', 'second');
$table_prefix = 'first_';
$table_prefix = 'second_';`),
      constants: { DB_NAME: 'first' },
      tablePrefix: 'second_',
    },
    {
      name: 'concatenation',
      source: php(`
define('DB_HOST', 'db' . ':3306');
define('A', "x" . 'y' . 1 . true . null . false . -2);
define('B', A . '/' . PHP_EOL);
$table_prefix = 'wp' . '_' . 'site2_';`),
      constants: { DB_HOST: 'db:3306', A: 'xy11-2', B: 'xy11-2/\n' },
      tablePrefix: 'wp_site2_',
    },
    {
      name: 'environment lookups',
      source: php(`
define('A', getenv('VAR'));
define('B', getenv("VAR"));
define('C', $_ENV['VAR']);
define('D', $_SERVER["VAR"]);
define('E', getenv('MISSING'));
define('F', getenv('MISSING') ?: 'default');
define('G', getenv('VAR') ?: 'default');
define('H', getenv('EMPTY') ?: 'default');
define('I', getenv('EMPTY'));
define('J', $_ENV['MISSING'] ?? 'fallback');
define('K', getenv_docker('MISSING', 'docker default'));
define('K2', getenv_docker('MISSING', null));
define('L', getenv_docker('EMPTY', 'docker default'));
define('M', getenv('PORT') ? (int) getenv('PORT') : 3306);
define('N', $_SERVER['HTTP_HOST'] ?? 'request dependent');
define('O', getenv('VAR') === 'value');
$table_prefix = getenv('PREFIX') ?: 'wp_';`),
      opts: { env: { VAR: 'value', EMPTY: '', PORT: '3307', PREFIX: undefined } },
      constants: {
        A: 'value',
        B: 'value',
        C: 'value',
        D: 'value',
        E: false,
        F: 'default',
        G: 'value',
        H: 'default',
        I: '',
        J: 'fallback',
        K: 'docker default',
        K2: null,
        L: '',
        M: 3307,
        O: true,
      },
      unsupported: [{ name: 'N', line: 16 }],
      tablePrefix: 'wp_',
    },
    {
      name: 'conditions that can be decided are followed; others make their defines unsupported',
      source: php(`
define('WP_DEBUG', false);
if ( ! defined( 'WP_DEBUG' ) ) { define( 'WP_DEBUG', true ); }
if (!defined('WP_CACHE')) define('WP_CACHE', true);
defined('WP_POST_REVISIONS') || define('WP_POST_REVISIONS', 5);
if (getenv('APP_ENV') === 'dev') {
  define('SCRIPT_DEBUG', true);
} elseif (getenv('APP_ENV') == 'staging') {
  define('SCRIPT_DEBUG', 'staging');
} else {
  define('SCRIPT_DEBUG', false);
}
if (getenv('APP_ENV') !== 'dev'):
  define('DISALLOW_FILE_EDIT', true);
else:
  define('DISALLOW_FILE_EDIT', false);
endif;
if (file_exists(__DIR__ . '/local-config.php')) {
  define('DB_PASSWORD', 'local');
} else {
  define('DB_PASSWORD', 'prod');
}
if (file_exists('x')) { $table_prefix = 'maybe_'; }`),
      opts: { env: { APP_ENV: 'dev' } },
      constants: {
        WP_DEBUG: false,
        WP_CACHE: true,
        WP_POST_REVISIONS: 5,
        SCRIPT_DEBUG: true,
        DISALLOW_FILE_EDIT: false,
      },
      absent: ['DB_PASSWORD'],
      unsupported: [
        { name: 'DB_PASSWORD', line: 19 },
        { name: '$table_prefix', line: 23 },
      ],
      tablePrefix: undefined,
    },
    {
      name: 'values that need PHP are unsupported, with their line',
      source: php(`
define('WP_CONTENT_DIR', __DIR__ . '/wp-content');
define('WP_HOME', 'https://' . $_SERVER['HTTP_HOST']);
define('FOO', foo());
define('BAR', $bar);
define('BAZ', UNDEFINED_CONSTANT);
define('OK', 'ok');`),
      constants: { OK: 'ok' },
      unsupported: [
        { name: 'WP_CONTENT_DIR', line: 2 },
        { name: 'WP_HOME', line: 3 },
        { name: 'FOO', line: 4 },
        { name: 'BAR', line: 5 },
        { name: 'BAZ', line: 6 },
      ],
    },
    {
      name: 'statements that are not understood are skipped',
      source: php(String.raw`
namespace\foo();
$sites = [ 'a' => 1, 'b' => [2, 3] ];
ini_set( 'display_errors', '0' );
@include __DIR__ . '/extra.php';
$_SERVER['HTTPS'] = 'on';
$obj->prop['x'] = new Foo( 1, 2 );
$fn = function ( $x ) use ( $sites ) { define('IN_CLOSURE', 1); return $x; };
$arrow = fn($x) => $x * 2;
echo "hi", 'there';
for ($i = 0; $i < 3; $i++) { error_log($i); }
foreach ($sites as $site => $n) { define('DB_NAME', $site); }
switch (getenv('X')) { case 'a': define('SWITCHED', 1); break; default: break; }
try { risky(); } catch (Exception $e) { define('CAUGHT', 1); } finally { define('FINALLY', 1); }
while (false) { define('NEVER', 1); }
define('AFTER', 'still parsed');`),
      constants: { FINALLY: 1, AFTER: 'still parsed' },
      absent: ['IN_CLOSURE', 'DB_NAME', 'SWITCHED', 'CAUGHT'],
      unsupported: [
        { name: 'DB_NAME', line: 12 },
        { name: 'SWITCHED', line: 13 },
        { name: 'CAUGHT', line: 14 },
        { name: 'NEVER', line: 15 },
      ],
    },
    {
      name: 'function and class bodies are declared, not run',
      source: php(`
function my_config() {
  define('DB_NAME', 'in function');
  return 'x';
}
final class Config { const DB_NAME = 'in class'; public function f(): ?string { define('DB_USER', 'x'); } }
define('DB_NAME', 'top level');`),
      constants: { DB_NAME: 'top level' },
      absent: ['DB_USER'],
      unsupported: [],
    },
    {
      name: 'a top-level return or exit ends the file',
      source: php(`
define('A', 'a');
if (getenv('X')) { return; }
return;
define('B', 'b');`),
      constants: { A: 'a' },
      absent: ['B'],
    },
    {
      name: 'heredoc and nowdoc',
      source: php(String.raw`
define('A', <<<EOT
  line\tone
    two
  EOT);
define('B', <<<'EOT'
raw\t$x
EOT
);
define('C', <<<"EOT"
has $var
EOT);`),
      constants: { A: 'line\tone\n  two', B: 'raw\\t$x' },
      unsupported: [{ name: 'C', line: 10 }],
    },
    {
      name: 'CRLF line endings and a UTF-8 BOM',
      source:
        "\uFEFF<?php\r\n// comment\r\ndefine('DB_NAME', 'crlf');\r\ndefine(\r\n  'X',\r\n  __DIR__\r\n);\r\n$table_prefix = \"wp_\";\r\ndefine('MULTI', 'a\r\nb');\r\n?>\r\n",
      constants: { DB_NAME: 'crlf', MULTI: 'a\r\nb' },
      tablePrefix: 'wp_',
      unsupported: [{ name: 'X', line: 4 }],
    },
    {
      name: '$table_prefix from the environment, with .= and $GLOBALS',
      source: php(`
$table_prefix = $_ENV['WP_PREFIX'] ?? 'wp_';
$table_prefix .= 'site2_';
define('CUSTOM_USER_TABLE', $table_prefix . 'users');
$GLOBALS['table_prefix'] = $GLOBALS['table_prefix'] . 'x_';`),
      opts: { env: { WP_PREFIX: 'tm_' } },
      constants: { CUSTOM_USER_TABLE: 'tm_site2_users' },
      tablePrefix: 'tm_site2_x_',
    },
    {
      name: 'a define whose name cannot be determined is listed as ?',
      source: php(`
foreach ($_ENV as $k => $v) { define($k, $v); }
define($name, 'x');`),
      unsupported: [
        { name: '?', line: 2 },
        { name: '?', line: 3 },
      ],
    },
  ];

  it.each(cases)('$name', (c) => {
    const { source, opts, constants, absent, unsupported } = c;
    const file = parseWpConfig(source, opts);
    if (constants) {
      for (const [name, value] of Object.entries(constants)) {
        expect(file.constants[name], name).toStrictEqual(value);
      }
    }
    for (const name of absent ?? []) expect(Object.hasOwn(file.constants, name), name).toBe(false);
    if ('tablePrefix' in c) expect(file.tablePrefix).toBe(c.tablePrefix);
    if (unsupported) expect(file.unsupported).toStrictEqual(unsupported);
  });

  const errors: { name: string; source: string; opts?: ParseWpConfigOptions; message: RegExp }[] = [
    { name: 'no opening tag', source: "define('DB_NAME', 'x');", message: /no "<\?php" opening tag/ },
    { name: 'an empty file', source: '', message: /no "<\?php" opening tag/ },
    { name: 'an unterminated string', source: php("define('DB_NAME', 'x);"), message: /line 2: unterminated string/ },
    { name: 'an unterminated comment', source: php('\n/* never closed'), message: /line 2: unterminated \/\* comment/ },
    {
      name: 'an unreadable _FILE secret',
      source: php("define('DB_PASSWORD', getenv_docker('WORDPRESS_DB_PASSWORD', ''));"),
      opts: {
        env: { WORDPRESS_DB_PASSWORD_FILE: '/missing' },
        readFile: () => {
          throw new Error('ENOENT');
        },
      },
      message: /WORDPRESS_DB_PASSWORD_FILE names \/missing, which cannot be read: ENOENT/,
    },
  ];
  it.each(errors)('rejects $name', ({ source, opts, message }) => {
    expect(() => parseWpConfig(source, opts)).toThrow(WpConfigError);
    expect(() => parseWpConfig(source, opts)).toThrow(message);
  });
});

describe('wpSiteSettings', () => {
  it('reads the legacy fixture site', () => {
    expect(wpSiteSettings(parseWpConfig(LEGACY))).toStrictEqual({
      db: {
        name: 'wp_legacy',
        user: 'root',
        password: '',
        host: '127.0.0.1',
        port: 3306,
        charset: 'utf8mb4',
        collate: '',
      },
      tablePrefix: 'wp_',
      secrets: LEGACY_SECRETS,
    } satisfies WpSiteSettings);
  });

  it('lists the eight secrets', () => {
    expect(WP_SECRET_NAMES).toStrictEqual(Object.keys(LEGACY_SECRETS));
  });

  const base = "define('DB_NAME', 'wp'); define('DB_USER', 'u'); define('DB_HOST', 'localhost');";
  const ok: { name: string; source: string; opts?: ParseWpConfigOptions; expected: WpSiteSettings }[] = [
    {
      name: 'defaults for the optional settings',
      source: php(`${base} $table_prefix = 'wp_';`),
      expected: {
        db: { name: 'wp', user: 'u', password: '', host: 'localhost', charset: 'utf8mb4', collate: '' },
        tablePrefix: 'wp_',
        secrets: {},
      },
    },
    {
      name: 'a socket host, explicit charset, numeric secret',
      source: php(
        "define('DB_NAME', 'wp'); define('DB_USER', 'u'); define('DB_PASSWORD', 'p');" +
          "define('DB_HOST', 'localhost:/run/mysqld/mysqld.sock'); define('DB_CHARSET', 'utf8');" +
          "define('DB_COLLATE', 'utf8_general_ci'); define('AUTH_KEY', 12345); define('NONCE_SALT', 'n');" +
          "$table_prefix = 'Site_2_';",
      ),
      expected: {
        db: {
          name: 'wp',
          user: 'u',
          password: 'p',
          host: 'localhost',
          socket: '/run/mysqld/mysqld.sock',
          charset: 'utf8',
          collate: 'utf8_general_ci',
        },
        tablePrefix: 'Site_2_',
        secrets: { AUTH_KEY: '12345', NONCE_SALT: 'n' },
      },
    },
    {
      name: 'the Docker image file',
      source: DOCKER,
      opts: { env: { WORDPRESS_DB_HOST: 'mariadb', WORDPRESS_DB_PASSWORD: 'pw' } },
      expected: {
        db: {
          name: 'wordpress',
          user: 'example username',
          password: 'pw',
          host: 'mariadb',
          port: 3306,
          charset: 'utf8',
          collate: '',
        },
        tablePrefix: 'wp_',
        secrets: Object.fromEntries(WP_SECRET_NAMES.map((n) => [n, 'put your unique phrase here'])),
      },
    },
  ];
  it.each(ok)('$name', ({ source, opts, expected }) => {
    expect(wpSiteSettings(parseWpConfig(source, opts))).toStrictEqual(expected);
  });

  const failures: { name: string; source: string; message: RegExp }[] = [
    {
      name: 'missing DB_NAME',
      source: php("define('DB_USER', 'u'); define('DB_HOST', 'h'); $table_prefix = 'wp_';"),
      message: /does not define DB_NAME/,
    },
    {
      name: 'missing DB_USER',
      source: php("define('DB_NAME', 'n'); define('DB_HOST', 'h'); $table_prefix = 'wp_';"),
      message: /does not define DB_USER/,
    },
    {
      name: 'missing DB_HOST',
      source: php("define('DB_NAME', 'n'); define('DB_USER', 'u'); $table_prefix = 'wp_';"),
      message: /does not define DB_HOST/,
    },
    {
      name: 'DB_NAME from an unset environment variable',
      source: php(`${base.replace("'wp'", "getenv('WORDPRESS_DB_NAME')")} $table_prefix = 'wp_';`),
      message: /defines DB_NAME as false, not a string/,
    },
    {
      name: 'DB_PASSWORD that needs PHP',
      source: php(`${base}\ndefine('DB_PASSWORD', trim(file_get_contents('/secret')));\n$table_prefix = 'wp_';`),
      message: /line 3: DB_PASSWORD is set by code that cannot be evaluated/,
    },
    {
      name: 'AUTH_KEY that needs PHP',
      source: php(`${base}\ndefine('AUTH_KEY', $key);\n$table_prefix = 'wp_';`),
      message: /line 3: AUTH_KEY is set by code that cannot be evaluated/,
    },
    { name: 'no $table_prefix', source: php(base), message: /does not set \$table_prefix/ },
    {
      name: '$table_prefix that needs PHP',
      source: php(`${base}\n$table_prefix = prefix_for(__DIR__);`),
      message: /line 3: \$table_prefix is set by code/,
    },
    {
      name: 'a bad table prefix',
      source: php(`${base} $table_prefix = 'wp-';`),
      message: /"wp-" is invalid\. Table prefix can only contain numbers, letters, and underscores\./,
    },
    { name: 'an empty table prefix', source: php(`${base} $table_prefix = '';`), message: /empty \$table_prefix/ },
    {
      name: 'an unparsable DB_HOST',
      source: php("define('DB_NAME', 'n'); define('DB_USER', 'u'); define('DB_HOST', 'x::y'); $table_prefix = 'wp_';"),
      message: /DB_HOST "x::y" cannot be parsed/,
    },
  ];
  it.each(failures)('rejects $name', ({ source, message }) => {
    const file = parseWpConfig(source);
    expect(() => wpSiteSettings(file)).toThrow(WpConfigError);
    expect(() => wpSiteSettings(file)).toThrow(message);
  });
});
