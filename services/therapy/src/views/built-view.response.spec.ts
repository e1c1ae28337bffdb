import { StreamableFile } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { ServerResponse } from 'node:http';
import { buffer } from 'node:stream/consumers';
import { gunzipSync } from 'node:zlib';
import { builtViewAnswer } from './built-view.response.js';
import { BuiltView } from './kept-views.js';

const VIEW_JSON = '{"plan":{"name":"Plan"},"sub_plans":[]}';
/** The prototype of the requests Express hands the controllers, whose `acceptsEncodings` reads Accept-Encoding. */
const expressRequest: object = new ExpressAdapter().getInstance().request;

/** What a client gets for a kept view (a plan's detailed view, an item's progress) when it sends `acceptEncoding`. */
async function keptViewFor(acceptEncoding: string | undefined) {
  const request = Object.assign(Object.create(expressRequest), {
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });
  const headers = new Map<string, string>();
  const response = { setHeader: (name: string, value: string) => headers.set(name, value) };
  const body = await builtViewAnswer(
    new BuiltView(VIEW_JSON),
    request,
    response as unknown as ServerResponse,
  );
  const json = body instanceof StreamableFile ? gunzipSync(await buffer(body.getStream())).toString() : body;
  return { contentEncoding: headers.get('Content-Encoding'), vary: headers.get('Vary'), json };
}

describe('a kept view, by Accept-Encoding', () => {
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
    expect(await keptViewFor(acceptEncoding)).toEqual({
      contentEncoding: coding === 'gzip' ? 'gzip' : undefined,
      vary: 'Accept-Encoding',
      json: VIEW_JSON,
    });
  });
});
