import { Module } from '@nestjs/common';
import { UserChildProjection } from './user-child.projection.js';

@Module({ providers: [UserChildProjection] })
export class UserChildModule {}
