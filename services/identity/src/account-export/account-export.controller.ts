import type { IncomingMessage } from 'node:http';
import { Controller, Get, Header, Headers, Inject, Req, StreamableFile } from '@nestjs/common';
import {
  ACCOUNT_EXPORT_FILE_NAME,
  ACCOUNT_EXPORT_PART_PATH,
  type ExportPart,
  type InternalIdentity,
} from '@aba/contracts/api';
import { CurrentIdentity, INTERNAL_TOKEN_HEADER } from '@aba/server-kit';
import { forwardedCall } from '../internal-calls/internal-calls.js';
import { AccountExportService } from './account-export.service.js';

/**
 * `GET /api/account/export`: the caller's data as a ZIP (issue 17, ADR 0048); `GET /internal/account-export`:
 * identity's part of it, answered as therapy and billing answer theirs.
 */
@Controller()
export class AccountExportController {
  constructor(@Inject(AccountExportService) private readonly exports: AccountExportService) {}

  @Get(ACCOUNT_EXPORT_PART_PATH)
  @Header('Cache-Control', 'no-store')
  part(@CurrentIdentity() identity: InternalIdentity | undefined): Promise<ExportPart> {
    return this.exports.part(identity);
  }

  @Get('api/account/export')
  @Header('Cache-Control', 'no-store')
  async export(
    @CurrentIdentity() identity: InternalIdentity | undefined,
    @Headers(INTERNAL_TOKEN_HEADER) token: string,
    @Req() request: IncomingMessage & { id?: unknown },
  ): Promise<StreamableFile> {
    const zip = await this.exports.archive(identity, forwardedCall(token, request));
    return new StreamableFile(zip, {
      type: 'application/zip',
      disposition: `attachment; filename="${ACCOUNT_EXPORT_FILE_NAME}"`,
      length: zip.length,
    });
  }
}
