/**
 * The terms text lives in the `terms` namespace as one array of strings per section. A string starting
 * with "### " is a sub-heading, consecutive strings starting with "- " form one bulleted list, and any
 * other string is a paragraph. Keeping the markup this small lets translators edit plain JSON.
 */
export type TermsBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: string[] };

export function termsBlocks(lines: unknown): TermsBlock[] {
  if (!Array.isArray(lines)) return [];
  const blocks: TermsBlock[] = [];
  for (const line of lines) {
    if (typeof line !== 'string' || line.trim() === '') continue;
    if (line.startsWith('### ')) {
      blocks.push({ kind: 'heading', text: line.slice(4).trim() });
    } else if (line.startsWith('- ')) {
      const last = blocks[blocks.length - 1];
      if (last?.kind === 'list') last.items.push(line.slice(2).trim());
      else blocks.push({ kind: 'list', items: [line.slice(2).trim()] });
    } else {
      blocks.push({ kind: 'paragraph', text: line.trim() });
    }
  }
  return blocks;
}

/** Sections of the terms, in order (spec §2); each is `{ title, body }` in the `terms` namespace. */
export const TERMS_SECTIONS = [
  'definitions',
  'account',
  'description',
  'conduct',
  'liability',
  'privacy',
  'notifications',
  'final',
] as const;
export type TermsSection = (typeof TERMS_SECTIONS)[number];
