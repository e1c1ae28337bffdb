import type { Route } from '@playwright/test';

/** Lets a request reach the server, which handles it, and drops its reply: the phone never learns it was saved. */
export async function loseReply(route: Route): Promise<void> {
  await route.fetch();
  await route.abort('internetdisconnected');
}
