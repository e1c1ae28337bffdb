import { Module } from '@nestjs/common';
import { AccountDeletionController } from './account-erasure.controller.js';
import { AccountErasureHandler } from './account-erasure.handler.js';

@Module({ controllers: [AccountDeletionController], providers: [AccountErasureHandler] })
export class AccountErasureModule {}
