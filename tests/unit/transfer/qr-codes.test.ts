import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { spdPayload, zbpPayload } from '@/server/payments/transfer/payload';
import { transferInstructions } from '@/server/payments/transfer/bank-details';

/** Reads a QR code back out of a PNG data URL, as a banking app would. */
function decode(dataUrl: string): string {
  const png = PNG.sync.read(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'));
  const result = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!result) throw new Error('no QR code found');
  return result.data;
}

const ACCOUNTS = { cz: '19-2000145399/0800', pl: '61109010140000071219812874' };
const DUE = new Date('2026-11-25T10:00:00Z');

describe('Czech QR Platba (SPD)', () => {
  it('writes the payload the specification describes', () => {
    expect(spdPayload({ iban: 'CZ6508000000192000145399', amount: 125_000, currency: 'CZK', variableSymbol: '2024000123', message: 'Objednávka č. 2024000123' })).toBe(
      'SPD*1.0*ACC:CZ6508000000192000145399*AM:1250.00*CC:CZK*X-VS:2024000123*MSG:OBJEDNAVKA C. 2024000123',
    );
  });

  it('escapes the characters that would break the format', () => {
    expect(spdPayload({ iban: 'CZ6508000000192000145399', amount: 9_990, currency: 'CZK', variableSymbol: '1', message: 'Sleva 10% * akce + doprava' })).toContain(
      'AM:99.90*CC:CZK*X-VS:1*MSG:SLEVA 10%25 %2A AKCE %2B DOPRAVA',
    );
  });

  it('encodes a CZK transfer in a QR code that decodes to the payload, with error correction M', async () => {
    const details = await transferInstructions({ accounts: ACCOUNTS, nipPl: '5260250274', recipient: 'Dovolená za benefity', currency: 'CZK', amount: 1_234_550, variableSymbol: '1000000042', orderNumber: '2026000042', dueAt: DUE });
    expect(details.iban).toBe('CZ65 0800 0000 1920 0014 5399');
    // Czech banks pair by the variable symbol: there is no title to copy.
    expect(details).toMatchObject({ reference: 'variable_symbol', recipient: 'Dovolená za benefity', dueAt: DUE });
    expect(details.title).toBeUndefined();
    expect(decode(details.qrCode)).toBe(details.qrPayload);
    expect(details.qrPayload).toBe('SPD*1.0*ACC:CZ6508000000192000145399*AM:12345.50*CC:CZK*X-VS:1000000042*MSG:OBJEDNAVKA 2026000042');
  });
});

describe('Polish ZBP code', () => {
  it('writes nine fields with the amount in grosze', () => {
    expect(zbpPayload({ nip: '5260250274', nrb: '61109010140000071219812874', amount: 12_345, recipient: 'SKLEP ABC', title: 'ZAMOWIENIE 2024000123' })).toBe(
      '5260250274|PL|61109010140000071219812874|012345|SKLEP ABC|ZAMOWIENIE 2024000123|||',
    );
  });

  it('survives UTF-8 in a QR code', async () => {
    const payload = zbpPayload({ nip: '', nrb: '61109010140000071219812874', amount: 100, recipient: 'Łódź Żółć', title: 'Zażółć gęślą jaźń' });
    const { qrDataUrl } = await import('@/server/payments/transfer/qr');
    expect(decode(await qrDataUrl(payload, 'zbp'))).toBe(payload);
  });

  it('keeps Polish letters, strips other accents, and shortens name and title', () => {
    const payload = zbpPayload({ nip: '', nrb: '61109010140000071219812874', amount: 100, recipient: 'Dovolená za benefity s.r.o.', title: 'Zamówienie dla Łukasza i Zdeňka 123456789' });
    const [, , , , name, title] = payload.split('|');
    expect(name).toBe('Dovolena za benefity');
    expect(title).toBe('Zamówienie dla Łukasza i Zdenka ');
  });

  it('lets the payer type amounts the format cannot carry', () => {
    expect(zbpPayload({ nip: '', nrb: '61109010140000071219812874', amount: 1_000_000, recipient: 'X', title: 'Y' }).split('|')[3]).toBe('000000');
  });

  it('encodes a PLN transfer in a QR code that decodes to the payload', async () => {
    const details = await transferInstructions({ accounts: ACCOUNTS, nipPl: '5260250274', recipient: 'Wakacje za benefity', currency: 'PLN', amount: 45_678, variableSymbol: '1000000043', orderNumber: '2026000043', dueAt: DUE });
    expect(details.account).toBe('61 1090 1014 0000 0712 1981 2874');
    expect(details.iban).toBe('PL61 1090 1014 0000 0712 1981 2874');
    expect(decode(details.qrCode)).toBe(details.qrPayload);
    // The title shown on the page and in the e-mail is the QR code's, character for character.
    expect(details).toMatchObject({ reference: 'title', title: 'Płatność 1000000043', recipient: 'Wakacje za benefity', dueAt: DUE });
    // A company recipient names its NIP (field 1); the amount is in the code.
    expect(details.qrPayload).toBe('5260250274|PL|61109010140000071219812874|045678|Wakacje za benefity|Płatność 1000000043|||');
    expect(details.qrWithoutAmount).toBe(false);
  });

  it('leaves an amount above 9 999,99 zł to the payer and says so, never a wrong one in the code', async () => {
    const details = await transferInstructions({ accounts: ACCOUNTS, nipPl: '5260250274', recipient: 'Wakacje za benefity', currency: 'PLN', amount: 1_234_567, variableSymbol: '1000000044', orderNumber: '2026000044', dueAt: DUE });
    expect(details.qrPayload.split('|')[3]).toBe('000000');
    expect(details.qrWithoutAmount).toBe(true);
    expect(decode(details.qrCode)).toBe(details.qrPayload);
  });
});
