import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// import/no-cycle reads the imported files from disk, which text linted under an invented path
// does not have; the real lint (npm run lint) checks circles.
const eslint = new ESLint({ cwd: process.cwd(), overrideConfig: { rules: { 'import/no-cycle': 'off' } } });

async function lint(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

// The layering of server/, the schema and the simulators: layering.test.ts.
describe('module boundaries (enforced by lint)', () => {
  beforeAll(async () => {
    // Loading the parser and the plugins takes seconds on a busy machine: once, before the cases.
    await lint('server/orders/warm-up.ts', 'export const x = 1;\n');
  }, 120_000);

  it.each([
    ['server/booking/portal.ts', "import { simulator } from '@/sandbox/booking/simulator';\nexport const s = simulator;\n"],
    ['lib/pricing.ts', "import { simulator } from '../sandbox/gateways/csob';\nexport const s = simulator;\n"],
  ])('refuses a domain import of sandbox/ in %s', async (file, code) => {
    expect(await lint(file, code)).toContain('@typescript-eslint/no-restricted-imports');
  });

  it.each([
    ['components/order/room-list.tsx', "import { Deal } from '@/gen/dzb/v1/hotel_pb';\nexport const d = Deal.GENIUS;\n"],
    ['server/pricing/fees.ts', "import { Deal } from '@/gen/dzb/v1/hotel_pb';\nexport const d = Deal.GENIUS;\n"],
  ])('refuses generated code used by value outside the RPC layers in %s', async (file, code) => {
    expect(await lint(file, code)).toContain('@typescript-eslint/no-restricted-imports');
  });

  it.each([
    ['app/[locale]/voucher/page.tsx', "import { appServices } from '@/server/services';\nexport const s = appServices;\n"],
    ['app/[locale]/voucher/page.tsx', "import { withFees } from '@/server/payments/method-options';\nexport const f = withFees;\n"],
    ['proxy.ts', "import { createServices } from './server/services';\nexport const c = createServices;\n"],
  ])('keeps the domain out of Next\'s module graph: %s may not import it', async (file, code) => {
    expect(await lint(file, code)).toContain('@typescript-eslint/no-restricted-imports');
  });

  it('lets pages reach the API through pageApi, and read configuration and content', async () => {
    const code = "import { pageApi } from '@/server/rpc/page-api';\nimport { appConfig } from '@/server/runtime';\nimport { loadFaq } from '@/server/content/faq';\nexport const x = [pageApi, appConfig, loadFaq];\n";
    expect(await lint('app/[locale]/faq/page.tsx', code)).toEqual([]);
  });

  it('keeps contracts/ standing alone', async () => {
    expect(await lint('contracts/csob.ts', "import type { Services } from '@/server/services';\nexport type S = Services;\n")).toContain(
      '@typescript-eslint/no-restricted-imports',
    );
  });

  it('allows type-only imports of generated code anywhere', async () => {
    const code = "import type { Deal } from '@/gen/dzb/v1/hotel_pb';\nexport type D = Deal;\n";
    expect(await lint('server/pricing/fees.ts', code)).toEqual([]);
  });

  it('requires server-only in a server module that reaches the database or secrets', async () => {
    const code = "import { eq } from 'drizzle-orm';\nexport const e = eq;\n";
    expect(await lint('server/vouchers/ledger.ts', code)).toContain('dzb/server-only');
    expect(await lint('server/vouchers/ledger.ts', `import 'server-only';\n${code}`)).toEqual([]);
    expect(await lint('server/secrets.ts', 'export const key = process.env.KEY;\n')).toContain('dzb/server-only');
  });
});
