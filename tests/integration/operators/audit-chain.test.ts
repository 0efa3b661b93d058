import { asc, sql, type SQL } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { operatorAudit } from '@/server/db/schema/operators';
import type { DbHandle } from '@/server/db/open-db';
import { inTransaction } from '@/server/db/transaction';
import { addOperator } from '@/server/operators/accounts';
import { audit } from '@/server/operators/audit';
import { verifyAuditChain } from '@/server/operators/audit-chain';
import type { Services } from '@/server/services';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases';
import { COMMAND_TIMEOUT, operatorCommand } from '../support/operator-command';
import { testServices } from '../support/services';

/**
 * The audit log is append-only by a trigger, which whoever owns the table can switch off. Here a
 * rogue does just that and changes the log in SQL; the hash chain names the first entry touched,
 * both to the site's own verification and to `npm run operator -- audit-verify`, run as an
 * administrator would, in its own process.
 */
describe.each(databaseKinds())('the audit log’s hash chain, on %s', (kind) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(kind);
  });
  afterEach(() => database.drop());

  /** The site on the test database for a while (the embedded one serves one process at a time). */
  async function withSite<T>(work: (services: Services, handle: DbHandle) => Promise<T>): Promise<T> {
    const handle = await database.open();
    const ctx = testServices({ APP_ENV: 'test' }, { db: handle });
    try {
      return await work(ctx.services, handle);
    } finally {
      await ctx.close();
    }
  }

  /** Appends entries as the console's actions do, all at once, each in its own transaction. */
  async function appendAll(services: Services, count: number): Promise<void> {
    const { operator } = await addOperator(services, `op${crypto.randomUUID().slice(0, 8)}@example.cz`, 'finance');
    const { db } = await services.db();
    await Promise.all(
      Array.from({ length: count }, (_, i) =>
        inTransaction(db, (tx) =>
          audit(services, tx, {
            operatorId: operator.id,
            action: 'voucher-extended',
            subject: `voucher:${i}`,
            reason: i % 2 ? 'Zákazník požádal o prodloužení 😀' : undefined,
            before: { validUntil: '2027-01-01', amounts: [{ units: 100, nanos: 0.5 }] },
            after: { validUntil: '2027-07-01', nested: { b: null, a: [i, 'x'] }, nonce: `n${i}` },
          }),
        ),
      ),
    );
  }

  /** What a role that owns the table can do: switch the refusal off, write, switch it on again. */
  async function rogue(handle: DbHandle, ...statements: SQL[]): Promise<void> {
    await handle.db.execute(sql`ALTER TABLE operator_audit DISABLE TRIGGER operator_audit_append_only`);
    for (const statement of statements) await handle.db.execute(statement);
    await handle.db.execute(sql`ALTER TABLE operator_audit ENABLE TRIGGER operator_audit_append_only`);
  }

  const seqs = async (handle: DbHandle) => (await handle.db.select({ seq: operatorAudit.seq }).from(operatorAudit).orderBy(asc(operatorAudit.seq))).map((row) => row.seq);

  it('chains every entry, also those appended at the same moment, and audit-verify finds the log intact', async () => {
    const head = await withSite(async (services, handle) => {
      await appendAll(services, 12);
      const rows = await handle.db.select({ hash: operatorAudit.hash }).from(operatorAudit).orderBy(asc(operatorAudit.seq));
      expect(rows.map((row) => row.hash)).toEqual(rows.map(() => expect.stringMatching(/^[0-9a-f]{64}$/)));
      expect(new Set(rows.map((row) => row.hash)).size).toBe(12);
      const verdict = await verifyAuditChain(services, 5);
      expect(verdict).toMatchObject({ intact: true, chained: 12, beforeChain: 0 });
      return verdict.intact ? verdict.head : undefined;
    });
    const verified = await operatorCommand(database, 'audit-verify');
    expect(verified).toEqual({ code: 0, out: `The audit log is intact: 12 chained entries.\nHead: seq ${head!.seq} hash ${head!.hash}\n` });
  }, COMMAND_TIMEOUT);

  it('names the first entry a rogue changed in SQL with the trigger switched off, and audit-verify exits 1', async () => {
    const third = await withSite(async (services, handle) => {
      await appendAll(services, 5);
      const third = (await seqs(handle))[2]!;
      await rogue(handle, sql`UPDATE operator_audit SET reason = 'nothing to see' WHERE seq = ${third}`);
      expect(await verifyAuditChain(services)).toMatchObject({ intact: false, chained: 2, broken: { seq: third, action: 'voucher-extended' } });
      return third;
    });
    const refused = await operatorCommand(database, 'audit-verify');
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(new RegExp(`^The audit log was changed behind the application's back: entry seq ${third} \\(id [0-9a-f-]{36}, voucher-extended at \\S+\\) breaks the chain`));
    expect(refused.out).toContain('The 2 chained entries before it are intact.');
  }, COMMAND_TIMEOUT);

  it('names the entry after one removed, reordered or slipped in, and a change inside the JSON', async () => {
    await withSite(async (services, handle) => {
      const cases: [string, (seq: number[]) => SQL | SQL[], (seq: number[]) => number][] = [
        ['a jsonb value changed', (s) => sql`UPDATE operator_audit SET after = jsonb_set(after, '{validUntil}', '"2030-01-01"') WHERE seq = ${s[3]}`, (s) => s[3]!],
        ['the time moved', (s) => sql`UPDATE operator_audit SET at = at - interval '1 day' WHERE seq = ${s[1]}`, (s) => s[1]!],
        ['an entry removed', (s) => sql`DELETE FROM operator_audit WHERE seq = ${s[2]}`, (s) => s[3]!],
        [
          'two entries swapped',
          (s) => [sql`UPDATE operator_audit SET seq = -1 WHERE seq = ${s[1]}`, sql`UPDATE operator_audit SET seq = ${s[1]} WHERE seq = ${s[2]}`, sql`UPDATE operator_audit SET seq = ${s[2]} WHERE seq = -1`],
          (s) => s[1]!,
        ],
        ['an entry dressed as one from before the chain', (s) => sql`UPDATE operator_audit SET hash = 'before-chain' WHERE seq = ${s[2]}`, (s) => s[2]!],
        ['the first entry removed', (s) => sql`DELETE FROM operator_audit WHERE seq = ${s[0]}`, (s) => s[1]!],
        [
          'an entry slipped in with a made-up hash',
          (s) => sql`INSERT INTO operator_audit (id, seq, operator_id, at, action, hash) SELECT gen_random_uuid(), ${s[4]! + 1}, operator_id, at, 'voucher-extended', repeat('a', 64) FROM operator_audit WHERE seq = ${s[4]}`,
          (s) => s[4]! + 1,
        ],
      ];
      for (const [name, tamper, firstBroken] of cases) {
        await rogue(handle, sql`TRUNCATE operator_audit`);
        await appendAll(services, 5);
        const before = await seqs(handle);
        expect([name, (await verifyAuditChain(services)).intact]).toEqual([name, true]);
        await rogue(handle, ...[tamper(before)].flat());
        const verdict = await verifyAuditChain(services);
        expect([name, verdict.intact, !verdict.intact && verdict.broken.seq]).toEqual([name, false, firstBroken(before)]);
      }
    });
  });

  it('starts the chain after the entries written before it, which may only come first', async () => {
    await withSite(async (services, handle) => {
      await appendAll(services, 3);
      // As migration 0014 left the entries it found.
      await rogue(handle, sql`UPDATE operator_audit SET hash = 'before-chain'`);
      await appendAll(services, 2);
      expect(await verifyAuditChain(services)).toMatchObject({ intact: true, chained: 2, beforeChain: 3 });
    });
  });
});
