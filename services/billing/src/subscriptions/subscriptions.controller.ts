import { Body, Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import {
  BillingMessages,
  createSubscriptionRequestSchema,
  updateSubscriptionStatusRequestSchema,
  type InternalIdentity,
  type SubscriptionListResponse,
  type SubscriptionResponse,
} from '@aba/contracts/api';
import { CurrentIdentity, parseBody, requireAdmin } from '@aba/server-kit';
import { SubscriptionsService } from './subscriptions.service.js';

/** /api/subscription/*: platform ADMIN only (403 `{ error }` for anyone else). */
@Controller('api/subscription')
export class SubscriptionsController {
  constructor(@Inject(SubscriptionsService) private readonly subscriptions: SubscriptionsService) {}

  /** 200 `{ subscriptions }`, newest first. */
  @Get('list')
  async list(@CurrentIdentity() identity: InternalIdentity | undefined): Promise<SubscriptionListResponse> {
    requireAdmin(identity);
    return { subscriptions: await this.subscriptions.list() };
  }

  /** 201 `{ subscription }`; 404 unknown e-mail, 400 bad quantity, 409 Stripe id already used. */
  @Post('create')
  async create(
    @CurrentIdentity() identity: InternalIdentity | undefined,
    @Body() body: unknown,
  ): Promise<SubscriptionResponse> {
    requireAdmin(identity);
    const input = parseBody(createSubscriptionRequestSchema, body, BillingMessages);
    const subscription = await this.subscriptions.create({
      userEmail: input.user_email,
      quantity: input.quantity,
      stripeId: input.stripe_id,
    });
    return { subscription };
  }

  /** 200 `{ subscription }`; 400 bad status (naming the allowed ones), 404 unknown subscription. */
  @Post('update-status')
  @HttpCode(200)
  async updateStatus(
    @CurrentIdentity() identity: InternalIdentity | undefined,
    @Body() body: unknown,
  ): Promise<SubscriptionResponse> {
    requireAdmin(identity);
    const input = parseBody(updateSubscriptionStatusRequestSchema, body, BillingMessages);
    return { subscription: await this.subscriptions.updateStatus(input.subscription_id, input.status) };
  }
}
