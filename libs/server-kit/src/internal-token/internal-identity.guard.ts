import {
  type CanActivate,
  type ExecutionContext,
  Inject,
  Injectable,
  SetMetadata,
  UnauthorizedException,
  createParamDecorator,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { InternalIdentity } from '@aba/contracts/api';
import { INTERNAL_TOKEN_HEADER, InternalTokenCodec } from './internal-token.js';

const PUBLIC_ROUTE = 'aba:public-route';

/** Marks a route reachable without the gateway's token (health checks only). */
export const PublicRoute = () => SetMetadata(PUBLIC_ROUTE, true);

export interface RequestWithIdentity {
  headers: Record<string, string | string[] | undefined>;
  identity?: InternalIdentity;
}

/** The identity the gateway's token in these headers carries; a 401 when the token is missing or invalid. */
export async function requireInternalIdentity(
  codec: InternalTokenCodec,
  headers: RequestWithIdentity['headers'],
): Promise<InternalIdentity> {
  const header = headers[INTERNAL_TOKEN_HEADER];
  const identity = await codec.verify(Array.isArray(header) ? header[0] : header);
  if (!identity) throw new UnauthorizedException('Missing or invalid internal token');
  return identity;
}

/** Refuses every request that does not carry a valid token signed by the gateway. */
@Injectable()
export class InternalIdentityGuard implements CanActivate {
  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(InternalTokenCodec) private readonly codec: InternalTokenCodec,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, [context.getHandler(), context.getClass()])) {
      return true;
    }
    const request = context.switchToHttp().getRequest<RequestWithIdentity>();
    request.identity = await requireInternalIdentity(this.codec, request.headers);
    return true;
  }
}

/** The caller's identity as the gateway vouched for it. */
export const CurrentIdentity = createParamDecorator((_data: unknown, context: ExecutionContext) => {
  return context.switchToHttp().getRequest<RequestWithIdentity>().identity;
});
