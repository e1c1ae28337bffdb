import { type DynamicModule, Module } from '@nestjs/common';

/** A service's own settings under an injection token, for every module of the service to inject. */
@Module({})
export class SettingsModule {
  static register(token: symbol, settings: unknown): DynamicModule {
    return {
      module: SettingsModule,
      global: true,
      providers: [{ provide: token, useValue: settings }],
      exports: [token],
    };
  }
}
