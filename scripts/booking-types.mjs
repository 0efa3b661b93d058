#!/usr/bin/env node
// TypeScript types of Booking.com's Demand API 3.1, generated from Booking.com's own OpenAPI
// description, so the client and the sandbox simulator type their JSON by the provider's schema
// instead of by hand.
//
//   npm run booking:types         writes gen/booking/demand-api-3.1.ts
//   npm run booking:types:check   regenerates into a temp file and fails when the committed one differs
//
// Exit codes: 0 written / up to date; 1 the committed file is stale; 2 generation failed.

import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = 'contracts/booking-demand-api-3.1.openapi.yml';
const TARGET = 'gen/booking/demand-api-3.1.ts';
const FIX_HINT = 'Run `npm run booking:types` and commit the result.';

const BANNER = `// Booking.com Demand API 3.1: types generated from ${SOURCE}
// by scripts/booking-types.mjs (openapi-typescript). Do not edit; run \`npm run booking:types\`.

`;

async function generate() {
  const ast = await openapiTS(pathToFileURL(join(ROOT, SOURCE)));
  return BANNER + astToString(ast);
}

async function main() {
  const check = process.argv.includes('--check');
  let fresh;
  try {
    fresh = await generate();
  } catch (error) {
    console.error(`booking:types: openapi-typescript failed on ${SOURCE}:`, error instanceof Error ? error.message : error);
    process.exitCode = 2;
    return;
  }
  if (!check) {
    await mkdir(dirname(join(ROOT, TARGET)), { recursive: true });
    await writeFile(join(ROOT, TARGET), fresh);
    console.log(`booking:types: wrote ${TARGET}.`);
    return;
  }
  // Written to a temp file first so a failing check leaves something to diff against.
  const dir = await mkdtemp(join(tmpdir(), 'dzb-booking-types-'));
  try {
    const tempFile = join(dir, 'demand-api-3.1.ts');
    await writeFile(tempFile, fresh);
    const committed = await readFile(join(ROOT, TARGET), 'utf8').catch(() => undefined);
    if (committed === undefined) {
      console.error(`booking:types:check: ${TARGET} is missing. ${FIX_HINT}`);
      process.exitCode = 1;
    } else if (committed !== (await readFile(tempFile, 'utf8'))) {
      console.error(`booking:types:check: ${TARGET} does not match ${SOURCE}. ${FIX_HINT}`);
      process.exitCode = 1;
    } else {
      console.log(`booking:types:check: ${TARGET} is up to date.`);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
