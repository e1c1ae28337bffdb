import { Header, StreamableFile } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import type { BuiltView } from './kept-views.js';

/** The views answer JSON text (Nest would send a string as text/html). */
export const RespondsWithJsonText = () => Header('Content-Type', 'application/json; charset=utf-8');

/** Express's request, which reads Accept-Encoding with the `accepts` library (a coding weighted q=0 is refused). */
export interface EncodingNegotiation {
  acceptsEncodings(encoding: string): string | false;
}

/**
 * A kept view's answer: gzip to a client that takes it (compressed once per view: JSON of this size is ≈ 8 times
 * fewer bytes to send), the JSON text to one that does not. For a handler with `@RespondsWithJsonText()` and
 * `@Res({ passthrough: true })`.
 */
export async function builtViewAnswer(
  view: BuiltView,
  request: EncodingNegotiation,
  response: ServerResponse,
): Promise<string | StreamableFile> {
  response.setHeader('Vary', 'Accept-Encoding');
  if (!request.acceptsEncodings('gzip')) return view.json;
  response.setHeader('Content-Encoding', 'gzip');
  return new StreamableFile(await view.gzip());
}
