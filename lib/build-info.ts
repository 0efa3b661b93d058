/**
 * Facts about this build, baked in by next.config.ts. Outside a Next build (unit tests, scripts)
 * the fallbacks say so plainly.
 */
export const BUILD_INFO = {
  id: process.env.NEXT_PUBLIC_BUILD_ID ?? 'development',
  time: process.env.NEXT_PUBLIC_BUILD_TIME ?? '',
  version: process.env.NEXT_PUBLIC_BUILD_VERSION ?? '0.0.0-dev',
  commit: process.env.NEXT_PUBLIC_BUILD_COMMIT ?? 'unknown',
  branch: process.env.NEXT_PUBLIC_BUILD_BRANCH ?? 'unknown',
  /** Empty when the build was not made for a container image. */
  dockerTag: process.env.NEXT_PUBLIC_BUILD_DOCKER_TAG ?? '',
} as const;
