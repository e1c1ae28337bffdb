import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import { LIVE_CHANGE_EVENT } from '@aba/contracts/api';
import { ChildAccess, CurrentChild } from '../child-access/child-access.decorator.js';
import type { ChildAccessGrant } from '../child-access/child-access.types.js';
import { LiveHub } from './live-hub.js';

/** A comment line this often keeps proxies and phones from closing a quiet stream. */
export const LIVE_HEARTBEAT_MS = 25_000;
/** How long a browser waits before reconnecting a stream that dropped. */
const RECONNECT_MS = 3_000;

/** `GET /api/child/{id}/live`: the child's live hints as server-sent events, for whoever may read the child. */
@Controller('api/child/:id')
export class LiveController {
  constructor(@Inject(LiveHub) private readonly hub: LiveHub) {}

  @Get('live')
  @ChildAccess('read')
  live(@CurrentChild() grant: ChildAccessGrant, @Res() response: ServerResponse): void {
    response.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no',
    });
    response.write(`retry: ${RECONNECT_MS}\n\n`);
    const stop = this.hub.listen(grant.childId, (hint) => {
      response.write(`event: ${LIVE_CHANGE_EVENT}\ndata: ${JSON.stringify(hint)}\n\n`);
    });
    const heartbeat = setInterval(() => response.write(': still here\n\n'), LIVE_HEARTBEAT_MS);
    response.on('close', () => {
      clearInterval(heartbeat);
      stop();
    });
  }
}
