import AxeBuilder from '@axe-core/playwright';
import type { Locator } from '@playwright/test';

export interface AxeFinding {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

const SCOPE_ATTRIBUTE = 'data-axe-scope';

/**
 * The serious and critical axe-core violations inside `scope` (the screen under test, so that one screen's check
 * does not judge the shell around it).
 */
export async function seriousAxeViolations(scope: Locator): Promise<AxeFinding[]> {
  await scope.evaluate((element, attribute) => element.setAttribute(attribute, ''), SCOPE_ATTRIBUTE);
  try {
    const results = await new AxeBuilder({ page: scope.page() }).include(`[${SCOPE_ATTRIBUTE}]`).analyze();
    return results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.join(' ')),
      }));
  } finally {
    await scope.evaluate((element, attribute) => element.removeAttribute(attribute), SCOPE_ATTRIBUTE);
  }
}
