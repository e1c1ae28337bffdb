import { Module } from '@nestjs/common';
import { LoginThrottle } from './login-throttle.js';
import { InternalSessionController, SessionsController } from './sessions.controller.js';
import { SessionsService } from './sessions.service.js';

@Module({
  controllers: [SessionsController, InternalSessionController],
  providers: [SessionsService, LoginThrottle],
  exports: [LoginThrottle],
})
export class SessionsModule {}
