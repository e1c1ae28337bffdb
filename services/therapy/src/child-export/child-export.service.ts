import { Inject, Injectable, Logger } from '@nestjs/common';
import { EntityManager, IsolationLevel } from '@mikro-orm/core';
import { strToU8 } from 'fflate';
import type { ServerResponse } from 'node:http';
import {
  childExportFileName,
  type ChildExportFormat,
  type ChildExportLanguage,
} from '@aba/contracts/api';
import { ChildNotFound, sqlRows } from '@aba/server-kit';
import { recordAudit } from '../audit-trail/audit-trail.js';
import type { ChildAccessGrant } from '../child-access/child-access.types.js';
import { EXPORT_DATA_SETS, exportHeading, type ExportDataSet, type ExportScope } from './export-data-sets.js';
import { csvFile, xlsxFile } from './export-files.js';
import { childExportReadme } from './export-readme.js';
import { OutputClosed, StreamedZip } from './streamed-zip.js';

/** Rows read per statement: the next batch is read while one is written. */
const BATCH_ROWS = 10_000;
const BEFORE_ANY = { at: '-infinity', id: '00000000-0000-0000-0000-000000000000' };

export interface ChildExportRequest {
  format: ChildExportFormat;
  language: ChildExportLanguage;
  from?: string;
  to?: string;
}

/**
 * A child's data as spreadsheets (issue 18, ADR 0051): the ZIP is streamed as it is read, in batches, from one
 * snapshot of the data (a repeatable-read transaction), so two years of trials never sit whole in memory and the files
 * agree with each other. The export is in the child's audit trail before its first byte leaves.
 */
@Injectable()
export class ChildExportService {
  private readonly logger = new Logger(ChildExportService.name);

  constructor(@Inject(EntityManager) private readonly em: EntityManager) {}

  async stream(
    grant: ChildAccessGrant,
    request: ChildExportRequest,
    response: ServerResponse,
  ): Promise<void> {
    const { format, from, to } = request;
    const heading = await exportHeading(this.em, grant.childId, grant.userId, from, to);
    if (!heading) throw new ChildNotFound();
    await recordAudit(this.em, {
      childId: grant.childId,
      actorId: grant.userId,
      kind: 'DATA_SETS_EXPORTED',
      after: { format, period_from: from ?? null, period_to: to ?? null },
    });
    const madeAt = new Date();
    response.setHeader('Content-Type', 'application/zip');
    response.setHeader(
      'Content-Disposition',
      `attachment; filename="${childExportFileName(heading.firstName, from, to)}"`,
    );
    response.setHeader('Cache-Control', 'no-store');
    const zip = new StreamedZip(response, madeAt);
    try {
      await this.em.transactional(
        async (em) => {
          // Postgres would compile the batches' per-row subqueries (estimated dear, cheap in fact): 0.7 s for sessions.
          await sqlRows(em, 'set local jit = off');
          zip
            .file('README.txt')
            .push(strToU8(childExportReadme({ ...heading, ...request, madeAt }, EXPORT_DATA_SETS)), true);
          for (const set of EXPORT_DATA_SETS) await this.writeDataSet(em, zip, set, heading.scope, request);
        },
        { isolationLevel: IsolationLevel.REPEATABLE_READ },
      );
      zip.end();
    } catch (error) {
      // The answer has begun: all that can be said now is that it is cut short.
      response.destroy();
      if (!(error instanceof OutputClosed))
        this.logger.error(`Export of a child's data cut short: ${String(error)}`);
    }
  }

  private async writeDataSet(
    em: EntityManager,
    zip: StreamedZip,
    set: ExportDataSet,
    scope: ExportScope,
    { format, language }: ChildExportRequest,
  ): Promise<void> {
    const zipFile = zip.file(`${set.name}.${format}`, { level: format === 'csv' ? 6 : 0 });
    const file = format === 'csv' ? csvFile(set, language, zipFile) : xlsxFile(set, language, zipFile);
    // The next batch is read while this one is written.
    let rows = await set.batch(em, scope, BEFORE_ANY, BATCH_ROWS);
    for (;;) {
      const last = rows[rows.length - 1];
      const next =
        rows.length < BATCH_ROWS
          ? null
          : set.batch(em, scope, { at: last._at, id: String(last[set.columns[0].key]) }, BATCH_ROWS);
      // Read on: its failure is met when it is awaited, not as an unhandled rejection meanwhile.
      next?.catch(() => undefined);
      await file.add(rows);
      await zip.drained();
      if (!next) break;
      rows = await next;
    }
    await file.end();
  }
}
