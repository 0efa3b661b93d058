#!/usr/bin/env node
// Checks that the committed generated code in gen/ matches the .proto sources, and that the
// sources pass `buf lint`. Used by CI (`npm run proto:check`); it never modifies gen/.
//
// How: `buf generate --output <temp dir>` runs the repository's own buf.gen.yaml, so the plugin
// and its options have one source of truth; every output path (and `clean: true`) is then
// relative to the temp dir. The fresh tree is compared byte for byte with gen/.
//
// Exit codes: 0 up to date and lint clean; 1 gen/ is stale or lint failed; 2 a tool could not run.
// Only node: builtins are used.

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const GEN_DIR = 'gen'; // the `out` of the plugin in buf.gen.yaml
// Other generators' folders under gen/, checked by their own scripts (booking:types:check).
const FOREIGN = ['booking/'];
const FIX_HINT = 'Run `npm run proto:gen` and commit the result.';
const BIN_DIR = join(ROOT, 'node_modules', '.bin');
const IS_WINDOWS = process.platform === 'win32';

/** node_modules/.bin first, so both buf and the local protoc-gen-es plugin resolve without npm. */
const childEnv = { ...process.env, PATH: [BIN_DIR, process.env.PATH ?? ''].join(delimiter) };

function bufCommand() {
  const local = join(BIN_DIR, IS_WINDOWS ? 'buf.cmd' : 'buf');
  return existsSync(local) ? local : 'buf';
}

/** Runs buf with inherited output captured; returns { status, output }. */
function runBuf(args) {
  const result = spawnSync(bufCommand(), args, {
    cwd: ROOT,
    env: childEnv,
    encoding: 'utf8',
    shell: IS_WINDOWS, // .cmd shims need a shell on Windows
  });
  if (result.error) {
    console.error(`proto:check: could not run buf (${result.error.message}).`);
    console.error('Install dependencies first (`npm install`): @bufbuild/buf provides node_modules/.bin/buf.');
    process.exit(2);
  }
  return { status: result.status ?? 1, output: `${result.stdout ?? ''}${result.stderr ?? ''}`.trim() };
}

/** Relative paths (with "/") of every file under dir; empty when dir does not exist. */
async function listFiles(dir) {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

async function compareTrees(expectedDir, actualDir) {
  const expected = await listFiles(expectedDir);
  const actual = (await listFiles(actualDir)).filter((file) => !FOREIGN.some((folder) => file.startsWith(folder)));
  const actualSet = new Set(actual);
  const expectedSet = new Set(expected);
  const missing = expected.filter((file) => !actualSet.has(file));
  const extra = actual.filter((file) => !expectedSet.has(file));
  const stale = [];
  for (const file of expected) {
    if (!actualSet.has(file)) continue;
    const [want, have] = await Promise.all([
      readFile(join(expectedDir, file)),
      readFile(join(actualDir, file)),
    ]);
    if (!want.equals(have)) stale.push(file);
  }
  return { missing, extra, stale, count: expected.length };
}

async function main() {
  let failed = false;

  const lint = runBuf(['lint']);
  if (lint.status !== 0) {
    failed = true;
    console.error('proto:check: `buf lint` failed:');
    console.error(lint.output || '(no output)');
  }

  const tempDir = await mkdtemp(join(tmpdir(), 'dzb-proto-check-'));
  try {
    const generate = runBuf(['generate', '--output', tempDir]);
    if (generate.status !== 0) {
      console.error('proto:check: `buf generate` failed, so gen/ could not be checked:');
      console.error(generate.output || '(no output)');
      process.exitCode = 2;
      return;
    }
    const freshDir = join(tempDir, GEN_DIR);
    if (!existsSync(freshDir)) {
      console.error(`proto:check: buf generate wrote nothing under ${GEN_DIR}/; does buf.gen.yaml still output to "${GEN_DIR}"?`);
      process.exitCode = 2;
      return;
    }

    const { missing, extra, stale, count } = await compareTrees(freshDir, join(ROOT, GEN_DIR));
    if (missing.length + extra.length + stale.length > 0) {
      failed = true;
      console.error(`proto:check: ${GEN_DIR}/ does not match the .proto sources.`);
      for (const file of stale) console.error(`  stale:   ${GEN_DIR}/${file}`);
      for (const file of missing) console.error(`  missing: ${GEN_DIR}/${file}`);
      for (const file of extra) console.error(`  extra:   ${GEN_DIR}/${file} (not generated from any .proto)`);
    } else {
      console.log(`proto:check: ${GEN_DIR}/ is up to date (${count} files).`);
    }
  } finally {
    await rm(tempDir, { recursive: true, force: true });
  }

  if (lint.status === 0) console.log('proto:check: buf lint passed.');
  if (failed) {
    console.error(FIX_HINT);
    process.exitCode = 1;
  }
}

await main();
