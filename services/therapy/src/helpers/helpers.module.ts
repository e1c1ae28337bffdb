import { Module } from '@nestjs/common';
import { HelpersController } from './helpers.controller.js';
import { HelpersService } from './helpers.service.js';
import { InviteActivationHandler } from './invite-activation.handler.js';

@Module({ controllers: [HelpersController], providers: [HelpersService, InviteActivationHandler] })
export class HelpersModule {}
