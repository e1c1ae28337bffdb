import type { MailLanguage } from './language.js';

/** Every e-mail identity sends, in Romanian and English: subject, plain text and simple HTML. */

export type MailKind = 'activation' | 'reset' | 'invite' | 'email-change' | 'email-change-notice';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** What an invitation says about itself: who sent it, for which child, and in which role. */
export interface InviteDetails {
  /** The inviter's full name, when identity knows the inviter. */
  inviterName?: string;
  /** The child's first name (never more of the child), when the invitation carried it. */
  childFirstName?: string;
  role: 'THERAPIST' | 'COORDINATOR';
}

export interface MailTemplateInput {
  language: MailLanguage;
  /** The link to open; none for a mail that only tells (`email-change-notice`). */
  link?: string;
  /** The recipient's first name, when there is an account. */
  firstName?: string;
  /** For an invite. */
  invite?: InviteDetails;
  /** For an e-mail change: the address asked for. */
  newEmail?: string;
}

/** What a mail's wording may name beside the recipient. */
interface MailDetails {
  invite?: InviteDetails;
  newEmail?: string;
}

const PRODUCT = 'ABA Tracker';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A name as one plain line (no line breaks, no runs of spaces), or undefined when nothing is left. */
function oneLine(value: string | undefined): string | undefined {
  const line = value?.replace(/\s+/g, ' ').trim();
  return line ? line : undefined;
}

interface Wording {
  subject: (details: MailDetails) => string;
  greeting: (firstName?: string) => string;
  body: (details: MailDetails) => string;
  /** The link's words; none for a mail without a link. */
  action?: string;
  note: string;
}

const greeting = {
  ro: (firstName?: string) => (firstName ? `Bună, ${firstName},` : 'Bună,'),
  en: (firstName?: string) => (firstName ? `Hello ${firstName},` : 'Hello,'),
};

const ROLE_NAMES: Record<MailLanguage, Record<InviteDetails['role'], string>> = {
  ro: { THERAPIST: 'terapeut', COORDINATOR: 'coordonator' },
  en: { THERAPIST: 'therapist', COORDINATOR: 'coordinator' },
};

const WORDING: Record<MailKind, Record<MailLanguage, Wording>> = {
  activation: {
    ro: {
      subject: () => `Activează-ți contul ${PRODUCT}`,
      greeting: greeting.ro,
      body: () => `Îți mulțumim că te-ai înregistrat în ${PRODUCT}. Deschide linkul de mai jos pentru a-ți activa contul.`,
      action: 'Activează contul',
      note: 'Linkul este valabil 7 zile. Dacă nu tu ai creat contul, poți ignora acest mesaj.',
    },
    en: {
      subject: () => `Activate your ${PRODUCT} account`,
      greeting: greeting.en,
      body: () => `Thank you for registering with ${PRODUCT}. Open the link below to activate your account.`,
      action: 'Activate account',
      note: 'The link is valid for 7 days. If you did not create this account, you can ignore this message.',
    },
  },
  reset: {
    ro: {
      subject: () => `Resetarea parolei ${PRODUCT}`,
      greeting: greeting.ro,
      body: () =>
        'Am primit o cerere de resetare a parolei contului tău. Deschide linkul de mai jos pentru a alege o parolă nouă.',
      action: 'Alege o parolă nouă',
      note: 'Linkul este valabil o oră și poate fi folosit o singură dată. Dacă nu tu ai cerut resetarea, poți ignora acest mesaj.',
    },
    en: {
      subject: () => `Reset your ${PRODUCT} password`,
      greeting: greeting.en,
      body: () =>
        'We received a request to reset the password of your account. Open the link below to choose a new password.',
      action: 'Choose a new password',
      note: 'The link is valid for one hour and can be used once. If you did not ask for a reset, you can ignore this message.',
    },
  },
  invite: {
    ro: {
      subject: ({ invite }) =>
        invite?.inviterName ? `${invite.inviterName} te-a invitat în ${PRODUCT}` : `Ai fost invitat în ${PRODUCT}`,
      greeting: greeting.ro,
      body: ({ invite }) => {
        const who = invite?.inviterName ? `${invite.inviterName} te-a invitat` : 'Ai fost invitat';
        const team = invite?.childFirstName ? `echipa copilului ${invite.childFirstName}` : 'echipa unui copil';
        const role = invite ? `, ca ${ROLE_NAMES.ro[invite.role]}` : '';
        return `${who} să faci parte din ${team} în ${PRODUCT}${role}. Deschide linkul de mai jos pentru a-ți crea contul.`;
      },
      action: 'Creează contul',
      note: 'Invitația este valabilă 14 zile. Dacă nu cunoști persoana care te-a invitat, poți ignora acest mesaj.',
    },
    en: {
      subject: ({ invite }) =>
        invite?.inviterName ? `${invite.inviterName} invited you to ${PRODUCT}` : `You have been invited to ${PRODUCT}`,
      greeting: greeting.en,
      body: ({ invite }) => {
        const who = invite?.inviterName ? `${invite.inviterName} invited you` : 'You have been invited';
        const team = invite?.childFirstName ? `${invite.childFirstName}'s team` : "a child's team";
        const role = invite ? ` as a ${ROLE_NAMES.en[invite.role]}` : '';
        return `${who} to join ${team} in ${PRODUCT}${role}. Open the link below to create your account.`;
      },
      action: 'Create account',
      note: 'The invitation is valid for 14 days. If you do not know who invited you, you can ignore this message.',
    },
  },
  'email-change': {
    ro: {
      subject: () => `Confirmă noua adresă de e-mail a contului ${PRODUCT}`,
      greeting: greeting.ro,
      body: () =>
        `Ai cerut ca aceasta să fie adresa de e-mail a contului tău ${PRODUCT}. Deschide linkul de mai jos pentru a o confirma; până atunci te conectezi cu adresa de acum.`,
      action: 'Confirmă adresa',
      note: 'Linkul este valabil 24 de ore și poate fi folosit o singură dată. Dacă nu tu ai cerut schimbarea, poți ignora acest mesaj.',
    },
    en: {
      subject: () => `Confirm the new e-mail of your ${PRODUCT} account`,
      greeting: greeting.en,
      body: () =>
        `You asked for this to be the e-mail of your ${PRODUCT} account. Open the link below to confirm it; until then you log in with your current address.`,
      action: 'Confirm the address',
      note: 'The link is valid for 24 hours and can be used once. If you did not ask for the change, you can ignore this message.',
    },
  },
  'email-change-notice': {
    ro: {
      subject: () => `S-a cerut schimbarea adresei de e-mail a contului ${PRODUCT}`,
      greeting: greeting.ro,
      body: ({ newEmail }) =>
        `Cineva conectat la contul tău ${PRODUCT}, cu parola lui, a cerut ca adresa lui de e-mail să devină ${newEmail ?? 'alta'}. Adresa se schimbă doar după ce linkul trimis acolo este deschis.`,
      note: 'Dacă nu tu ai cerut schimbarea, schimbă-ți parola acum: celelalte sesiuni ale contului se închid odată cu ea.',
    },
    en: {
      subject: () => `A change of your ${PRODUCT} account's e-mail was asked for`,
      greeting: greeting.en,
      body: ({ newEmail }) =>
        `Someone logged in to your ${PRODUCT} account, with its password, asked for its e-mail to become ${newEmail ?? 'another one'}. The address changes only once the link sent there is opened.`,
      note: "If it was not you, change your password now: the account's other sessions end with it.",
    },
  },
};

export function renderMail(kind: MailKind, input: MailTemplateInput): MailContent {
  const words = WORDING[kind][input.language];
  const details: MailDetails = {
    invite: input.invite && {
      role: input.invite.role,
      inviterName: oneLine(input.invite.inviterName),
      childFirstName: oneLine(input.invite.childFirstName),
    },
    newEmail: oneLine(input.newEmail),
  };
  const hello = words.greeting(oneLine(input.firstName));
  const body = words.body(details);
  const textLink = input.link ? [input.link, ''] : [];
  const text = [hello, '', body, '', ...textLink, words.note, '', `— ${PRODUCT}`, ''].join('\n');
  const link = input.link && escapeHtml(input.link);
  const htmlLink = link
    ? [`<p><a href="${link}">${escapeHtml(words.action ?? link)}</a></p>`, `<p style="font-size: small">${link}</p>`]
    : [];
  const html = [
    `<!doctype html><html lang="${input.language}"><body style="font-family: sans-serif; line-height: 1.5">`,
    `<p>${escapeHtml(hello)}</p>`,
    `<p>${escapeHtml(body)}</p>`,
    ...htmlLink,
    `<p style="font-size: small; color: #555">${escapeHtml(words.note)}</p>`,
    `<p>— ${PRODUCT}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: words.subject(details), text, html };
}
