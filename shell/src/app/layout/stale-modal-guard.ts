/**
 * Workaround for microsoft/fluentui#35139: a Fluent v9 modal dialog that leaves the page abruptly (the
 * browser's Back button while it is open, a navigation that unmounts it) can leave `aria-hidden="true"`
 * on the app root, hiding the whole page from screen readers and keyboard users' assistive tools. The
 * pages close their dialogs before leaving (`useDialogExit` of `@aba/web-kit/forms`); this guard catches
 * what they cannot: whenever the root is hidden or a portal leaves <body>, it checks a moment later and
 * un-hides the root if no modal dialog is on the page any more.
 */

/** What a Fluent modal dialog surface looks like in the DOM. */
const MODAL_SELECTOR = '[aria-modal="true"], [role="alertdialog"]';
/** Longer than Fluent's dialog exit animation, so a closing dialog is never raced. */
const SETTLE_MS = 400;

export function startStaleModalGuard(root: HTMLElement): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = () => {
    if (root.getAttribute('aria-hidden') === 'true' && document.querySelector(MODAL_SELECTOR) === null) {
      root.removeAttribute('aria-hidden');
    }
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(check, SETTLE_MS);
  };
  const observer = new MutationObserver(schedule);
  observer.observe(root, { attributes: true, attributeFilter: ['aria-hidden'] });
  // Fluent mounts each portal (dialogs included) as a child of <body>.
  observer.observe(document.body, { childList: true });
  return () => {
    clearTimeout(timer);
    observer.disconnect();
  };
}
