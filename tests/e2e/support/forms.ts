import type { Page } from '@playwright/test';

/** Fills the orderer's part of an order form in Czech (labels of messages/cs.json). */
export async function fillCzechCustomer(page: Page, email = 'jana.novakova@example.cz') {
  await page.getByLabel('Jméno', { exact: false }).first().fill('Jana');
  await page.getByLabel('Příjmení').first().fill('Nováková');
  await page.getByLabel('E-mail').first().fill(email);
  await page.getByLabel('Telefon').first().fill('+420 123 456 789');
  await page.getByLabel('Ulice a číslo popisné').fill('Vodičkova 12');
  await page.getByLabel('Město').fill('Praha');
  await page.getByLabel('PSČ').fill('110 00');
  await page.getByLabel(/storno podmínkami/).check();
  await page.getByLabel(/obchodními podmínkami/).check();
}

/** Fills the orderer's part of an order form in Polish (labels of messages/pl.json). */
export async function fillPolishCustomer(page: Page, email = 'anna.kowalska@example.pl') {
  await page.getByLabel('Imię').first().fill('Anna');
  await page.getByLabel('Nazwisko').first().fill('Kowalska');
  await page.getByLabel('E-mail').first().fill(email);
  await page.getByLabel('Telefon').first().fill('+48 123 456 789');
  await page.getByLabel('Ulica i numer').fill('Marszałkowska 1');
  await page.getByLabel('Miejscowość').fill('Warszawa');
  await page.getByLabel('Kod pocztowy').fill('00-001');
  await page.getByLabel(/warunki anulowania/).check();
  await page.getByLabel(/regulamin/).check();
}

export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  attachments: { fileName: string; url: string }[];
}

/** What the sandbox mail server of a server received, newest first. */
export async function outbox(base: string): Promise<OutboxMail[]> {
  const res = await fetch(`${base}/sandbox/api/mail`);
  return (await res.json()) as OutboxMail[];
}

/**
 * Records an incoming transfer at the sandbox bank: with a variable symbol (Czech banks), or with
 * only a title (Polish banks have no variable symbol; the title carries the reference).
 */
export async function bankTransfer(base: string, reference: string | { title: string }, amount: { currency: string; minor: number }) {
  const res = await fetch(`${base}/sandbox/api/bank/transfers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      ...(typeof reference === 'string' ? { variableSymbol: reference } : reference),
      amount: { currencyCode: amount.currency, units: String(Math.trunc(amount.minor / 100)), nanos: (amount.minor % 100) * 10_000_000 },
    }),
  });
  if (res.status !== 201) throw new Error(`the sandbox bank answered ${res.status}`);
}
