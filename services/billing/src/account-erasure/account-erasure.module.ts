import { Module } from '@nestjs/common';
import { LicencesModule } from '../licences/licences.module.js';
import { StripeModule } from '../stripe/stripe.module.js';
import { AccountErasureHandler } from './account-erasure.handler.js';

/** Billing's part of an account erasure (ADR 0049). */
@Module({ imports: [LicencesModule, StripeModule], providers: [AccountErasureHandler] })
export class AccountErasureModule {}
