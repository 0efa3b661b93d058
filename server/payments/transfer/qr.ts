import QRCode from 'qrcode';

/**
 * A payment QR code as a PNG data URL: error correction M for the Czech SPD (its specification),
 * L for the Polish ZBP code (the ZBP recommendation).
 */
export function qrDataUrl(payload: string, format: 'spd' | 'zbp'): Promise<string> {
  return QRCode.toDataURL(payload, {
    errorCorrectionLevel: format === 'spd' ? 'M' : 'L',
    margin: 4,
    width: 300,
  });
}
