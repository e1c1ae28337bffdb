import { AccountExportMessages } from '@aba/contracts/api';
import { DomainError, TooManyRequests } from '@aba/server-kit';

/** How many exports an account may ask for in `EXPORT_WINDOW_MS`. */
export const ACCOUNT_EXPORTS_PER_HOUR = 5;
export const EXPORT_WINDOW_MS = 3_600_000;

/** Another service's part of the export could not be had: the export is refused whole (503), never partial. */
export class ExportPartUnavailable extends DomainError {
  readonly status = 503;

  constructor() {
    super(AccountExportMessages.partUnavailable);
  }
}

export class TooManyExports extends TooManyRequests {
  constructor(retryAfterSeconds: number) {
    super(AccountExportMessages.tooManyExports, retryAfterSeconds);
  }
}
