import 'reflect-metadata';
import { ErrorMessages } from '@aba/contracts/api';
import { createChild, startTherapy, type TestUser, type TherapyHarness } from '../testing/therapy-harness.js';

/** Billing's licence events open and close a child's data (issue: licences and billing). */
describe('licence gate (billing events over NATS)', () => {
  let therapy: TherapyHarness;
  let owner: TestUser;

  beforeAll(async () => {
    therapy = await startTherapy();
    owner = await therapy.registerUser({ firstName: 'Ioana' });
  });

  afterAll(() => therapy.close());

  const get = async (path: string) => therapy.http().get(path).set(await therapy.headers(owner));

  it('answers 402 on a child data call without a licence, yet keeps the child and the list readable', async () => {
    const childId = await createChild(therapy, owner, {}, { licensed: false });
    const helpers = await get(`/api/child/${childId}/helpers?access_type=THERAPIST`);
    expect(helpers.status).toBe(402);
    expect(helpers.body).toEqual({ error: ErrorMessages.licenceMissing });

    expect((await get(`/api/child/${childId}`)).status).toBe(200);
    const list = await get('/api/child/list');
    expect(list.body.children.map((child: { id: string }) => child.id)).toContain(childId);
  });

  it('opens the child when billing assigns a licence and closes it again when billing revokes it', async () => {
    const childId = await createChild(therapy, owner, {}, { licensed: false });
    const licence = await therapy.grantLicence(childId);
    expect((await get(`/api/child/${childId}/helpers?access_type=THERAPIST`)).status).toBe(200);

    await therapy.revokeLicence(childId, licence);
    expect((await get(`/api/child/${childId}/helpers?access_type=THERAPIST`)).status).toBe(402);
  });

  it('still lets the owner delete an unlicensed child', async () => {
    const childId = await createChild(therapy, owner, {}, { licensed: false });
    await therapy.http().post(`/api/child/${childId}/delete`).set(await therapy.headers(owner)).expect(200);
    expect((await get(`/api/child/${childId}`)).status).toBe(404);
  });

  it('refuses strangers before looking at licences', async () => {
    const childId = await createChild(therapy, owner, {}, { licensed: false });
    const stranger = await therapy.registerUser({ firstName: 'Străin' });
    const response = await therapy.http().get(`/api/child/${childId}/helpers?access_type=ADMIN`).set(await therapy.headers(stranger));
    expect(response.status).toBe(403);
  });
});
