import { Module } from '@nestjs/common';
import { InternalCallsModule } from '../internal-calls/internal-calls.module.js';
import { AccountExportController } from './account-export.controller.js';
import { AccountExportService } from './account-export.service.js';

@Module({
  imports: [InternalCallsModule],
  controllers: [AccountExportController],
  providers: [AccountExportService],
})
export class AccountExportModule {}
