import type { Currency } from '@/lib/variants';
import { czechIban, formatCzechAccount, groupIban, parseCzechAccount } from './czech-account';
import { spdPayload, ZBP_MAX_AMOUNT, zbpPayload } from './payload';
import { formatNrb, parsePolishAccount, polishIban } from './polish-account';
import { qrDataUrl } from './qr';
import { polishTransferTitle } from './title';

export interface TransferInstructions {
  /** The account holder, as the payer's bank shows it. */
  recipient: string;
  /** The domestic account as people type it. */
  account: string;
  iban: string;
  variableSymbol: string;
  /**
   * What pairs the transfer with its payment: the variable symbol field (Czech banks), or the
   * title (Polish banks have no such field), which is then `title`, exactly as in the QR code.
   */
  reference: 'variable_symbol' | 'title';
  title?: string;
  /** The instant the payment expires: the money must have arrived before it. */
  dueAt: Date;
  amount: number;
  currency: Currency;
  /** PNG data URL of the payment QR code. */
  qrCode: string;
  /** The code carries no amount (too large for the Polish format): the payer types it in. */
  qrWithoutAmount: boolean;
  /** The text inside the QR code (for tests and support). */
  qrPayload: string;
}

export interface TransferInput {
  accounts: { cz: string; pl: string };
  /** Our Polish tax number, which the Polish QR code names (a company recipient must). */
  nipPl: string;
  recipient: string;
  currency: Currency;
  amount: number;
  variableSymbol: string;
  orderNumber: string;
  dueAt: Date;
}

/** Instructions made recently, by their input: an order page asks again on every view and poll. */
const made = new Map<string, Promise<TransferInstructions>>();
const REMEMBERED = 1_000;

/**
 * Everything a payer needs for a transfer in the order's currency: who receives it, our Czech
 * account for CZK or our Polish account for PLN, the reference that pairs the money with the
 * payment (the variable symbol, or for PLN the title that carries it), the deadline, and a QR code
 * their banking app reads. The order page and the e-mail both show exactly these values.
 */
export function transferInstructions(input: TransferInput): Promise<TransferInstructions> {
  const key = JSON.stringify(input);
  const known = made.get(key);
  if (known) return known;
  const making = instructionsFor(input);
  if (made.size >= REMEMBERED) made.delete(made.keys().next().value!);
  made.set(key, making);
  making.catch(() => made.delete(key));
  return making;
}

async function instructionsFor(input: TransferInput): Promise<TransferInstructions> {
  if (input.currency === 'CZK') {
    const account = parseCzechAccount(input.accounts.cz);
    const iban = czechIban(account);
    const qrPayload = spdPayload({ iban, amount: input.amount, currency: 'CZK', variableSymbol: input.variableSymbol, message: `Objednavka ${input.orderNumber}` });
    return {
      recipient: input.recipient,
      account: formatCzechAccount(account),
      iban: groupIban(iban),
      variableSymbol: input.variableSymbol,
      reference: 'variable_symbol',
      dueAt: input.dueAt,
      amount: input.amount,
      currency: 'CZK',
      qrCode: await qrDataUrl(qrPayload, 'spd'),
      qrWithoutAmount: false,
      qrPayload,
    };
  }
  const nrb = parsePolishAccount(input.accounts.pl);
  // The title carries the payment reference: Polish transfers have no separate reference field.
  const title = polishTransferTitle(input.variableSymbol);
  const qrPayload = zbpPayload({ nip: input.nipPl, nrb, amount: input.amount, recipient: input.recipient, title });
  return {
    recipient: input.recipient,
    account: formatNrb(nrb),
    iban: groupIban(polishIban(nrb)),
    variableSymbol: input.variableSymbol,
    reference: 'title',
    title,
    dueAt: input.dueAt,
    amount: input.amount,
    currency: 'PLN',
    qrCode: await qrDataUrl(qrPayload, 'zbp'),
    qrWithoutAmount: input.amount > ZBP_MAX_AMOUNT,
    qrPayload,
  };
}
