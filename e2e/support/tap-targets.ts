import type { Locator } from '@playwright/test';

export interface TapTargetReport {
  /** How many targets were measured. */
  count: number;
  /** The smallest width and height among them, and whose. */
  smallest: { width: number; height: number; name: string };
  /** The smallest distance between two targets (0 when they touch or overlap), and between which. */
  closest: { gap: number; between: [string, string] };
}

/**
 * Measures every visible tap target (buttons, links, form controls) inside `scope`: their smallest side and the
 * smallest gap between two of them (the larger of the horizontal and vertical separation of their boxes).
 */
export async function measureTapTargets(scope: Locator): Promise<TapTargetReport> {
  return scope.evaluate((root) => {
    const selector = 'button, a[href], select, input:not([type="hidden"]), textarea, [role="button"], [role="link"]';
    const boxes = [...root.querySelectorAll<HTMLElement>(selector)]
      .map((element) => {
        const rect = element.getBoundingClientRect();
        const label = element.getAttribute('aria-label') || element.textContent?.trim() || element.tagName.toLowerCase();
        return { rect, name: label.slice(0, 60) };
      })
      .filter(({ rect }) => rect.width > 0 && rect.height > 0);
    let smallest = { width: Infinity, height: Infinity, name: '' };
    let smallestSide = Infinity;
    for (const { rect, name } of boxes) {
      const side = Math.min(rect.width, rect.height);
      if (side < smallestSide) {
        smallestSide = side;
        smallest = { width: Math.round(rect.width * 10) / 10, height: Math.round(rect.height * 10) / 10, name };
      }
    }
    let closest = { gap: Infinity, between: ['', ''] as [string, string] };
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i].rect;
        const b = boxes[j].rect;
        const dx = Math.max(0, b.left - a.right, a.left - b.right);
        const dy = Math.max(0, b.top - a.bottom, a.top - b.bottom);
        const gap = Math.max(dx, dy);
        if (gap < closest.gap) closest = { gap: Math.round(gap * 10) / 10, between: [boxes[i].name, boxes[j].name] };
      }
    }
    return { count: boxes.length, smallest, closest };
  });
}
