import { parityMain } from '../server/parity/cli';

/** `npm run parity`: compares this server with the admin's live site (server/parity/cli.ts). */
process.exitCode = await parityMain(process.argv.slice(2), {
  env: process.env,
  out: (text) => process.stdout.write(text),
});
