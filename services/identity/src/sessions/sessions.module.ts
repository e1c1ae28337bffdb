import { Module } from '@nestjs/common';
import { CurrentPassword } from './current-password.js';
import { LoginThrottle } from './login-throttle.js';
import { InternalSessionController, SessionsController } from './sessions.controller.js';
import { SessionsService } from './sessions.service.js';

@Module({
  controllers: [SessionsController, InternalSessionController],
  providers: [SessionsService, LoginThrottle, CurrentPassword],
  exports: [LoginThrottle, CurrentPassword],
})
export class SessionsModule {}
