// npm run db:generate:sandbox -- <store>: writes sandbox/<store>/migrations from sandbox/<store>/schema.ts.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const store = process.argv[2];
if (!['booking', 'gateways', 'bank', 'mail'].includes(store ?? '')) {
  console.error('usage: npm run db:generate:sandbox -- booking|gateways|bank|mail');
  process.exit(2);
}
const dir = mkdtempSync(path.join(tmpdir(), 'dzb-drizzle-'));
const config = path.join(dir, 'drizzle.config.mjs');
writeFileSync(
  config,
  `export default ${JSON.stringify({
    dialect: 'postgresql',
    // Relative to the repository (npm runs scripts there): drizzle-kit puts "./" before `out`
    // when it reads the migrations' journal, so an absolute folder would not be found.
    schema: `./sandbox/${store}/schema.ts`,
    out: `./sandbox/${store}/migrations`,
  })};\n`,
);
const result = spawnSync('npx', ['drizzle-kit', 'generate', '--config', config, ...process.argv.slice(3)], { stdio: 'inherit' });
rmSync(dir, { recursive: true, force: true });
process.exit(result.status ?? 1);
