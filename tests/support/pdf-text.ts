import { spawnSync } from 'node:child_process';

/** Whether poppler's pdftotext is installed (CI installs poppler-utils; see .ci/run). */
export const HAS_PDFTOTEXT = spawnSync('pdftotext', ['-v']).status === 0;

/** Why the PDF text tests are skipped, in their titles, when pdftotext is missing. */
export const PDFTOTEXT_MISSING = HAS_PDFTOTEXT ? '' : ' (SKIPPED: pdftotext is not installed; apt-get install poppler-utils)';

/**
 * A PDF's text as `pdftotext -layout` reads it: each printed line one line of text, columns kept
 * apart by spaces, so "an amount on one line" can be checked. No-break and narrow no-break spaces
 * come out as plain spaces.
 */
export function pdfText(pdf: Buffer): string {
  const result = spawnSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`pdftotext failed: ${result.stderr || result.error?.message}`);
  return result.stdout.replace(/[\u00a0\u202f]/g, ' ');
}
