import { Module } from '@nestjs/common';
import { HelpersModule } from '../helpers/helpers.module.js';
import { UserDirectoryProjection } from './user-directory.projection.js';

@Module({ imports: [HelpersModule], providers: [UserDirectoryProjection] })
export class UserDirectoryModule {}
