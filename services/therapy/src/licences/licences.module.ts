import { Module } from '@nestjs/common';
import { LicenceProjection } from './licence.projection.js';

@Module({ providers: [LicenceProjection] })
export class LicencesModule {}
