import { Module } from '@nestjs/common';
import { AccountErasureHandler } from './account-erasure.handler.js';

@Module({ providers: [AccountErasureHandler] })
export class AccountErasureModule {}
