import type { Page } from '@playwright/test';

/** The shell's frame: navigation, language switch, footer, and the main heading of whatever page is open. */
export class ShellPage {
  constructor(readonly page: Page) {}

  get heading() {
    return this.page.getByRole('heading', { level: 1 });
  }

  get mainNavigation() {
    return this.page.getByRole('navigation', { name: /Navigare principală|Main navigation/ });
  }

  /** The header's count of what this phone has not sent yet (`count` in its name), while anything waits. */
  outboxBadge(count: number | 'any' = 'any') {
    const counted = count === 'any' ? '\\d+' : String(count);
    return this.page.getByRole('link', {
      name: new RegExp(`^Înregistrări de pe acest telefon care nu sunt încă pe server: ${counted}\\.`),
    });
  }

  get remoteError() {
    return this.page.getByRole('alert').filter({ hasText: /nu a putut fi încărcată|could not be loaded/ });
  }

  get retryButton() {
    return this.page.getByRole('button', { name: /Reîncearcă|Retry/ });
  }

  async open(path: string) {
    await this.page.goto(path);
  }

  /** The RO/EN buttons: each is named by its visible text, then the language's own name. */
  languageButton(language: 'RO' | 'EN') {
    return this.page.getByRole('button', { name: language === 'RO' ? 'RO Română' : 'EN English', exact: true });
  }

  async switchLanguage(language: 'RO' | 'EN') {
    await this.languageButton(language).click();
  }

  /** The polite live region that reads the title of the page a navigation opened. */
  get routeAnnouncer() {
    return this.page.getByTestId('route-announcer');
  }
}
