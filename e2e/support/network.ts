import type { Page, Route } from '@playwright/test';

/** Lets a request reach the server, which handles it, and drops its reply: the phone never learns it was saved. */
export async function loseReply(route: Route): Promise<void> {
  await route.fetch();
  await route.abort('internetdisconnected');
}

/**
 * Calls to `url` fail as with no network until `restore()`; a send the phone retries on its own meanwhile fails too,
 * so the Retry a test taps next is the one that saves (unrouting instead let such a retry through first).
 */
export async function failingUntilRestored(page: Page, url: string) {
  let passing = false;
  await page.route(url, (route) => (passing ? route.continue() : route.abort('internetdisconnected')));
  return {
    restore: () => {
      passing = true;
    },
  };
}

/**
 * Taps the middle of a box with the touch screen, without waiting for what is there to accept taps (a blind tap): a
 * finger's quick second tap, whatever the page is busy drawing after the first.
 */
export async function blindTap(page: Page, box: { x: number; y: number; width: number; height: number }) {
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}
