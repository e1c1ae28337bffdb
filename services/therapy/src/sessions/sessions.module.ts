import { Module } from '@nestjs/common';
import { SessionsController } from './sessions.controller.js';
import { SessionsService } from './sessions.service.js';

/** Sessions of work with a child (issue 15). Captures reach them through `captureInSession`. */
@Module({ controllers: [SessionsController], providers: [SessionsService] })
export class SessionsModule {}
