import { Module } from '@nestjs/common';
import { ChildReportsController } from './child-reports.controller.js';
import { ChildReportsService } from './child-reports.service.js';

@Module({ controllers: [ChildReportsController], providers: [ChildReportsService] })
export class ChildReportsModule {}
