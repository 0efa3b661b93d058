import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '@/server/db/schema/mail';
import { operators } from '@/server/db/schema/operators';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases';
import { COMMAND_TIMEOUT, operatorCommand } from '../support/operator-command';

describe.each(databaseKinds())('npm run operator, on %s', (kind) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(kind);
  });
  afterEach(() => database.drop());

  it('adds an operator with an e-mailed one-time link, refuses a second of the same address, lists and disables them', async () => {
    const added = await operatorCommand(database, 'add', 'Lucie@Example.CZ', 'finance');
    expect(added.code).toBe(0);
    const link = /https:\/\/console\.example\.cz\/console\/enrol\?token=([\w-]{43})/.exec(added.out);
    expect(link).not.toBeNull();
    expect((await operatorCommand(database, 'add', 'lucie@example.cz', 'support')).out).toMatch(/lucie@example\.cz is an operator already/);
    expect((await operatorCommand(database, 'enrol', 'lucie@example.cz')).code).toBe(0);
    expect((await operatorCommand(database, 'disable', 'lucie@example.cz')).code).toBe(0);
    expect(await operatorCommand(database, 'enrol', 'lucie@example.cz')).toMatchObject({ code: 1, out: expect.stringMatching(/not an active operator/) });
    expect((await operatorCommand(database, 'list')).out).toMatch(/^lucie@example\.cz\tfinance\tdisabled \d{4}-/);

    const handle = await database.open();
    try {
      expect(await handle.db.select({ email: operators.email, role: operators.role }).from(operators)).toEqual([{ email: 'lucie@example.cz', role: 'finance' }]);
      const mails = await handle.db.select({ to: mailOutbox.toAddress, text: mailOutbox.text }).from(mailOutbox);
      expect(mails.map((mail) => mail.to)).toEqual(['lucie@example.cz', 'lucie@example.cz']);
      expect(mails[0]!.text).toContain(link![0]);
    } finally {
      await handle.close();
    }
  }, COMMAND_TIMEOUT);

  it.runIf(kind === 'pglite')('refuses what is not an operator command, before it opens the database', async () => {
    expect(await operatorCommand(database, 'add', 'x@example.cz', 'admin')).toMatchObject({ code: 1, out: expect.stringMatching(/^usage: npm run operator -- add EMAIL support\|finance/) });
  }, COMMAND_TIMEOUT);

  it.runIf(kind === 'pglite')('refuses to open the embedded database while another process has it', async () => {
    const handle = await database.open();
    try {
      const refused = await operatorCommand(database, 'list');
      expect(refused.code).toBe(1);
      expect(refused.out).toMatch(new RegExp(`is open in process ${process.pid}; stop it first`));
    } finally {
      await handle.close();
    }
    expect((await operatorCommand(database, 'list')).code).toBe(0);
  }, COMMAND_TIMEOUT);
});
