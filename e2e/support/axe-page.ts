import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';

/** Where a violation is: in the shell's own screens and frame, or inside a remote's routes (`data-remote`). */
export type AxePart = 'shell' | 'plans' | 'behaviors' | 'billing' | 'admin';

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

export interface PageViolation extends AxeFinding {
  part: AxePart;
}

const SERIOUS = new Set(['serious', 'critical']);

/**
 * Fluent's focus manager (tabster) puts focusable `aria-hidden` "dummy inputs" (`data-tabster-dummy`) around focus
 * groups on purpose: they pass the focus on the moment they get it, and must stay hidden from screen readers. axe
 * reports them as aria-hidden-focus; it is a known false positive (microsoft/tabster#288; Accessibility Insights
 * suppresses it), so they are left out of the audit, nothing else.
 */
const TABSTER_DUMMIES = '[data-tabster-dummy]';

/**
 * axe-core's default rules (WCAG A and AA, best practices) plus the one that checks a control's name contains its
 * visible text (WCAG 2.5.3). Run in the page itself (`setLegacyMode`): the default opens a blank page per check to
 * merge the results of cross-origin frames, which the app has none of, and that took half of every check's time.
 */
function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .exclude(TABSTER_DUMMIES);
}

/** The serious and critical violations of one axe run, one finding per rule with every node's selector. */
async function seriousFindings(builder: AxeBuilder): Promise<Array<AxeFinding & { nodes: string[] }>> {
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => SERIOUS.has(violation.impact ?? ''))
    .map((violation) => {
      const nodes = violation.nodes.map((node) => node.target.join(' '));
      return {
        rule: violation.id,
        impact: violation.impact ?? '',
        help: violation.help,
        targets: nodes,
        nodes,
      };
    });
}

/**
 * The serious and critical axe-core violations of the whole page, told apart by owner: the shell (its frame, its
 * pages, whatever is outside a remote's routes) and each remote whose routes hold the node (web-kit's `RemoteRoutes`
 * marks them `data-remote`). One axe run per page.
 */
export async function pageViolations(page: Page): Promise<PageViolation[]> {
  const found: PageViolation[] = [];
  for (const { nodes, ...finding } of await seriousFindings(axe(page))) {
    const parts = await page.evaluate(
      (selectors) =>
        selectors.map((selector) => {
          const element = document.querySelector(selector);
          return element?.closest('[data-remote]')?.getAttribute('data-remote') ?? 'shell';
        }),
      nodes,
    );
    for (const part of new Set(parts)) {
      found.push({
        ...finding,
        part: part as AxePart,
        targets: nodes.filter((_node, index) => parts[index] === part),
      });
    }
  }
  return found;
}

const SCOPE_ATTRIBUTE = 'data-axe-scope';

/**
 * The serious and critical axe-core violations inside `scope` (the screen under test, so that one screen's check
 * does not judge the shell around it), with the same rules as {@link pageViolations}.
 */
export async function seriousAxeViolations(scope: Locator): Promise<AxeFinding[]> {
  await scope.evaluate((element, attribute) => element.setAttribute(attribute, ''), SCOPE_ATTRIBUTE);
  try {
    return (await seriousFindings(axe(scope.page()).include(`[${SCOPE_ATTRIBUTE}]`))).map(
      ({ nodes: _nodes, ...finding }) => finding,
    );
  } finally {
    await scope.evaluate((element, attribute) => element.removeAttribute(attribute), SCOPE_ATTRIBUTE);
  }
}
