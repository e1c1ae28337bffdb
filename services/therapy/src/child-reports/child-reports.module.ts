import { Module } from '@nestjs/common';
import { ChildReportsController } from './child-reports.controller.js';
import { ChildReportsService } from './child-reports.service.js';
import { ReportSettingsService } from './report-settings.service.js';

@Module({ controllers: [ChildReportsController], providers: [ChildReportsService, ReportSettingsService] })
export class ChildReportsModule {}
