import { Inject, Injectable, Logger } from '@nestjs/common';
import { EntityManager, IsolationLevel } from '@mikro-orm/core';
import {
  ACCOUNT_EXPORT_PART_PATH,
  exportPartSchema,
  type ExportPart,
  type InternalIdentity,
} from '@aba/contracts/api';
import { NotLoggedIn, requireUser, retryAfterSeconds } from '@aba/server-kit';
import { InternalCalls, type ForwardedCall } from '../internal-calls/internal-calls.js';
import {
  ACCOUNT_EXPORTS_PER_HOUR,
  EXPORT_WINDOW_MS,
  ExportPartUnavailable,
  TooManyExports,
} from './account-export.errors.js';
import { lockActiveAccount } from '../users/users.queries.js';
import { deleteExport, exportTimesSince, insertExport } from './account-export.queries.js';
import { exportArchive, partProblem } from './export-archive.js';
import { readIdentityPart } from './identity-part.js';

/** "Download my data" (issue 17, GDPR Art 15 and 20, ADR 0048): identity's part, and the whole export it assembles. */
@Injectable()
export class AccountExportService {
  private readonly logger = new Logger(AccountExportService.name);

  constructor(
    @Inject(EntityManager) private readonly em: EntityManager,
    @Inject(InternalCalls) private readonly services: InternalCalls,
  ) {}

  /** Every row identity holds about the caller, read in one snapshot. */
  part(identity: InternalIdentity | undefined): Promise<ExportPart> {
    const userId = requireUser(identity);
    return this.em.fork().transactional((em) => readIdentityPart(em, userId), {
      isolationLevel: IsolationLevel.REPEATABLE_READ,
      readOnly: true,
    });
  }

  /**
   * The caller's whole export as a ZIP: identity's part and therapy's and billing's, asked as the caller (`call`).
   * All or nothing: when a part cannot be had the answer is ExportPartUnavailable (503), and the export does not count
   * towards the account's `ACCOUNT_EXPORTS_PER_HOUR` (429 past them).
   */
  async archive(identity: InternalIdentity | undefined, call: ForwardedCall): Promise<Uint8Array> {
    const userId = requireUser(identity);
    const madeAt = new Date();
    const { id, email } = await this.count(userId, madeAt);
    try {
      const parts = await Promise.all([
        this.part(identity),
        this.otherPart('therapy', call),
        this.otherPart('billing', call),
      ]);
      return exportArchive(parts, { madeAt, email });
    } catch (error) {
      await deleteExport(this.em.fork(), id).catch((cause: unknown) =>
        this.logger.warn({ err: cause, requestId: call.requestId }, 'A failed export still counts'),
      );
      throw error;
    }
  }

  /**
   * Therapy's or billing's part of the caller's export (`GET /internal/account-export`), asked as the caller and
   * checked against the contract and `partProblem`; ExportPartUnavailable (503) when it cannot be had.
   */
  private otherPart(service: 'therapy' | 'billing', call: ForwardedCall): Promise<ExportPart> {
    return this.services.get(
      {
        service,
        path: ACCOUNT_EXPORT_PART_PATH,
        schema: exportPartSchema,
        check: (part) => partProblem(part, service),
        failure: 'An account export part could not be had',
        unavailable: () => new ExportPartUnavailable(),
      },
      call,
    );
  }

  /**
   * Counts an export of the account, unless it had `ACCOUNT_EXPORTS_PER_HOUR` in the hour before `now` (429, with the
   * seconds until the oldest of them leaves the hour). The account's row is locked meanwhile, so replicas counting
   * at once take turns. Answers the export's id and the account's e-mail.
   */
  private count(userId: string, now: Date): Promise<{ id: string; email: string }> {
    return this.em.fork().transactional(async (tx) => {
      const email = await lockActiveAccount(tx, userId);
      if (email === null) throw new NotLoggedIn();
      const recent = await exportTimesSince(tx, userId, new Date(now.getTime() - EXPORT_WINDOW_MS));
      if (recent.length >= ACCOUNT_EXPORTS_PER_HOUR) {
        const freeAt = recent[recent.length - ACCOUNT_EXPORTS_PER_HOUR].getTime() + EXPORT_WINDOW_MS;
        throw new TooManyExports(retryAfterSeconds(freeAt - now.getTime()));
      }
      return { id: await insertExport(tx, userId, now), email };
    });
  }
}
