import { Module } from '@nestjs/common';
import { HelpersController } from './helpers.controller.js';
import { HelpersService } from './helpers.service.js';

@Module({ controllers: [HelpersController], providers: [HelpersService], exports: [HelpersService] })
export class HelpersModule {}
