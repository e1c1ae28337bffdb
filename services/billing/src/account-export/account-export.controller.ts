import { Controller, Get, Inject } from '@nestjs/common';
import { ACCOUNT_EXPORT_PART_PATH, type ExportPart, type InternalIdentity } from '@aba/contracts/api';
import { CurrentIdentity, requireUser } from '@aba/server-kit';
import { AccountExportService } from './account-export.service.js';

/** Billing's part of the caller's data export, asked for by identity with the caller's token (never via the gateway). */
@Controller()
export class AccountExportController {
  constructor(@Inject(AccountExportService) private readonly exports: AccountExportService) {}

  /** 200 `ExportPart`; 401 without a valid internal token. */
  @Get(ACCOUNT_EXPORT_PART_PATH)
  async part(@CurrentIdentity() identity: InternalIdentity | undefined): Promise<ExportPart> {
    return this.exports.part(requireUser(identity));
  }
}
