import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { LiveController } from './live.controller.js';
import { LiveHintsInterceptor } from './live-hints.interceptor.js';
import { LiveHub } from './live-hub.js';

/** Live updates of the child pages (issue 16, ADR 0040): hints after each write, streamed to the child's pages. */
@Module({
  controllers: [LiveController],
  providers: [LiveHub, { provide: APP_INTERCEPTOR, useClass: LiveHintsInterceptor }],
})
export class LiveModule {}
