import QRCode from 'qrcode';

/** Codes made recently, by payload: an order page asks again on every view and poll. */
const made = new Map<string, Promise<string>>();
const REMEMBERED = 1_000;

/**
 * A payment QR code as a PNG data URL: error correction M for the Czech SPD (its specification),
 * L for the Polish ZBP code (the ZBP recommendation). Drawing one costs milliseconds of CPU, so
 * the latest ones are kept (the payload fixes the picture; a failed drawing is not kept).
 */
export function qrDataUrl(payload: string, format: 'spd' | 'zbp'): Promise<string> {
  const key = `${format}\n${payload}`;
  const known = made.get(key);
  if (known) return known;
  const drawing = QRCode.toDataURL(payload, {
    errorCorrectionLevel: format === 'spd' ? 'M' : 'L',
    margin: 4,
    width: 300,
  });
  if (made.size >= REMEMBERED) made.delete(made.keys().next().value!);
  made.set(key, drawing);
  drawing.catch(() => made.delete(key));
  return drawing;
}
