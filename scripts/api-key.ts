import { parseArgs } from 'node:util';
import { createWpDb } from '../server/data/tables';
import { createApplicationPassword } from '../server/services/api-keys/create-key';
import { chunkApplicationPassword, MAX_APPLICATION_NAME_LENGTH } from '../server/wp/application-passwords';
import { fail, withDatabase } from './cli';

/**
 * `npm run api-key -- --user <login> --name <label>`: creates a WordPress application password for a
 * user, stored exactly as the profile screen of this site's WordPress stores one (so it shows there
 * and can be revoked there), and prints it once, as WordPress shows it, with its uuid.
 */
const USAGE = 'Usage: npm run api-key -- --user <login> --name <label>';

let args: { user?: string; name?: string };
try {
  args = parseArgs({ options: { user: { type: 'string' }, name: { type: 'string' } }, strict: true }).values;
} catch (err) {
  fail(`${(err as Error).message}\n${USAGE}`);
}
if (!args.user) fail(`--user is required.\n${USAGE}`);
if (args.name === undefined) fail(`--name is required.\n${USAGE}`);

const REFUSALS = {
  'unknown-user': `There is no user with the login "${args.user}".`,
  'empty-name': 'An application name is required to create an application password.',
  'long-name': `The application name is longer than ${MAX_APPLICATION_NAME_LENGTH} characters.`,
  'duplicate-name':
    'Each application name should be unique: this user already has an application password with that name.',
} as const;

await withDatabase(async (config, db) => {
  const wp = createWpDb(db, config.tablePrefix);
  const created = await createApplicationPassword(wp, { login: args.user!, name: args.name!, now: new Date() });
  if (!created.ok) {
    process.stderr.write(`${REFUSALS[created.reason]}\n`);
    return 1;
  }
  process.stdout.write(
    [
      `Application password "${created.name}" created for ${created.login} (user ${created.userId}).`,
      'Copy it now: it is not shown again (only its hash is stored).',
      '',
      `  Password: ${chunkApplicationPassword(created.password)}`,
      `  UUID:     ${created.uuid}`,
      '',
      `Use it with HTTP Basic authentication: the login "${created.login}" and this password (spaces optional).`,
      '',
    ].join('\n'),
  );
  return 0;
});
