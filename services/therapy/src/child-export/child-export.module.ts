import { Module } from '@nestjs/common';
import { ChildExportController } from './child-export.controller.js';
import { ChildExportService } from './child-export.service.js';

@Module({ controllers: [ChildExportController], providers: [ChildExportService] })
export class ChildExportModule {}
