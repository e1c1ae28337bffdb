import {
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  Inject,
  Param,
  Post,
  Query,
  Req,
  Res,
  StreamableFile,
} from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import {
  itemStatusQuerySchema,
  MasteryCallMessages,
  MasteryMessages,
  masteryCriterionRequestSchema,
  rejectSuggestionRequestSchema,
  type MasteryCriterionResponse,
  type MasteryLiveResponse,
  type MessageResponse,
} from '@aba/contracts/api';
import { parseBody, parseInput } from '@aba/server-kit';
import { ChildAccess, CurrentChild } from '../child-access/child-access.decorator.js';
import type { ChildAccessGrant } from '../child-access/child-access.types.js';
import { ItemChildLocator } from '../items/item-child.locator.js';
import { preferredListLanguage } from '../language.js';
import {
  builtViewAnswer,
  RespondsWithJsonText,
  type EncodingNegotiation,
} from '../views/built-view.response.js';
import { MasteryService } from './mastery.service.js';
import { SuggestionChildLocator } from './suggestion-child.locator.js';

/** An item's status (the spec's set-status, now recorded with its reason), progress and criterion (issue 15). */
@Controller('api/sub-plan-item/:id')
export class ItemMasteryController {
  constructor(@Inject(MasteryService) private readonly mastery: MasteryService) {}

  /** `?status=` as in the spec; `&reason=` (optional) says why, in the item's status history. */
  @Post('set-status')
  @HttpCode(200)
  @ChildAccess('edit', { via: ItemChildLocator })
  async setStatus(
    @CurrentChild() grant: ChildAccessGrant,
    @Param('id') itemId: string,
    @Query() query: unknown,
  ) {
    const { status, reason } = parseInput(itemStatusQuerySchema, query, MasteryCallMessages);
    return { item: await this.mastery.setStatusByHand(grant, itemId, status, reason ?? null) };
  }

  /** `ItemProgressResponse`, as JSON text or gzip (`builtViewAnswer`). */
  @Get('progress')
  @ChildAccess('read', { via: ItemChildLocator })
  @RespondsWithJsonText()
  async progress(
    @CurrentChild() grant: ChildAccessGrant,
    @Param('id') itemId: string,
    @Headers('accept-language') acceptLanguage: string | undefined,
    @Req() request: EncodingNegotiation,
    @Res({ passthrough: true }) response: ServerResponse,
  ): Promise<string | StreamableFile> {
    const view = await this.mastery.progress(grant.childId, itemId, preferredListLanguage(acceptLanguage));
    return builtViewAnswer(view, request, response);
  }

  @Get('mastery-criterion')
  @ChildAccess('read', { via: ItemChildLocator })
  criterion(
    @CurrentChild() grant: ChildAccessGrant,
    @Param('id') itemId: string,
  ): Promise<MasteryCriterionResponse> {
    return this.mastery.criterion({ childId: grant.childId, itemId });
  }

  @Post('mastery-criterion')
  @HttpCode(200)
  @ChildAccess('edit', { via: ItemChildLocator })
  setCriterion(
    @CurrentChild() grant: ChildAccessGrant,
    @Param('id') itemId: string,
    @Body() body: unknown,
  ): Promise<MasteryCriterionResponse> {
    const request = parseBody(masteryCriterionRequestSchema, body, MasteryMessages);
    return this.mastery.setCriterion({ childId: grant.childId, itemId }, request, grant.userId);
  }
}

/** A child's default criterion, a sub-plan's, and the child's suggestions waiting for confirmation. */
@Controller('api/child/:id')
export class ChildMasteryController {
  constructor(@Inject(MasteryService) private readonly mastery: MasteryService) {}

  @Get('mastery-criterion')
  @ChildAccess('read')
  criterion(@CurrentChild() grant: ChildAccessGrant): Promise<MasteryCriterionResponse> {
    return this.mastery.criterion({ childId: grant.childId });
  }

  @Post('mastery-criterion')
  @HttpCode(200)
  @ChildAccess('edit')
  setCriterion(
    @CurrentChild() grant: ChildAccessGrant,
    @Body() body: unknown,
  ): Promise<MasteryCriterionResponse> {
    const request = parseBody(masteryCriterionRequestSchema, body, MasteryMessages);
    return this.mastery.setCriterion({ childId: grant.childId }, request, grant.userId);
  }

  @Get('sub-plan/:planId/mastery-criterion')
  @ChildAccess('read')
  subPlanCriterion(
    @CurrentChild() grant: ChildAccessGrant,
    @Param('planId') subPlanId: string,
  ): Promise<MasteryCriterionResponse> {
    return this.mastery.criterion({ childId: grant.childId, subPlanId });
  }

  @Post('sub-plan/:planId/mastery-criterion')
  @HttpCode(200)
  @ChildAccess('edit')
  setSubPlanCriterion(
    @CurrentChild() grant: ChildAccessGrant,
    @Param('planId') subPlanId: string,
    @Body() body: unknown,
  ): Promise<MasteryCriterionResponse> {
    const request = parseBody(masteryCriterionRequestSchema, body, MasteryMessages);
    return this.mastery.setCriterion({ childId: grant.childId, subPlanId }, request, grant.userId);
  }

  @Get('plan/:planId/mastery-live')
  @ChildAccess('read')
  live(
    @CurrentChild() grant: ChildAccessGrant,
    @Param('planId') planId: string,
  ): Promise<MasteryLiveResponse> {
    return this.mastery.live(grant, planId);
  }

  @Get('mastery-suggestion/list')
  @ChildAccess('read')
  async suggestions(@CurrentChild() grant: ChildAccessGrant) {
    return { suggestions: await this.mastery.suggestions(grant.childId) };
  }
}

/** `/api/mastery-suggestion/{id}/accept` and `/reject`: the owner and coordinators decide. */
@Controller('api/mastery-suggestion/:id')
export class SuggestionsController {
  constructor(@Inject(MasteryService) private readonly mastery: MasteryService) {}

  @Post('accept')
  @HttpCode(200)
  @ChildAccess('edit', { via: SuggestionChildLocator })
  async accept(@CurrentChild() grant: ChildAccessGrant, @Param('id') id: string): Promise<MessageResponse> {
    await this.mastery.accept(grant, id);
    return { message: MasteryCallMessages.suggestionAccepted };
  }

  @Post('reject')
  @HttpCode(200)
  @ChildAccess('edit', { via: SuggestionChildLocator })
  async reject(
    @CurrentChild() grant: ChildAccessGrant,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<MessageResponse> {
    const { reason } = parseBody(rejectSuggestionRequestSchema, body, MasteryCallMessages);
    await this.mastery.reject(grant, id, reason);
    return { message: MasteryCallMessages.suggestionRejected };
  }
}
