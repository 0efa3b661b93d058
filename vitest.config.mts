import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = {
  '@': path.resolve(import.meta.dirname),
  'server-only': path.resolve(import.meta.dirname, 'tests/support/server-only.ts'),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // next-intl imports 'next/navigation' without an extension, which only Vite resolves.
          server: { deps: { inline: ['next-intl'] } },
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          // Each file opens its own databases; PGlite start-up dominates, so allow for it.
          testTimeout: 30_000,
          // Vitest runs one file at a time on a 2-core machine (cores less one); these files mostly
          // wait on PostgreSQL, the simulators and timers, and each opens databases of its own
          // (random names) and listens on port 0, so three run side by side.
          maxWorkers: 3,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
