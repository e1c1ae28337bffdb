import { Body, Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import {
  addLicenseRequestSchema,
  BillingMessages,
  removeLicenseRequestSchema,
  type AddLicenseResponse,
  type InternalIdentity,
  type SubscriptionDataResponse,
} from '@aba/contracts/api';
import { CurrentIdentity, parseBody, requireUser } from '@aba/server-kit';
import { LicencesService } from './licences.service.js';

/** The caller's licences: summary, add one to a child, remove one. */
@Controller('api')
export class LicencesController {
  constructor(@Inject(LicencesService) private readonly licences: LicencesService) {}

  /** 200 `{ total, subscriptions_in_use, online_payment }`. */
  @Get('user/subscription-data')
  async subscriptionData(
    @CurrentIdentity() identity: InternalIdentity | undefined,
  ): Promise<SubscriptionDataResponse> {
    return this.licences.summary(requireUser(identity));
  }

  /** 201 `{ child_subscription_id }`; 404 unknown child, 403 no relation, 409 already licensed or no free licence. */
  @Post('child/add-license')
  async addLicense(
    @CurrentIdentity() identity: InternalIdentity | undefined,
    @Body() body: unknown,
  ): Promise<AddLicenseResponse> {
    const userId = requireUser(identity);
    const { child_id } = parseBody(addLicenseRequestSchema, body, BillingMessages);
    return { child_subscription_id: await this.licences.assign(userId, child_id) };
  }

  /** 200 `{ message }`; 404 unknown licence, 403 anyone but the holder of the licence's subscription. */
  @Post('child/remove-license')
  @HttpCode(200)
  async removeLicense(
    @CurrentIdentity() identity: InternalIdentity | undefined,
    @Body() body: unknown,
  ): Promise<{ message: string }> {
    const userId = requireUser(identity);
    const { child_subscription_id } = parseBody(removeLicenseRequestSchema, body, BillingMessages);
    await this.licences.remove(userId, child_subscription_id);
    return { message: BillingMessages.licenceRemoved };
  }
}
