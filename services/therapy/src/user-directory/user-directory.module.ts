import { Module } from '@nestjs/common';
import { UserDirectoryProjection } from './user-directory.projection.js';

@Module({ providers: [UserDirectoryProjection] })
export class UserDirectoryModule {}
