import type { EntityManager } from '@mikro-orm/core';
import type { ExportPart } from '@aba/contracts/api';
import { exportTable, NotLoggedIn, type ExportCoverage } from '@aba/server-kit';
import { exportRows, type ExportSubject, type IdentityExportTable } from './account-export.queries.js';

/** A table of identity's part: its README sentence and its columns, in the order the CSV writes them. */
const TABLES: Readonly<Record<IdentityExportTable, { description: string; columns: readonly string[] }>> = {
  account: {
    description:
      'Your account: names, e-mail, phone, role, the language of the app and of its e-mails, whether it is active, when it was registered, and when its activation link was opened (empty when it was opened through an invitation or that link is no longer kept). Your password is kept only as a one-way hash, which is not exported.',
    columns: [
      'id',
      'first_name',
      'last_name',
      'email',
      'phone',
      'role',
      'language',
      'active',
      'date_registered',
      'date_activated',
    ],
  },
  sessions: {
    description:
      'Your logins that have not ended: when each started, was last used and ends. The session cookie is not exported (only a hash of it is kept).',
    columns: ['created_at', 'last_seen_at', 'expires_at'],
  },
  emailed_links: {
    description:
      "Links e-mailed to you: activation, password reset, e-mail change (with the address asked for) and invitations to your address (the child, the access and the inviting user's id); when each was sent, when it expires and when it was used. They are kept 7 days after they expire. The secret in a link is not exported (only a hash of it is kept).",
    columns: [
      'kind',
      'email',
      'child_id',
      'access_type',
      'invited_by',
      'created_at',
      'expires_at',
      'used_at',
    ],
  },
  failed_logins: {
    description:
      'Failed logins to your account under its current e-mail: the network address each came from and when. Kept 15 minutes, to slow down password guessing.',
    columns: ['address', 'failed_at'],
  },
  login_addresses: {
    description:
      'The network addresses you logged in from and when you last did: logins from them are not slowed down by failed ones from elsewhere. Kept 30 days.',
    columns: ['address', 'last_success_at'],
  },
  login_pace: {
    description: 'While failed logins slow your account down: when the next login attempt may be made.',
    columns: ['next_attempt_at'],
  },
  children: {
    description:
      'The children whose data you own or help with, by id, and since when (identity keeps this to open the app on your first child).',
    columns: ['child_id', 'since'],
  },
  data_exports: {
    description:
      'The exports of your data asked for in the last hour, this one included (5 are allowed an hour).',
    columns: ['requested_at'],
  },
};

/**
 * What identity's export does with each table of its schema: the part's table holding the caller's rows, or why it
 * has none (held equal to the schema by the export's int-spec).
 */
export const IDENTITY_EXPORT_COVERAGE: ExportCoverage = {
  user_account: { exportedAs: 'account' },
  session: { exportedAs: 'sessions' },
  one_time_token: { exportedAs: 'emailed_links' },
  login_failure: { exportedAs: 'failed_logins' },
  login_known_address: { exportedAs: 'login_addresses' },
  login_pace: { exportedAs: 'login_pace' },
  user_child: { exportedAs: 'children' },
  account_export: { exportedAs: 'data_exports' },
  outbox_event: {
    notExported:
      "Identity's events for the event stream, kept until relayed and then as long as the stream keeps them (EVENT_RETENTION_DAYS) for a restore; technical copies of changes to the account exported.",
  },
  pending_invite_mail: {
    notExported:
      'Invitations to help with a child waiting for their e-mail, kept only until it is sent (seconds); the invitations a user made are in the therapy part.',
  },
  inbox_event: {
    notExported:
      'Ids and subjects of the events identity has handled, kept to ignore redeliveries; no personal data.',
  },
  mikro_orm_migrations: { notExported: 'Which schema migrations have run; no personal data.' },
};

/**
 * Identity's part of a user's data export ("Download my data", issue 17, GDPR Art 15 and 20): every row it holds about
 * the user, each table present even when empty. Read in the caller's transaction (one snapshot). 401 without an
 * account.
 */
export async function readIdentityPart(em: EntityManager, userId: string): Promise<ExportPart> {
  const [account] = await exportRows(em, 'account', { userId, email: '' });
  if (!account) throw new NotLoggedIn();
  const who: ExportSubject = { userId, email: String(account.email) };
  const part: ExportPart = { service: 'identity', tables: [] };
  for (const name of Object.keys(TABLES) as IdentityExportTable[]) {
    const rows = name === 'account' ? [account] : await exportRows(em, name, who);
    part.tables.push(exportTable(name, TABLES[name].description, TABLES[name].columns, rows));
  }
  return part;
}
