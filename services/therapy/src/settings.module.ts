import { type DynamicModule, Module } from '@nestjs/common';
import { HELPER_ADDITION_LIMITS, type TherapyConfig } from './config.js';

/** Therapy's own settings, for any of its modules to inject. */
@Module({})
export class TherapySettingsModule {
  static register(config: TherapyConfig): DynamicModule {
    return {
      module: TherapySettingsModule,
      global: true,
      providers: [{ provide: HELPER_ADDITION_LIMITS, useValue: config.helperAdditions }],
      exports: [HELPER_ADDITION_LIMITS],
    };
  }
}
