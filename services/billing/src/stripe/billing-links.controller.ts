import { Body, Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import {
  BillingMessages,
  checkoutLinkRequestSchema,
  type BillingLinkResponse,
  type InternalIdentity,
} from '@aba/contracts/api';
import { CurrentIdentity, parseBody, requireUser } from '@aba/server-kit';
import { BillingLinksService } from './billing-links.service.js';

/**
 * Links to the payment provider. The portal link is a GET (it changes nothing of ours); the checkout link is a POST
 * (it creates a Checkout session and takes a body `{ quantity }`).
 */
@Controller('api/billing')
export class BillingLinksController {
  constructor(@Inject(BillingLinksService) private readonly links: BillingLinksService) {}

  /** 200 `{ url }`; 404 `{ error }` when no portal can be offered; 502 when Stripe fails. */
  @Get('portal-link')
  async portalLink(@CurrentIdentity() identity: InternalIdentity | undefined): Promise<BillingLinkResponse> {
    return { url: await this.links.portalLink(requireUser(identity)) };
  }

  /** 200 `{ url }`; body `{ quantity }` (default 1); 404 `{ error }` when buying is not offered; 502 when Stripe fails. */
  @Post('checkout-link')
  @HttpCode(200)
  async checkoutLink(
    @CurrentIdentity() identity: InternalIdentity | undefined,
    @Body() body: unknown,
  ): Promise<BillingLinkResponse> {
    const userId = requireUser(identity);
    const { quantity } = parseBody(checkoutLinkRequestSchema, body, BillingMessages);
    return { url: await this.links.checkoutLink(userId, quantity) };
  }
}
