import { Module } from '@nestjs/common';
import { OneTimeTokens } from './one-time-tokens.js';

@Module({ providers: [OneTimeTokens], exports: [OneTimeTokens] })
export class OneTimeTokensModule {}
