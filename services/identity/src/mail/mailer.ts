import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Background } from '../background.js';
import { randomUUID } from 'node:crypto';
import { link, mkdir, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import { IDENTITY_SETTINGS, type IdentitySettings } from '../config.js';
import type { MailLanguage } from './language.js';
import { renderMail, type InviteDetails, type MailKind } from './templates.js';

export interface MailRequest {
  kind: MailKind;
  to: string;
  language: MailLanguage;
  /** The secret token the link carries (never stored; only its hash is); none for a mail without a link. */
  token?: string;
  firstName?: string;
  /** For an invite: who sent it, for which child, in which role. */
  invite?: InviteDetails;
  /** For an e-mail change: the address asked for. */
  newEmail?: string;
}

const LINK_PATHS: Record<Exclude<MailKind, 'email-change-notice'>, string> = {
  activation: '/token/activate-user/',
  reset: '/token/reset-password/',
  invite: '/register/',
  'email-change': '/token/confirm-email/',
};

/** `<ISO timestamp>-<kind>-<recipient>.eml`, safe as a file name on any system. */
export function mailFileName(at: Date, kind: MailKind, to: string): string {
  const stamp = at.toISOString().replace(/:/g, '-');
  return `${stamp}-${kind}-${to.replace(/[^A-Za-z0-9@._+-]/g, '_').slice(0, 200)}.eml`;
}

/**
 * Sends identity's e-mails: SMTP when SMTP_URL is set, else each message is written as an .eml file into MAIL_DIR
 * and its link logged. Callers dispatch after their transaction has committed; a failed send is logged, never thrown.
 */
@Injectable()
export class Mailer implements OnApplicationShutdown {
  private readonly logger = new Logger(Mailer.name);
  private transport?: Transporter;

  constructor(
    @Inject(IDENTITY_SETTINGS) private readonly settings: IdentitySettings,
    @Inject(Background) private readonly background: Background,
  ) {}

  link(kind: keyof typeof LINK_PATHS, token: string): string {
    return `${this.settings.publicUrl}${LINK_PATHS[kind]}${encodeURIComponent(token)}`;
  }

  /** Starts sending and returns at once (the answer to the caller never waits for, or depends on, the mail). */
  dispatch(request: MailRequest): void {
    this.background.run(`${request.kind} e-mail`, async () => {
      await this.send(request);
    });
  }

  /** Sends one message; resolves to whether it was sent (failures are logged, never thrown). */
  async send(request: MailRequest): Promise<boolean> {
    const { kind, token } = request;
    const link = kind === 'email-change-notice' || token === undefined ? undefined : this.link(kind, token);
    const content = renderMail(kind, {
      language: request.language,
      link,
      firstName: request.firstName,
      invite: request.invite,
      newEmail: request.newEmail,
    });
    const message = { from: this.settings.mail.from, to: request.to, ...content };
    try {
      if (this.settings.mail.smtpUrl) {
        await this.smtp().sendMail(message);
        this.logger.log({ kind: request.kind, to: request.to }, 'E-mail sent');
      } else {
        const file = await this.writeEml(request, message);
        this.logger.log({ kind: request.kind, to: request.to, file, link }, `E-mail written: ${link}`);
      }
      return true;
    } catch (error) {
      this.logger.error({ err: error, kind: request.kind, to: request.to }, 'E-mail could not be sent');
      return false;
    }
  }

  onApplicationShutdown(): void {
    this.transport?.close();
  }

  private smtp(): Transporter {
    this.transport ??= nodemailer.createTransport(this.settings.mail.smtpUrl!);
    return this.transport;
  }

  private async writeEml(request: MailRequest, message: SendMailOptions): Promise<string> {
    const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    const info = await composer.sendMail(message);
    const dir = this.settings.mail.dir;
    await mkdir(dir, { recursive: true });
    const name = mailFileName(new Date(), request.kind, request.to);
    // Written aside, then linked under its name: whoever reads the directory never sees half a message.
    const draft = join(dir, `.${randomUUID()}.draft`);
    await writeFile(draft, info.message as Buffer);
    try {
      for (let attempt = 1; ; attempt++) {
        const file = join(dir, attempt === 1 ? name : name.replace(/\.eml$/, `-${attempt}.eml`));
        try {
          await link(draft, file);
          return file;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 100) throw error;
        }
      }
    } finally {
      await unlink(draft);
    }
  }
}
