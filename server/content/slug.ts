/**
 * A heading's anchor, computed as GitHub computes it (content/README.md promises editors this
 * rule for the FAQ's `featured` list): lower case, letters with diacritics kept, punctuation
 * dropped, each space a dash.
 */
export function headingSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}
