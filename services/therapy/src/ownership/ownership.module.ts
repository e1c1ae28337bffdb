import { Module } from '@nestjs/common';
import { OwnershipController } from './ownership.controller.js';
import { OwnershipService } from './ownership.service.js';

@Module({ controllers: [OwnershipController], providers: [OwnershipService] })
export class OwnershipModule {}
