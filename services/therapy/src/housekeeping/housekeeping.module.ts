import { Module } from '@nestjs/common';
import { ChildrenModule } from '../children/children.module.js';
import { Housekeeping } from './housekeeping.service.js';

@Module({ imports: [ChildrenModule], providers: [Housekeeping] })
export class HousekeepingModule {}
