import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { UserChildProjection } from './user-child.projection.js';

@Module({ imports: [AccountsModule], providers: [UserChildProjection] })
export class UserChildModule {}
