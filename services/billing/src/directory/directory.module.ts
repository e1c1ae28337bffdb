import { Module } from '@nestjs/common';
import { LicencesModule } from '../licences/licences.module.js';
import { DirectoryProjection } from './directory.projection.js';

@Module({ imports: [LicencesModule], providers: [DirectoryProjection] })
export class DirectoryModule {}
