import 'server-only';
import { referenceInTitle } from './transfer/title';

/** One incoming transfer on the operator's account, as the bank reports it. */
export interface IncomingTransfer {
  /** The bank's id of the statement line: the same transfer always has the same id. */
  id: string;
  /**
   * The payment reference the line carries: its variable symbol, or, for a transfer without one
   * (Polish transfers have no such field), the reference in its title; empty when neither has one.
   */
  variableSymbol: string;
  /** The payer's message: the Polish transfer title (tytuł przelewu), the Czech "zpráva pro příjemce". */
  message: string;
  amount: number;
  currency: string;
  payerAccount: string;
  receivedAt: Date;
}

/** The operator's bank statement, read incrementally from a cursor the site stores. */
export interface BankStatement {
  readAfter(cursor: string | undefined): Promise<{ transfers: IncomingTransfer[]; cursor: string | undefined }>;
}

/**
 * A statement API answering `GET {url}?after={cursor}` with
 * `{ transfers: [{ id, variableSymbol, message, amountMinor, currency, counterpartyAccount, receivedAt }], cursor }`
 * (the sandbox bank speaks it; `variableSymbol` is empty for a Polish transfer, `message` is its
 * title). A real bank needs its own adapter behind the same interface.
 */
export function httpBankStatement(url: string, token: string | undefined): BankStatement {
  return {
    async readAfter(cursor) {
      const target = new URL(url);
      if (cursor) target.searchParams.set('after', cursor);
      const response = await fetch(target, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`bank statement answered ${response.status}`);
      const body = (await response.json()) as {
        transfers: { id: string; variableSymbol: string; message?: string; amountMinor: number; currency: string; counterpartyAccount: string; receivedAt: string }[];
        cursor?: string;
      };
      return {
        transfers: body.transfers.map((t) => ({
          id: t.id,
          // A variable symbol the payer typed wins; only a transfer without one is paired by its title.
          variableSymbol: t.variableSymbol || referenceInTitle(t.message ?? '') || '',
          message: t.message ?? '',
          amount: t.amountMinor,
          currency: t.currency,
          payerAccount: t.counterpartyAccount,
          receivedAt: new Date(t.receivedAt),
        })),
        cursor: body.cursor ?? cursor,
      };
    },
  };
}
