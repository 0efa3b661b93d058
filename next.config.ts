import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { withSentryConfig } from '@sentry/nextjs/config';
import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

/** Reads a git fact for the build info; a source tree without git gets the fallback. */
function git(args: string[]): string | undefined {
  try {
    return execFileSync('git', args, { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim() || undefined;
  } catch {
    return undefined;
  }
}

const pkg = JSON.parse(readFileSync('./package.json', 'utf8')) as { version: string };
const commit = process.env.GIT_COMMIT ?? git(['rev-parse', '--short=12', 'HEAD']) ?? 'unknown';
const builtAt = new Date();
// Unique per build, so the browser can tell that a newer build has been deployed.
const buildId = `${commit}-${builtAt.getTime().toString(36)}`;

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Types are checked once, by `npm run typecheck` (CI runs it before the build) over the whole
  // project, tests and server included; the build's own pass over the same files would be a second.
  typescript: { ignoreBuildErrors: true },
  // PGlite loads its WASM and data files at run time; bundling it would also publish them.
  serverExternalPackages: ['@electric-sql/pglite'],
  generateBuildId: () => buildId,
  experimental: {
    globalNotFound: true,
    // Pages rendered at run time are cached in memory only (bounded, least recently used first):
    // their HTML carries this process's runtime settings (monitoring DSN, environment), which a
    // restart with other settings, or a second server on the same build, must not inherit; and
    // no stream of made-up URLs can fill the disk with cached 404 pages.
    isrFlushToDisk: false,
  },
  env: {
    NEXT_PUBLIC_BUILD_ID: buildId,
    NEXT_PUBLIC_BUILD_TIME: builtAt.toISOString(),
    NEXT_PUBLIC_BUILD_VERSION: process.env.APP_VERSION ?? pkg.version,
    NEXT_PUBLIC_BUILD_COMMIT: commit,
    NEXT_PUBLIC_BUILD_BRANCH:
      process.env.GIT_BRANCH ?? git(['rev-parse', '--abbrev-ref', 'HEAD']) ?? 'unknown',
    NEXT_PUBLIC_BUILD_DOCKER_TAG: process.env.DOCKER_TAG ?? '',
  },
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
          { key: 'X-Frame-Options', value: 'DENY' },
          { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()' },
        ],
      },
    ];
  },
};

// Messages are compiled at build time, so the browser gets the small formatter instead of an
// ICU parser (issue 6, page weight). The worker and the tests read the JSON as it is.
const withNextIntl = createNextIntlPlugin({
  requestConfig: './lib/i18n/request.ts',
  experimental: { messages: { path: './messages', format: 'json', locales: 'infer', precompile: true } },
});

export default withSentryConfig(withNextIntl(nextConfig), { silent: true, telemetry: false });
