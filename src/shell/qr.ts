import type { QRCodeToStringOptions } from 'qrcode';

/**
 * How the binding link is drawn: SVG (sharp at any zoom) with a one-module margin. Low error correction
 * keeps the ~250-character link at 57 modules instead of 65: a code on a clean screen needs no more, and
 * bigger modules scan more easily.
 */
export const QR_OPTIONS = {
  type: 'svg',
  errorCorrectionLevel: 'L',
  margin: 1,
  width: 220,
} as const satisfies QRCodeToStringOptions;

/**
 * The QR code of `text` as an image address (data: URLs are allowed by the app's CSP). The qrcode
 * library is imported here, on first use, so it is never part of the pages' first chunks.
 */
export async function qrImageUrl(text: string): Promise<string> {
  const { toString } = await import('qrcode');
  const svg = await toString(text, QR_OPTIONS);
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
