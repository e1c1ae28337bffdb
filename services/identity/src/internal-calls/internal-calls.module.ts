import { Module } from '@nestjs/common';
import { InternalCalls } from './internal-calls.js';

@Module({ providers: [InternalCalls], exports: [InternalCalls] })
export class InternalCallsModule {}
