import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { e2eEnvironment } from '../e2e-environment.js';

/** The e-mails identity wrote for this run (no SMTP_URL: one .eml file per message in MAIL_DIR). */
export class Mailbox {
  constructor(private readonly dir = e2eEnvironment.mailDir) {}

  private messagesTo(email: string): string[] {
    if (!existsSync(this.dir)) return [];
    // identity names each file `<timestamp>-<kind>-<recipient>.eml` (recipient made file-name safe): only those are read.
    const recipient = email.replace(/[^A-Za-z0-9@._+-]/g, '_').slice(0, 200).toLowerCase();
    return readdirSync(this.dir)
      .filter((file) => file.endsWith('.eml') && file.toLowerCase().includes(recipient))
      .sort()
      .map((file) => readFileSync(join(this.dir, file), 'utf8'))
      .filter((message) => new RegExp(`^To:.*${email.replace(/[.+]/g, '\\$&')}`, 'mi').test(message));
  }

  /** The messages to `email` so far, decoded (good enough to read their text). */
  textsTo(email: string): string[] {
    return this.messagesTo(email).map(decodeQuotedPrintable);
  }

  /** Waits for the newest message to `email` holding a link whose path starts with `pathPrefix`, and returns the link's path. */
  async linkTo(email: string, pathPrefix: string, timeoutMs = 15_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    const pattern = new RegExp(`https?://[^\\s"'<>]+(${pathPrefix.replace(/\//g, '\\/')}[A-Za-z0-9_-]+)`);
    while (Date.now() < deadline) {
      for (const message of this.messagesTo(email).reverse()) {
        const match = decodeQuotedPrintable(message).match(pattern);
        if (match) return match[1];
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`No e-mail to ${email} with a ${pathPrefix} link within ${timeoutMs} ms (looked in ${this.dir})`);
  }
}

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
