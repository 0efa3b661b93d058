import type { Currency } from '@/lib/variants';
import { czechIban, formatCzechAccount, groupIban, parseCzechAccount } from './czech-account';
import { spdPayload, zbpPayload } from './payload';
import { formatNrb, parsePolishAccount, polishIban } from './polish-account';
import { qrDataUrl } from './qr';

export interface TransferInstructions {
  /** The domestic account as people type it. */
  account: string;
  iban: string;
  variableSymbol: string;
  amount: number;
  currency: Currency;
  /** PNG data URL of the payment QR code. */
  qrCode: string;
  /** The text inside the QR code (for tests and support). */
  qrPayload: string;
}

/**
 * Everything a payer needs for a transfer in the order's currency: our Czech account for CZK,
 * our Polish account for PLN, the variable symbol that pairs the money with the payment, and a QR
 * code their banking app reads.
 */
export async function transferInstructions(input: {
  accounts: { cz: string; pl: string };
  recipient: string;
  currency: Currency;
  amount: number;
  variableSymbol: string;
  orderNumber: string;
}): Promise<TransferInstructions> {
  if (input.currency === 'CZK') {
    const account = parseCzechAccount(input.accounts.cz);
    const iban = czechIban(account);
    const qrPayload = spdPayload({ iban, amount: input.amount, currency: 'CZK', variableSymbol: input.variableSymbol, message: `Objednavka ${input.orderNumber}` });
    return {
      account: formatCzechAccount(account),
      iban: groupIban(iban),
      variableSymbol: input.variableSymbol,
      amount: input.amount,
      currency: 'CZK',
      qrCode: await qrDataUrl(qrPayload, 'spd'),
      qrPayload,
    };
  }
  const nrb = parsePolishAccount(input.accounts.pl);
  // The title carries the variable symbol: Polish transfers have no separate reference field.
  const qrPayload = zbpPayload({ nip: '', nrb, amount: input.amount, recipient: input.recipient, title: `VS ${input.variableSymbol} zam. ${input.orderNumber}` });
  return {
    account: formatNrb(nrb),
    iban: groupIban(polishIban(nrb)),
    variableSymbol: input.variableSymbol,
    amount: input.amount,
    currency: 'PLN',
    qrCode: await qrDataUrl(qrPayload, 'zbp'),
    qrPayload,
  };
}
