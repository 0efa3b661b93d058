import path from 'node:path';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import { defineConfig, globalIgnores } from 'eslint/config';

const NO_REACT_NEXT = { group: ['react', 'react-dom', 'react-dom/*', 'next', 'next/*'], message: 'server/ must not depend on React or Next.' };
const NO_APP = { group: ['@/app/*', '@/components/*'], message: 'server/ must not import app/ or components/.' };
const SANDBOX = { group: ['@/sandbox/*', '**/sandbox/*'], message: 'Production code never imports the simulators in sandbox/.' };
const GEN = {
  group: ['@/gen/*', '**/gen/*'],
  allowTypeImports: true,
  message: 'Generated protobuf code is used by value only in server/rpc/ and lib/rpc/ (type imports are fine).',
};

/** Sources that give a module the database or secrets (table definitions alone do not). */
const PRIVILEGED = [
  /^drizzle-orm(\/(?!pg-core)|$)/,
  /^pg$/,
  /^@electric-sql\/pglite/,
  /(^|\/)db\/(?!schema)/,
  /(^|\/)(services|runtime|open-db)$/,
];
/** Files run by plain Node tools (drizzle-kit, server.mts) where 'server-only' would throw. */
const PLAIN_NODE = /\/server\/(db\/schema|net\/)/;

/**
 * `import 'server-only'` in every server module that reaches the database or the configuration
 * (with its secrets), so that no client bundle can ever pull one in.
 */
const serverOnlyRule = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    if (PLAIN_NODE.test(context.filename)) return {};
    let marked = false;
    let privileged;
    return {
      ImportDeclaration(node) {
        const source = String(node.source.value);
        if (source === 'server-only') marked = true;
        else if (node.importKind !== 'type' && PRIVILEGED.some((re) => re.test(source))) privileged ??= node;
      },
      'MemberExpression[object.name="process"][property.name="env"]'(node) {
        privileged ??= node;
      },
      'Program:exit'() {
        if (privileged && !marked) {
          context.report({ node: privileged, message: "A module that reaches the database or secrets must `import 'server-only'`." });
        }
      },
    };
  },
};

/**
 * The layers of server/ (README "Architecture in brief"), by folder:
 *   api        server/rpc/        parses a call, calls one use case, maps its answer to proto
 *   use-cases  server/use-cases/  one function per operation, given the ports it needs
 *   edge       server/http/, server/console/, server/net/: what server.mts mounts
 *   domain     the rest of server/ (with its ports and db/)
 */
const LAYERS = [
  ['api', /^server\/rpc(\/|$)/],
  ['use-cases', /^server\/use-cases(\/|$)/],
  ['edge', /^server\/(http|console|net)(\/|$)/],
  ['domain', /^server\//],
];
const layerOf = (file) => LAYERS.find(([, re]) => re.test(file))?.[0];

/** What the API may import by value besides its own modules and the use cases. */
const API_VALUE_TARGETS = [/^server\/errors$/];
/** The API's Node HTTP mount reads the request with the edge's helpers. */
const API_MOUNT = { file: /^server\/rpc\/http-mount\./, targets: [/^server\/(http|net)\//, /^server\/hosts$/] };

const MESSAGES = {
  api: 'server/rpc parses, calls one use case and maps: by value it imports only server/use-cases, server/errors, its own modules and lib/ (domain types with `import type`).',
  'use-cases': 'A use case builds on the domain and its ports: it never imports the API layer (server/rpc) or an edge (server/http, server/console, server/net).',
  domain: 'The domain imports neither the use cases (server/use-cases) nor the API layer (server/rpc): they call it.',
};

/** The module an import names, as a path from the repository root without extension; undefined for a package. */
function importedPath(specifier, fromFile) {
  let target;
  if (specifier.startsWith('@/')) target = path.posix.normalize(specifier.slice(2));
  else if (specifier.startsWith('./') || specifier.startsWith('../')) target = path.posix.join(path.posix.dirname(fromFile), specifier);
  return target?.replace(/\.(ts|tsx|mts|js|mjs)$/, '');
}

/** Why `fromLayer` may not import `target` (undefined: it may). */
function refusal(file, fromLayer, target, typeOnly) {
  const toLayer = layerOf(target);
  if (!toLayer) return undefined;
  if (fromLayer === 'api') {
    if (typeOnly || toLayer === 'api' || toLayer === 'use-cases' || API_VALUE_TARGETS.some((re) => re.test(target))) return undefined;
    if (API_MOUNT.file.test(file) && API_MOUNT.targets.some((re) => re.test(target))) return undefined;
    return MESSAGES.api;
  }
  if (fromLayer === 'use-cases') return toLayer === 'api' || toLayer === 'edge' ? MESSAGES['use-cases'] : undefined;
  if (fromLayer === 'domain') return toLayer === 'api' || toLayer === 'use-cases' ? MESSAGES.domain : undefined;
  return undefined;
}

/** The layering of server/: the API → use cases → domain (and its ports, db/), never back. */
const layersRule = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = path.relative(context.cwd, context.filename).split(path.sep).join('/');
    const fromLayer = layerOf(file);
    if (!fromLayer) return {};
    const check = (node, source, typeOnly) => {
      if (typeof source !== 'string') return;
      const target = importedPath(source, file);
      const message = target && refusal(file, fromLayer, target, typeOnly);
      if (message) context.report({ node, message });
    };
    const allTypes = (node) =>
      node.importKind === 'type' ||
      node.exportKind === 'type' ||
      (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'));
    return {
      ImportDeclaration: (node) => check(node, node.source.value, allTypes(node)),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value, allTypes(node)),
      ExportAllDeclaration: (node) => check(node, node.source.value, node.exportKind === 'type'),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value, false),
    };
  },
};

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
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/server/*', '**/server/*'], message: 'lib/ and components/ must not import server/.' },
            SANDBOX,
            GEN,
          ],
        },
      ],
    },
  },
  {
    files: ['lib/rpc/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@/server/*', '**/server/*'], message: 'lib/ must not import server/.' }, SANDBOX] },
      ],
    },
  },
  {
    // server/ stays free of React and Next so it can run in tests and workers.
    files: ['server/**'],
    plugins: { dzb: { rules: { 'server-only': serverOnlyRule, layers: layersRule } } },
    rules: {
      'dzb/server-only': 'error',
      'dzb/layers': 'error',
      // No import circles among server modules (type-only imports do not count: they vanish).
      'import/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            NO_REACT_NEXT,
            NO_APP,
            SANDBOX,
            GEN,
          ],
        },
      ],
    },
  },
  {
    files: ['server/rpc/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            NO_REACT_NEXT,
            NO_APP,
            SANDBOX,
          ],
        },
      ],
    },
  },
  {
    // The wire formats of the gateways, written once from their specifications: nothing else.
    files: ['contracts/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(@/|\\.\\./)', message: 'contracts/ stands alone: the adapters (server/) and the simulators (sandbox/) both build on it.' }] },
      ],
    },
  },
  {
    // The simulators speak the protocols from contracts/, never through the adapters' code; what
    // they need of the site (services, the "try it" adapters) the composition root hands them.
    files: ['sandbox/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@/server/',
              allowTypeImports: true,
              message: 'A simulator is an independent counterpart: it builds on contracts/ and its own code, never on server/ (types only).',
            },
          ],
        },
      ],
    },
  },
  {
    // The schema owns its stored shapes: tables and their JSON (server/db/stored) import nothing
    // from the domain; the domain maps to and from them.
    files: ['server/db/schema/**', 'server/db/stored/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@/|(\\.\\./)+)(server/)?(?!db/|stored/|schema/)[a-z-]+/',
              message: 'The schema owns its stored shapes: server/db/schema and server/db/stored import no domain module.',
            },
            SANDBOX,
            GEN,
          ],
        },
      ],
    },
  },
  {
    // The HTTP edge (server.mts's routes) mounts the API, so it may import server/rpc.
    files: ['server/http/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            NO_REACT_NEXT,
            NO_APP,
            SANDBOX,
            GEN,
          ],
        },
      ],
    },
  },
  {
    // E-mail templates are React components rendered to HTML on the server (no Next, no DOM).
    files: ['server/notifications/templates/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react-dom', message: 'Templates render with react-dom/server only.' },
            { name: 'react-dom/client', message: 'Templates render with react-dom/server only.' },
          ],
          patterns: [
            { group: ['next', 'next/*'], message: 'Templates never use Next.' },
            NO_APP,
            SANDBOX,
            GEN,
          ],
        },
      ],
    },
  },
  {
    // Next bundles pages into a module graph of its own; the domain runs in server.mts's. Pages
    // therefore reach it only through pageApi (an in-process Connect transport), and read from
    // server/ nothing but configuration, hosts, content and the CSP.
    files: ['app/**', 'proxy.ts', 'instrumentation.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            GEN,
            {
              regex: '^(@/|(\\./|\\.\\./)+)server/(?!(rpc/page-api|runtime|hosts|security/csp|net/public-files)$|content(/|$))',
              message: 'Pages reach the domain only through pageApi (server/rpc/page-api): every domain module runs once, in the module graph of server.mts.',
            },
          ],
        },
      ],
    },
  },
]);
