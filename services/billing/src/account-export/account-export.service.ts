import { Inject, Injectable } from '@nestjs/common';
import { EntityManager, IsolationLevel } from '@mikro-orm/core';
import type { ExportPart, ExportTable } from '@aba/contracts/api';
import { exportTable, type ExportCoverage } from '@aba/server-kit';
import {
  accountRows,
  childAccessRows,
  childRows,
  licenceRows,
  subscriptionRows,
} from './account-export.queries.js';

/** One table of billing's part: its name in the ZIP, its README sentence, its columns and how its rows are read. */
interface PartTable {
  name: string;
  description: string;
  columns: readonly string[];
  rows(em: EntityManager, userId: string): Promise<Record<string, unknown>[]>;
}

const PART_TABLES: readonly PartTable[] = [
  {
    name: 'account',
    description:
      'Your e-mail address and names as billing copies them from your account, so that administrators can find you.',
    columns: ['id', 'email', 'first_name', 'last_name'],
    rows: accountRows,
  },
  {
    name: 'subscriptions',
    description:
      'Your subscriptions: how many licences each gives, its status, when it was created and last changed, and its Stripe customer and subscription ids.',
    columns: [
      'id',
      'quantity',
      'status',
      'stripe_customer_id',
      'stripe_subscription_id',
      'created_at',
      'last_update',
      'stripe_updated_at',
    ],
    rows: subscriptionRows,
  },
  {
    name: 'licences',
    description:
      "Each licence of your subscriptions given to a child, and each licence your children held: which child, from when until when, and why it ended (another user's subscription is not named).",
    columns: [
      'id',
      'subscription_id',
      'of_your_subscription',
      'child_id',
      'status',
      'assigned_by_you',
      'assigned_at',
      'revoked_at',
      'revoked_reason',
    ],
    rows: licenceRows,
  },
  {
    name: 'children',
    description:
      "Your children as billing copies them, with their names (a deleted child's names are not kept).",
    columns: ['id', 'first_name', 'last_name', 'deleted'],
    rows: childRows,
  },
  {
    name: 'child_access',
    description:
      'The children you help and the users who help your children, by id, with their kind of access, which decides who may give a child a licence.',
    columns: ['child_id', 'user_id', 'access_type'],
    rows: childAccessRows,
  },
];

/** What billing's export does with each table of its schema (held equal to the schema by the export's int-spec). */
export const BILLING_EXPORT_COVERAGE: ExportCoverage = {
  billing_user: { exportedAs: 'account' },
  subscription: { exportedAs: 'subscriptions' },
  child_subscription: { exportedAs: 'licences' },
  child: { exportedAs: 'children' },
  child_access: { exportedAs: 'child_access' },
  stripe_event: {
    notExported:
      'Ids and types of the Stripe webhook events already handled, kept to ignore replays; they name no user.',
  },
  outbox_event: {
    notExported:
      "Billing's events for the event stream, kept until relayed and then as long as the stream keeps them (EVENT_RETENTION_DAYS) for a restore; technical copies of changes to the rows exported.",
  },
  inbox_event: {
    notExported:
      'Ids and subjects of the events billing has handled, kept to ignore redeliveries; no personal data.',
  },
  mikro_orm_migrations: { notExported: 'Which schema migrations have run; no personal data.' },
};

/** Billing's part of a user's data export ("Download my data", issue 17, GDPR Art 15 and 20). */
@Injectable()
export class AccountExportService {
  constructor(@Inject(EntityManager) private readonly em: EntityManager) {}

  /** Every row billing holds about the user and the children they own, read in one snapshot. */
  async part(userId: string): Promise<ExportPart> {
    const tables = await this.em.transactional(
      async (em) => {
        const read: ExportTable[] = [];
        for (const table of PART_TABLES) {
          const rows = await table.rows(em, userId);
          read.push(exportTable(table.name, table.description, table.columns, rows));
        }
        return read;
      },
      { isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true },
    );
    return { service: 'billing', tables };
  }
}
