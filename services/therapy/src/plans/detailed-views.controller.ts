import { Controller, Get, Header, Inject, Param, Query, Req, Res, StreamableFile } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import { detailedViewQuerySchema } from '@aba/contracts/api';
import { parseInput } from '@aba/server-kit';
import { ChildAccess, CurrentChild } from '../child-access/child-access.decorator.js';
import type { ChildAccessGrant } from '../child-access/child-access.types.js';
import { planIdParams } from '../plan-kinds/plan-kind.controllers.js';
import { DetailedViewsService } from './detailed-views.service.js';

/** The views answer JSON text built by the service (Nest would send a string as text/html). */
const RespondsWithJsonText = () => Header('Content-Type', 'application/json; charset=utf-8');

/** Express's request, which reads Accept-Encoding with the `accepts` library (a coding weighted q=0 is refused). */
interface EncodingNegotiation {
  acceptsEncodings(encoding: string): string | false;
}

/** The detailed views of a child's plans and sub-plans: `/api/child/{id}/{plan|sub-plan}/{planId}/detailed-view`. */
@Controller('api/child/:id')
export class DetailedViewsController {
  constructor(@Inject(DetailedViewsService) private readonly views: DetailedViewsService) {}

  @Get('plan/:planId/detailed-view')
  @ChildAccess('read')
  @RespondsWithJsonText()
  async ofPlan(
    @CurrentChild() grant: ChildAccessGrant,
    @Param() params: unknown,
    @Query() query: unknown,
    @Req() request: EncodingNegotiation,
    @Res({ passthrough: true }) response: ServerResponse,
  ): Promise<string | StreamableFile> {
    const { planId } = parseInput(planIdParams, params);
    const { items_status, since } = parseInput(detailedViewQuerySchema, query);
    const view = await this.views.ofPlan(grant.childId, planId, items_status, since);
    // A kept view is compressed once: ≈ 850 KB of JSON for the large plan are ≈ 8 times fewer bytes to send.
    response.setHeader('Vary', 'Accept-Encoding');
    if (!request.acceptsEncodings('gzip')) return view.json;
    response.setHeader('Content-Encoding', 'gzip');
    return new StreamableFile(await view.gzip());
  }

  @Get('sub-plan/:planId/detailed-view')
  @ChildAccess('read')
  @RespondsWithJsonText()
  ofSubPlan(@CurrentChild() grant: ChildAccessGrant, @Param() params: unknown) {
    const { planId } = parseInput(planIdParams, params);
    return this.views.ofSubPlan(grant.childId, planId);
  }
}
