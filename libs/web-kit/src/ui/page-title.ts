import { useSyncExternalStore } from 'react';

/** The product's name, at the end of every page's title (the same in every language). */
export const PRODUCT_NAME = 'ABA Tracker';

/** A heading on screen that names the page, and its level (a child page's h2 is more specific than the child's h1). */
interface TitlePart {
  level: number;
  text: string;
}

/**
 * `<page> · ABA Tracker`, the page being what the headings on screen say, most specific first (a child's page:
 * `Plans · Andrei Popescu · ABA Tracker`); just the product's name while no heading is on screen. Pure.
 */
export function composePageTitle(parts: Iterable<TitlePart>): string {
  const texts = [...parts]
    .map((part, order) => ({ ...part, order, text: part.text.replace(/\s+/g, ' ').trim() }))
    .filter((part) => part.text !== '')
    .sort((a, b) => b.level - a.level || a.order - b.order)
    .map((part) => part.text);
  return [...texts, PRODUCT_NAME].join(' · ');
}

/**
 * Whether `next` names the same page more precisely than `previous` did: the same title with a more specific heading
 * in front (`Progress · Andrei Popescu · ABA Tracker` after `Andrei Popescu · ABA Tracker`, a child page whose own
 * heading came after the child's). Pure.
 */
export function refinesPageTitle(next: string, previous: string): boolean {
  return previous !== '' && next.endsWith(` · ${previous}`);
}

const parts = new Map<object, TitlePart>();
const listeners = new Set<() => void>();
let current = { title: PRODUCT_NAME, named: false };

function publish(): void {
  const title = composePageTitle(parts.values());
  const named = [...parts.values()].some((part) => part.text.trim() !== '');
  if (title === current.title && named === current.named) return;
  current = { title, named };
  if (typeof document !== 'undefined') document.title = title;
  for (const listener of listeners) listener();
}

/** A page heading (web-kit's `PageHeading`) says what the page is; `null` text when it leaves the screen. */
export function setPageTitlePart(key: object, part: TitlePart | null): void {
  if (part) parts.set(key, part);
  else parts.delete(key);
  publish();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The page's title as the document has it, and whether a heading names the page yet (while a page loads only the
 * product's name is there). Re-renders when it changes.
 */
export function usePageTitle(): { title: string; named: boolean } {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
}
