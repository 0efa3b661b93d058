import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The layering of server/ as `npm run lint` enforces it (eslint.config.mjs): each rule is tried on
 * a snippet placed at a path of each layer, so a rule that stopped matching (a renamed folder, a
 * changed pattern) fails here instead of letting the layers mix silently.
 */

// import/no-cycle reads the imported files from disk and the circles they form there, so text
// linted under a path proves nothing to it: it is off here and tried on real files at the end.
const eslint = new ESLint({ cwd: process.cwd(), overrideConfig: { rules: { 'import/no-cycle': 'off' } } });

const LAYERS = 'dzb/layers';
const RESTRICTED = '@typescript-eslint/no-restricted-imports';

/** The boundary rules a module at `filePath` breaks (an unused import and the like are not asked about). */
async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  // A module that does not parse (no rule id) counts too: it would hide every other problem.
  return (result?.messages ?? []).flatMap((m) => (m.ruleId === null ? [m.message] : m.ruleId === LAYERS || m.ruleId === RESTRICTED ? [m.ruleId] : []));
}

beforeAll(async () => {
  // Loading the parser and the plugins takes seconds on a busy machine: once, before the cases.
  await problems('server/orders/warm-up.ts', 'export const x = 1;\n');
}, 120_000);

describe('the API layer (server/rpc): parses, calls one use case, maps', () => {
  it.each([
    ["import { orderForSite } from '../../use-cases/orders';", 'a use case'],
    ["import { DomainError } from '../../errors';", 'the domain error'],
    ["import { callSiteOf } from '../call-context';", 'its own modules'],
    ["import { fromUnits } from '@/lib/money';", 'lib/'],
    ["import { OrderStatus } from '@/gen/dzb/v1/order_pb';", 'the generated protobuf code'],
    ["import type { OrderRecord } from '../../orders/status';", 'a domain type'],
    ["import { type OrderRecord } from '@/server/orders/status';", 'a domain type, inline'],
  ])('may import %s (%s)', async (line) => {
    expect(await problems('server/rpc/handlers/orders.ts', line)).toEqual([]);
  });

  it.each([
    ["import { readOrderOfSite } from '../../orders/read';", 'a domain function'],
    ["import { spend } from '@/server/security/rate-limit';", 'a budget'],
    ["import { orders } from '../../db/schema/orders';", 'a table to query'],
    ["import { inTransaction } from '../../db/transaction';", 'a transaction'],
    ["export { readOrderOfSite } from '../../orders/read';", 'a re-export'],
  ])('may not import by value %s (%s)', async (line) => {
    expect(await problems('server/rpc/handlers/orders.ts', line)).toContain(LAYERS);
    expect(await problems('server/rpc/mapping/orders.ts', line)).toContain(LAYERS);
  });

  it('may not load the domain by a dynamic import either', async () => {
    expect(await problems('server/rpc/api.ts', "export const load = () => import('../orders/read');\n")).toContain(LAYERS);
  });

  it("lets only the Node HTTP mount read the request with the edge's helpers", async () => {
    const line = "import { clientAddress } from '../net/trusted-proxies';";
    expect(await problems('server/rpc/http-mount.ts', line)).toEqual([]);
    expect(await problems('server/rpc/api.ts', line)).toContain(LAYERS);
  });
});

describe('the use cases (server/use-cases): build on the domain and its ports', () => {
  it.each([
    "import { readOrderOfSite } from '../orders/read';",
    "import { inTransaction } from '@/server/db/transaction';",
    "import type { Services } from '../services';",
    "import { DomainError } from '../errors';",
  ])('may import %s', async (line) => {
    expect(await problems('server/use-cases/orders.ts', line)).toEqual([]);
  });

  it.each([
    "import { voucher } from '../rpc/mapping/vouchers';",
    "import type { CallSite } from '@/server/rpc/call-context';",
    "import { siteRoutes } from '../http/site-routes';",
    "import { consoleRoutes } from '../console/routes';",
  ])('may not import the API layer or an edge: %s', async (line) => {
    expect(await problems('server/use-cases/orders.ts', line)).toContain(LAYERS);
  });
});

describe('the domain: knows neither the use cases nor the API', () => {
  it.each(['server/orders/read.ts', 'server/payments/retry.ts', 'server/booking/stays.ts', 'server/services.ts'])('%s', async (file) => {
    expect(await problems(file, "import { orderForSite } from '@/server/use-cases/orders';")).toContain(LAYERS);
    expect(await problems(file, "import type { OrderView } from '@/server/use-cases/orders';")).toContain(LAYERS);
    expect(await problems(file, "import type { CallSite } from '@/server/rpc/call-context';")).toContain(LAYERS);
    expect(await problems(file, "import { DomainError } from '@/server/errors';")).toEqual([]);
    expect(await problems(file, "import { paymentView } from '@/server/payments/view';")).toEqual([]);
  });

  it('is what the edges mount: they may import the API and the use cases', async () => {
    const code = "import { createApiHttpHandler } from '../rpc/http-mount';\nimport { orderForSite } from '../use-cases/orders';\n";
    expect(await problems('server/http/site-routes.ts', code)).toEqual([]);
  });
});

describe('the schema and the simulators', () => {
  it.each(['server/db/schema/hotel-orders.ts', 'server/db/stored/booking.ts'])('%s imports no domain module, types neither', async (file) => {
    expect(await problems(file, "import type { Stay } from '../../booking/stay';")).toContain(RESTRICTED);
    expect(await problems(file, "import type { StoredStay } from '../stored/booking';")).toEqual([]);
  });

  it.each(['sandbox/gateways/demo.ts', 'sandbox/gateways/csob/api.ts', 'sandbox/booking/simulator.ts', 'sandbox/index.ts'])('%s imports nothing from server/ but types', async (file) => {
    expect(await problems(file, "import { createGateways } from '@/server/payments/gateways';")).toContain(RESTRICTED);
    expect(await problems(file, "import type { Services } from '@/server/services';")).toEqual([]);
  });
});

describe('import circles in server/', () => {
  // Two real files that import each other, linted with the configuration as it is.
  const folder = path.join(process.cwd(), 'server', `layering-test-${process.pid}`);

  beforeAll(() => {
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'first.ts'), "import { second } from './second';\nexport const first = () => second;\n");
    writeFileSync(path.join(folder, 'second.ts'), "import { first } from './first';\nexport const second = () => first;\n");
    writeFileSync(path.join(folder, 'third.ts'), "import type { first } from './first';\nexport type Third = typeof first;\n");
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('are reported; an import of types only makes none', async () => {
    const results = await new ESLint({ cwd: process.cwd() }).lintFiles([path.join(folder, '*.ts')]);
    const byFile = Object.fromEntries(results.map((r) => [path.basename(r.filePath), r.messages.map((m) => m.ruleId)]));
    expect(byFile['first.ts']).toContain('import/no-cycle');
    expect(byFile['second.ts']).toContain('import/no-cycle');
    expect(byFile['third.ts']).toEqual([]);
  }, 60_000);
});
