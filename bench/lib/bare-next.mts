import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, parse, sep } from 'node:path';
import { assertPortFree, waitForOk } from './http.mts';
import { run, type Started, startProcess } from './processes.mts';
import { REPO } from './site-server.mts';

/**
 * A bare Next.js app built from this repository's installed next and react: the yardstick for
 * page weight and throughput. It is a scratch folder outside the repository (inside, Turbopack
 * picks up the repository's instrumentation.ts and proxy.ts) whose node_modules is a symlink to
 * ours, so no network is needed. One folder per checkout, so worktrees do not collide.
 */
export const BARE_DIR = join(tmpdir(), `dzb-bare-next-${createHash('sha256').update(REPO).digest('hex').slice(0, 8)}`);

/** Turbopack compiles only files under its root, and the symlink leads out of the scratch folder. */
function commonRoot(a: string, b: string): string {
  const [x, y] = [a.split(sep), b.split(sep)];
  let i = 0;
  while (i < x.length && x[i] === y[i]) i++;
  return x.slice(0, i).join(sep) || parse(a).root;
}

const NEXT_BIN = join(REPO, 'node_modules', 'next', 'dist', 'bin', 'next');

const FILES: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'bare-next', private: true, type: 'module' }, null, 2),
  'next.config.mjs': `const root = ${JSON.stringify(commonRoot(BARE_DIR, REPO))};\nexport default { turbopack: { root }, outputFileTracingRoot: root };\n`,
  'app/layout.jsx': `export default function RootLayout({ children }) {\n  return (\n    <html lang="en">\n      <body>{children}</body>\n    </html>\n  );\n}\n`,
  // Static: built once, served from the build output (what a cacheable page can reach).
  'app/page.jsx': `export default function Home() {\n  return <p>Hello</p>;\n}\n`,
  // Rendered on every request, as this site's pages were while the CSP nonce forced it.
  'app/rendered/page.jsx': `import { connection } from 'next/server';\n\nexport default async function Rendered() {\n  await connection();\n  return <p>Hello at {new Date().toISOString()}</p>;\n}\n`,
  // JSON in, JSON out: what an RPC costs without Connect, validation and a database.
  'app/api/echo/route.js': `export async function POST(request) {\n  const body = await request.json();\n  return Response.json({ echo: body, at: Date.now() });\n}\n`,
};

export interface Versions {
  next: string;
  react: string;
  'react-dom': string;
}

/** The versions a reference number is only valid for. */
export function installedVersions(): Versions {
  const version = (name: string) =>
    (JSON.parse(readFileSync(join(REPO, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
  return { next: version('next'), react: version('react'), 'react-dom': version('react-dom') };
}

/** Writes the bare app and builds it unless a build of the same versions is already there. */
export async function buildBareNext(force = false): Promise<void> {
  const stamp = join(BARE_DIR, '.versions.json');
  const wanted = JSON.stringify(installedVersions());
  if (!force && existsSync(join(BARE_DIR, '.next', 'BUILD_ID')) && existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) {
    return;
  }
  rmSync(BARE_DIR, { recursive: true, force: true });
  mkdirSync(BARE_DIR, { recursive: true });
  symlinkSync(join(REPO, 'node_modules'), join(BARE_DIR, 'node_modules'), 'dir');
  for (const [file, text] of Object.entries(FILES)) {
    mkdirSync(join(BARE_DIR, file, '..'), { recursive: true });
    writeFileSync(join(BARE_DIR, file), text);
  }
  await run(process.execPath, [NEXT_BIN, 'build'], { cwd: BARE_DIR, env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  writeFileSync(stamp, wanted);
}

export async function startBareNext(port: number): Promise<Started & { port: number }> {
  await assertPortFree(port);
  const started = startProcess(`bare-next:${port}`, process.execPath, [NEXT_BIN, 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: BARE_DIR,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
  });
  try {
    await waitForOk(port, '/');
  } catch (error) {
    await started.stop();
    throw error;
  }
  return { ...started, port };
}
