import { StreamableFile } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { ServerResponse } from 'node:http';
import { buffer } from 'node:stream/consumers';
import { gunzipSync } from 'node:zlib';
import type { ChildAccessGrant } from '../child-access/child-access.types.js';
import { DetailedViewsController } from './detailed-views.controller.js';
import { BuiltView, type DetailedViewsService } from './detailed-views.service.js';

const VIEW_JSON = '{"plan":{"name":"Plan"},"sub_plans":[]}';
/** The prototype of the requests Express hands the controller, whose `acceptsEncodings` reads Accept-Encoding. */
const expressRequest: object = new ExpressAdapter().getInstance().request;

/** What a client gets for the plan's detailed view when it sends `acceptEncoding`. */
async function detailedViewFor(acceptEncoding: string | undefined) {
  const views = { ofPlan: async () => new BuiltView(VIEW_JSON) } as unknown as DetailedViewsService;
  const request = Object.assign(Object.create(expressRequest), {
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });
  const headers = new Map<string, string>();
  const response = { setHeader: (name: string, value: string) => headers.set(name, value) };
  const body = await new DetailedViewsController(views).ofPlan(
    { childId: 'child' } as ChildAccessGrant,
    { planId: 'plan' },
    {},
    request,
    response as unknown as ServerResponse,
  );
  const json = body instanceof StreamableFile ? gunzipSync(await buffer(body.getStream())).toString() : body;
  return { contentEncoding: headers.get('Content-Encoding'), vary: headers.get('Vary'), json };
}

describe('the detailed view of a plan, by Accept-Encoding', () => {
  it.each([
    ['gzip, deflate, br', 'gzip'],
    ['br;q=1.0, GZIP;q=0.5', 'gzip'],
    ['*', 'gzip'],
    ['gzip;q=0, *', 'identity'],
    ['gzip;q=0.000', 'identity'],
    ['deflate, br', 'identity'],
    ['identity', 'identity'],
    ['', 'identity'],
    [undefined, 'identity'],
  ])('%p: %s', async (acceptEncoding, coding) => {
    expect(await detailedViewFor(acceptEncoding)).toEqual({
      contentEncoding: coding === 'gzip' ? 'gzip' : undefined,
      vary: 'Accept-Encoding',
      json: VIEW_JSON,
    });
  });
});
