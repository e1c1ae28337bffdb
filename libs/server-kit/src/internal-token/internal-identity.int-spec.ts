import 'reflect-metadata';
import { Body, Controller, Get, Module, Post, type INestApplication } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import request from 'supertest';
import { z } from 'zod';
import type { InternalIdentity } from '@aba/contracts/api';
import { NotFound } from '../errors/domain-error.js';
import { AllExceptionsFilter } from '../errors/exception.filter.js';
import { ZodPipe } from '../errors/validate.js';
import { createServiceApp } from '../service-kit.js';
import { CurrentIdentity, InternalIdentityGuard, PublicRoute } from './internal-identity.guard.js';
import { INTERNAL_TOKEN_HEADER, InternalTokenCodec } from './internal-token.js';

const secret = 'guard-test-secret-of-thirty-two-characters';
const childSchema = z.object({ first_name: z.string().trim().min(1) });

@Controller()
class ProbeController {
  @Get('whoami')
  whoami(@CurrentIdentity() identity: InternalIdentity) {
    return identity;
  }

  @Get('open')
  @PublicRoute()
  open() {
    return { open: true };
  }

  @Get('child')
  child() {
    throw new NotFound('Child does not exist');
  }

  @Get('boom')
  boom() {
    throw new Error('relation "therapy.child" does not exist at character 15');
  }

  @Post('child')
  create(@Body(new ZodPipe(childSchema)) body: z.infer<typeof childSchema>) {
    return body;
  }
}

@Module({
  controllers: [ProbeController],
  providers: [
    { provide: InternalTokenCodec, useValue: new InternalTokenCodec(secret) },
    { provide: APP_GUARD, useClass: InternalIdentityGuard },
    { provide: APP_FILTER, useClass: AllExceptionsFilter },
  ],
})
class ProbeModule {}

describe('internal identity guard and error filter over HTTP', () => {
  let app: INestApplication;
  const identity = { userId: '8d0e8f7b-8a51-4f3b-a7a4-65c1e8e0b5a9', role: 'THERAPIST' as const };
  let token: string;

  beforeAll(async () => {
    app = await createServiceApp(ProbeModule, { name: 'probe', config: { log: { level: 'silent' } } });
    await app.init();
    token = await new InternalTokenCodec(secret).sign(identity);
  });

  afterAll(() => app.close());

  it('refuses a request without the gateway token, or with a forged one', async () => {
    const missing = await request(app.getHttpServer()).get('/whoami').expect(401);
    expect(missing.body).toEqual({ error: 'Missing or invalid internal token' });
    const forged = await new InternalTokenCodec('not-the-gateway-secret-but-long-enough!').sign({
      userId: identity.userId,
      role: 'ADMIN',
    });
    await request(app.getHttpServer()).get('/whoami').set(INTERNAL_TOKEN_HEADER, forged).expect(401);
  });

  it('hands the vouched identity to the handler', async () => {
    const response = await request(app.getHttpServer()).get('/whoami').set(INTERNAL_TOKEN_HEADER, token).expect(200);
    expect(response.body).toEqual(identity);
  });

  it('lets public routes through without a token', async () => {
    await request(app.getHttpServer()).get('/open').expect(200, { open: true });
  });

  it('answers domain errors with their status and verbatim message', async () => {
    await request(app.getHttpServer())
      .get('/child')
      .set(INTERNAL_TOKEN_HEADER, token)
      .expect(404, { error: 'Child does not exist' });
  });

  it('answers a 500 with an id and no internals', async () => {
    const response = await request(app.getHttpServer()).get('/boom').set(INTERNAL_TOKEN_HEADER, token).expect(500);
    expect(response.body).toEqual({ error: 'Internal error', id: expect.any(String) });
    expect(JSON.stringify(response.body)).not.toContain('relation');
  });

  it('names the invalid field in a 400, also for garbage bodies', async () => {
    const blank = await request(app.getHttpServer())
      .post('/child')
      .set(INTERNAL_TOKEN_HEADER, token)
      .send({ first_name: '  ' })
      .expect(400);
    expect(blank.body.error).toMatch(/^first_name: /);
    const garbage = await request(app.getHttpServer())
      .post('/child')
      .set(INTERNAL_TOKEN_HEADER, token)
      .set('content-type', 'application/json')
      .send('{"first_name": ')
      .expect(400);
    expect(garbage.body).toEqual({ error: expect.any(String) });
  });

  it('echoes the request id it was given', async () => {
    const response = await request(app.getHttpServer()).get('/open').set('x-request-id', 'req-123').expect(200);
    expect(response.headers['x-request-id']).toBe('req-123');
  });
});
