import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module.js';
import { Housekeeping } from './housekeeping.service.js';

@Module({ imports: [SessionsModule], providers: [Housekeeping] })
export class HousekeepingModule {}
