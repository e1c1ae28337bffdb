import { Module } from '@nestjs/common';
import { OneTimeTokensModule } from '../one-time-tokens/one-time-tokens.module.js';
import { UserChildProjection } from './user-child.projection.js';

@Module({ imports: [OneTimeTokensModule], providers: [UserChildProjection] })
export class UserChildModule {}
