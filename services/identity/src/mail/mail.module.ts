import { type DynamicModule, Module } from '@nestjs/common';
import { Background } from '../background.js';
import { IDENTITY_SETTINGS, type IdentitySettings } from '../config.js';
import { Mailer } from './mailer.js';

/** Identity's settings, background work and the mailer, available to every feature. */
@Module({})
export class IdentityCoreModule {
  static register(settings: IdentitySettings): DynamicModule {
    return {
      module: IdentityCoreModule,
      global: true,
      providers: [{ provide: IDENTITY_SETTINGS, useValue: settings }, Background, Mailer],
      exports: [IDENTITY_SETTINGS, Background, Mailer],
    };
  }
}
