import { Module } from '@nestjs/common';
import { AdminBootstrap } from './admin-bootstrap.js';
import { UsersController } from './users.controller.js';

@Module({ controllers: [UsersController], providers: [AdminBootstrap] })
export class UsersModule {}
