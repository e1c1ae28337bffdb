import 'reflect-metadata';
import { Controller, type DynamicModule, Injectable, Module, Param, Post, Get } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ChildMessages, ErrorMessages, type ChildAction } from '@aba/contracts/api';
import { NotFound, PaymentRequired, ServiceKitModule, SettingsModule } from '@aba/server-kit';
import { ChildrenModule } from '../children/children.module.js';
import { HELPER_ADDITION_LIMITS } from '../config.js';
import { therapyDatabase } from '../database.js';
import { HelpersModule } from '../helpers/helpers.module.js';
import {
  addHelper,
  createChild,
  startTherapy,
  type TestUser,
  type TherapyHarness,
} from '../testing/therapy-harness.js';
import { UserDirectoryModule } from '../user-directory/user-directory.module.js';
import { ChildAccess, CurrentChild } from './child-access.decorator.js';
import { ChildAccessModule } from './child-access.module.js';
import type { ChildAccessGrant, ChildGate, ChildLocator } from './child-access.types.js';

/** Stands in for a feature's objects (plans, behaviours …): thing id → child id. */
const things = new Map<string, string>();
/** Children the stand-in licence gate refuses. */
const unlicensed = new Set<string>();
const gateCalls: { childId: string; action: ChildAction }[] = [];

@Injectable()
class ThingChildLocator implements ChildLocator {
  async childOf(key: string): Promise<string> {
    const childId = things.get(key);
    if (!childId) throw new NotFound('Thing does not exist');
    return childId;
  }
}

@Injectable()
class StandInLicenceGate implements ChildGate {
  readonly name = 'licence';
  async check(grant: ChildAccessGrant, action: ChildAction): Promise<void> {
    gateCalls.push({ childId: grant.childId, action });
    if (unlicensed.has(grant.childId)) throw new PaymentRequired(ErrorMessages.licenceMissing);
  }
}

/** Routes shaped like later features': keyed by another object's id, or by the child in the query. */
@Controller('api/thing')
class ThingController {
  @Post(':id/edit')
  @ChildAccess('edit', { via: ThingChildLocator })
  edit(@CurrentChild() grant: ChildAccessGrant) {
    return { child_id: grant.childId, relation: grant.relation };
  }

  @Get('list')
  @ChildAccess('read', { in: 'query', key: 'child_id' })
  list(@CurrentChild() grant: ChildAccessGrant) {
    return { child_id: grant.childId };
  }

  @Post(':id/exempt')
  @ChildAccess('evaluate', { via: ThingChildLocator, exempt: ['licence'] })
  exempt(@Param('id') id: string) {
    return { id };
  }
}

@Module({ controllers: [ThingController], providers: [ThingChildLocator] })
class ThingModule {}

/** The extension points of the access rule: object-keyed routes (`via`), the child in the query, gates. */
describe('child access for routes keyed by other objects, and gates', () => {
  let therapy: TherapyHarness;
  let owner: TestUser;
  let therapist: TestUser;
  let stranger: TestUser;
  let childId: string;

  beforeAll(async () => {
    therapy = await startTherapy({
      module: (config): DynamicModule => ({
        module: class ExtensionTestModule {},
        imports: [
          ServiceKitModule.forService({ name: 'therapy', ...therapyDatabase, config }),
          ChildAccessModule.forRoot({ gates: [StandInLicenceGate] }),
          SettingsModule.register(HELPER_ADDITION_LIMITS, config.helperAdditions),
          UserDirectoryModule,
          ChildrenModule,
          HelpersModule,
          ThingModule,
        ],
      }),
    });
    owner = await therapy.registerUser();
    therapist = await therapy.registerUser({ role: 'THERAPIST' });
    stranger = await therapy.registerUser();
    childId = await createChild(therapy, owner, {}, { licensed: false });
    await addHelper(therapy, owner, childId, therapist.email, 'THERAPIST');
  });

  afterAll(() => therapy.close());

  beforeEach(() => {
    unlicensed.clear();
    gateCalls.length = 0;
  });

  const post = async (user: TestUser, path: string) =>
    therapy
      .http()
      .post(path)
      .set(await therapy.headers(user))
      .send({});
  const get = async (user: TestUser, path: string) =>
    therapy
      .http()
      .get(path)
      .set(await therapy.headers(user));

  it('finds the child through the object and applies the rule', async () => {
    const thing = randomUUID();
    things.set(thing, childId);
    await post(owner, `/api/thing/${thing}/edit`).then((r) =>
      expect([r.status, r.body]).toEqual([201, { child_id: childId, relation: 'OWNER' }]),
    );
    await post(therapist, `/api/thing/${thing}/edit`).then((r) =>
      expect([r.status, r.body]).toEqual([403, { error: ChildMessages.actionNotAllowed }]),
    );
    await post(stranger, `/api/thing/${thing}/edit`).then((r) =>
      expect([r.status, r.body]).toEqual([403, { error: ChildMessages.noChildAccess }]),
    );
    await post(owner, `/api/thing/${randomUUID()}/edit`).then((r) =>
      expect([r.status, r.body]).toEqual([404, { error: 'Thing does not exist' }]),
    );
    // an object whose child is gone
    const orphan = randomUUID();
    things.set(orphan, randomUUID());
    await post(owner, `/api/thing/${orphan}/edit`).then((r) =>
      expect([r.status, r.body]).toEqual([404, { error: ChildMessages.childNotFound }]),
    );
  });

  it('reads the child id from the query when told to', async () => {
    await get(therapist, `/api/thing/list?child_id=${childId}`).then((r) =>
      expect(r.body).toEqual({ child_id: childId }),
    );
    await get(stranger, `/api/thing/list?child_id=${childId}`).then((r) => expect(r.status).toBe(403));
    await get(owner, '/api/thing/list').then((r) =>
      expect([r.status, r.body]).toEqual([404, { error: ChildMessages.childNotFound }]),
    );
  });

  it('runs the gates after the rule, on child routes and object routes alike, unless exempt', async () => {
    unlicensed.add(childId);
    const thing = randomUUID();
    things.set(thing, childId);
    // The child's own record is exempt from the licence gate; its team is child data.
    await get(owner, `/api/child/${childId}`).then((r) => expect(r.status).toBe(200));
    await get(owner, `/api/child/${childId}/helpers?access_type=ADMIN`).then((r) =>
      expect([r.status, r.body]).toEqual([402, { error: ErrorMessages.licenceMissing }]),
    );
    await post(owner, `/api/thing/${thing}/edit`).then((r) => expect(r.status).toBe(402));
    await post(therapist, `/api/thing/${thing}/exempt`).then((r) => expect(r.status).toBe(201));
    // refused by the rule first: the gate is never asked
    gateCalls.length = 0;
    await post(therapist, `/api/thing/${thing}/edit`).then((r) => expect(r.status).toBe(403));
    await get(stranger, `/api/child/${childId}`).then((r) => expect(r.status).toBe(403));
    expect(gateCalls).toEqual([]);

    unlicensed.clear();
    await get(owner, `/api/child/${childId}/helpers?access_type=ADMIN`).then((r) => expect(r.status).toBe(200));
    expect(gateCalls).toEqual([{ childId, action: 'read' }]);
  });
});
