import { captureMain } from '../server/parity/capture-cli';

/** `npm run parity:capture`: a HAR file of the live site's traffic as exchanges (server/parity/capture-cli.ts). */
process.exitCode = await captureMain(process.argv.slice(2), (text) => process.stdout.write(text));
