import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import { defineConfig, globalIgnores } from 'eslint/config';

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    '.next/**',
    'gen/**',
    'data/**',
    'next-env.d.ts',
    'test-results/**',
    'playwright-report/**',
  ]),
  {
    rules: {
      // Money, codes and tokens need a CSPRNG; Math.random is never the right tool here.
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Use crypto.getRandomValues / randomInt.' },
      ],
    },
  },
  {
    // Dependency direction (ARCHITECTURE.md §2): lib and components never reach into server/.
    files: ['lib/**', 'components/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@/server/*', '**/server/*'], message: 'lib/ and components/ must not import server/.' }] },
      ],
    },
  },
  {
    // server/ stays free of React and Next so it can run in tests and workers.
    files: ['server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-dom', 'next', 'next/*'], message: 'server/ must not depend on React or Next.' },
            { group: ['@/app/*', '@/components/*'], message: 'server/ must not import app/ or components/.' },
          ],
        },
      ],
    },
  },
]);
