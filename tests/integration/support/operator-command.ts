import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { TestDatabase } from './databases';

/** Each test starts the command a few times; tsx compiles the site's modules on a cold start. */
export const COMMAND_TIMEOUT = 180_000;

/** `npm run operator -- …` as an administrator runs it: its own process on the site's configuration. */
export async function operatorCommand(database: TestDatabase, ...args: string[]): Promise<{ code: number; out: string }> {
  const where = database.options.databaseUrl ? { DATABASE_URL: database.options.databaseUrl } : { DATABASE_URL: '', PGLITE_DIR: database.options.pgliteDir! };
  const env = { ...process.env, APP_ENV: 'test', CONSOLE_URL: 'https://console.example.cz', ...where };
  return promisify(execFile)('node', ['--import', 'tsx', '--import', './server/node-hooks.mjs', 'scripts/operator.mts', ...args], { env }).then(
    ({ stdout }) => ({ code: 0, out: stdout }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, out: error.stdout + error.stderr }),
  );
}
