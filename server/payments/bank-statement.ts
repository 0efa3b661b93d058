import 'server-only';

/** One incoming transfer on the operator's account, as the bank reports it. */
export interface IncomingTransfer {
  /** The bank's id of the statement line: the same transfer always has the same id. */
  id: string;
  variableSymbol: string;
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
 * `{ transfers: [{ id, variableSymbol, amountMinor, currency, counterpartyAccount, receivedAt }], cursor }`
 * (the sandbox bank speaks it). A real bank needs its own adapter behind the same interface.
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
        transfers: { id: string; variableSymbol: string; amountMinor: number; currency: string; counterpartyAccount: string; receivedAt: string }[];
        cursor?: string;
      };
      return {
        transfers: body.transfers.map((t) => ({
          id: t.id,
          variableSymbol: t.variableSymbol,
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
