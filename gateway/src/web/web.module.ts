import { Module } from '@nestjs/common';
import { ShellController, WebController } from './web.controller.js';
import { WebAssets } from './web-assets.js';

/** Static side: the shell (with SPA fallback), remotes' builds, locales, remotes.json and config.json. */
@Module({
  controllers: [WebController, ShellController],
  providers: [WebAssets],
})
export class WebModule {}
