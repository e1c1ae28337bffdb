import 'reflect-metadata';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  auditResponseSchema,
  ChildMessages,
  CLINICIAN_REPORT_SECTIONS,
  ErrorMessages,
  ReportSettingsMessages,
  type ReportSettings,
} from '@aba/contracts/api';
import { binary, download, pdfPages } from '../testing/download.js';
import { plansClient } from '../testing/plans-client.js';
import {
  addHelper,
  createChild,
  startTherapy,
  type TestUser,
  type TherapyHarness,
} from '../testing/therapy-harness.js';
import { CLINICIAN_REPORT_WORDS } from './clinician-report-words.js';

const fixture = (name: string) => readFileSync(new URL(`../testing/fixtures/${name}`, import.meta.url));
const PNG = fixture('clinic-logo.png');
const JPEG = fixture('clinic-logo.jpg');

/** A copy of the PNG whose header claims another width (the pixels do not change). */
function pngClaimingWidth(width: number): Buffer {
  const copy = Buffer.from(PNG);
  copy.writeUInt32BE(width, 16);
  return copy;
}

describe("the clinician report's heading and order (issue 18): GET|POST /api/child/{id}/report/settings", () => {
  let therapy: TherapyHarness;
  let api: ReturnType<typeof plansClient>;
  let owner: TestUser;
  let coordinator: TestUser;
  let therapist: TestUser;
  let stranger: TestUser;
  let childId: string;

  const settingsPath = () => `/api/child/${childId}/report/settings`;
  const save = (user: TestUser, body: unknown) => api.post(user, settingsPath(), body);
  const pagesOf = async (user: TestUser, kind: 'parent' | 'clinician') => {
    const response = await download(therapy, user, `/api/child/${childId}/report/${kind}?from=2026-10-01`);
    expect(response.status).toBe(200);
    return { pages: await pdfPages(response), pdf: Buffer.from(binary(response)) };
  };

  beforeAll(async () => {
    therapy = await startTherapy();
    api = plansClient(therapy);
    owner = await therapy.registerUser({ firstName: 'Ioana', lastName: 'Marin' });
    coordinator = await therapy.registerUser({ firstName: 'Dana', lastName: 'Pop' });
    therapist = await therapy.registerUser({ firstName: 'Radu', lastName: 'Ene', role: 'THERAPIST' });
    stranger = await therapy.registerUser({ firstName: 'Vlad' });
    childId = await createChild(therapy, owner, { first_name: 'Ana', last_name: 'Dinu' });
    await therapy.grantLicence(childId);
    await addHelper(therapy, owner, childId, coordinator.email, 'ADMIN');
    await addHelper(therapy, owner, childId, therapist.email, 'THERAPIST');
  });

  afterAll(() => therapy.close());

  it('starts with no clinic, no logo and the sections in their first order', async () => {
    const response = await api.get(therapist, settingsPath());
    expect([response.status, response.body]).toEqual([
      200,
      {
        settings: {
          clinic_name: null,
          logo: null,
          section_order: [...CLINICIAN_REPORT_SECTIONS],
          updated_at: null,
        },
      },
    ]);
    const logo = await api.get(owner, `/api/child/${childId}/report/logo`);
    expect([logo.status, logo.body]).toEqual([404, { error: ReportSettingsMessages.noLogo }]);
  });

  it("puts the clinic's name and logo on every page of the clinician report, in the order chosen", async () => {
    const saved = await save(owner, {
      clinic_name: '  Centrul Rază de Soare  ',
      logo: PNG.toString('base64'),
      section_order: ['behaviors', 'items', 'sessions'],
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      message: ReportSettingsMessages.saved,
      settings: {
        clinic_name: 'Centrul Rază de Soare',
        logo: { type: 'png', width: 300, height: 100, bytes: PNG.length },
        section_order: ['behaviors', 'items', 'sessions'],
        updated_at: expect.any(String),
      },
    });
    const read = await api.get(therapist, settingsPath());
    expect(read.body).toEqual({ settings: (saved.body as { settings: ReportSettings }).settings });

    const logo = await download(therapy, therapist, `/api/child/${childId}/report/logo`);
    expect(logo.status).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(Buffer.from(binary(logo)).equals(PNG)).toBe(true);

    const { pages, pdf } = await pagesOf(therapist, 'clinician');
    for (const page of pages) expect(page).toContain('Centrul Rază de Soare');
    // The logo is in the file, as an image of its size.
    expect(pdf.toString('latin1')).toMatch(/\/Subtype \/Image[\s\S]*?\/Width 300[\s\S]*?\/Height 100/);
    const text = pages.join(' ');
    const words = CLINICIAN_REPORT_WORDS.ro;
    const order = [
      words.behaviorsHeading,
      words.itemsHeading,
      words.sessionsHeading,
      words.signaturesHeading,
    ].map((heading) => text.indexOf(` ${heading} `));
    expect(order.every((position) => position >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);

    const parent = await pagesOf(owner, 'parent');
    expect(parent.pages.join(' ')).not.toContain('Centrul Rază de Soare');
  });

  it('changes only what a request names: a coordinator may, a therapist may not', async () => {
    const refused = await save(therapist, { clinic_name: 'Altă clinică' });
    expect([refused.status, refused.body]).toEqual([403, { error: ChildMessages.actionNotAllowed }]);

    const jpeg = await save(coordinator, { logo: JPEG.toString('base64') });
    expect(jpeg.status).toBe(200);
    expect((jpeg.body as { settings: ReportSettings }).settings).toMatchObject({
      clinic_name: 'Centrul Rază de Soare',
      logo: { type: 'jpeg', width: 300, height: 100, bytes: JPEG.length },
      section_order: ['behaviors', 'items', 'sessions'],
    });
    const logo = await download(therapy, owner, `/api/child/${childId}/report/logo`);
    expect(logo.headers['content-type']).toBe('image/jpeg');

    const removed = await save(coordinator, { logo: null, clinic_name: '' });
    expect((removed.body as { settings: ReportSettings }).settings).toMatchObject({
      clinic_name: null,
      logo: null,
      section_order: ['behaviors', 'items', 'sessions'],
    });
    expect((await api.get(owner, `/api/child/${childId}/report/logo`)).status).toBe(404);
    const { pages } = await pagesOf(owner, 'clinician');
    expect(pages.join(' ')).not.toContain('Centrul Rază de Soare');
  });

  it('records each change in the audit trail, before and after, and nothing for a request that changes nothing', async () => {
    const trail = async () =>
      auditResponseSchema.parse(
        (await api.get(owner, `/api/child/${childId}/audit?kind=REPORT_SETTINGS_CHANGED`)).body,
      );
    const [removal, jpeg, first] = (await trail()).entries;
    expect(first).toMatchObject({
      actor: { id: owner.id },
      before: { clinic_name: null, logo: null, section_order: [...CLINICIAN_REPORT_SECTIONS] },
      after: {
        clinic_name: 'Centrul Rază de Soare',
        logo: expect.stringMatching(/^PNG 300×100 · [0-9a-f]{8}$/),
        section_order: ['behaviors', 'items', 'sessions'],
      },
    });
    expect(jpeg).toMatchObject({
      actor: { id: coordinator.id },
      before: { logo: first.after!.logo },
      after: { logo: expect.stringMatching(/^JPEG 300×100 · [0-9a-f]{8}$/) },
    });
    expect(Object.keys(jpeg.after!)).toEqual(['logo']);
    expect(removal.after).toEqual({ clinic_name: null, logo: null });

    const total = (await trail()).total;
    expect((await save(owner, { section_order: ['behaviors', 'items', 'sessions'] })).status).toBe(200);
    expect((await trail()).total).toBe(total);
  });

  it('refuses with { error } what the report could not use, and keeps what was saved', async () => {
    const gif = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
    const truncated = PNG.subarray(0, 80);
    for (const [body, error] of [
      [{ clinic_name: 'x'.repeat(121) }, ReportSettingsMessages.clinicNameTooLong],
      [{ logo: 'not base64!' }, ReportSettingsMessages.logoNotImage],
      [{ logo: gif.toString('base64') }, ReportSettingsMessages.logoNotImage],
      [{ logo: truncated.toString('base64') }, ReportSettingsMessages.logoNotImage],
      [{ logo: pngClaimingWidth(5000).toString('base64') }, ReportSettingsMessages.logoSize],
      [{ logo: randomBytes(300 * 1024).toString('base64') }, ReportSettingsMessages.logoTooLarge],
      [{ section_order: ['items', 'items', 'sessions'] }, ReportSettingsMessages.sectionOrderInvalid],
      [{ section_order: ['items', 'sessions'] }, ReportSettingsMessages.sectionOrderInvalid],
      [{ section_order: ['items', 'sessions', 'goals'] }, ReportSettingsMessages.sectionOrderInvalid],
      [{}, ReportSettingsMessages.nothingToChange],
    ] as const) {
      const response = await save(owner, body);
      expect([JSON.stringify(body).slice(0, 60), response.status, response.body]).toEqual([
        JSON.stringify(body).slice(0, 60),
        400,
        { error },
      ]);
    }
    const tooBig = await save(owner, { logo: 'A'.repeat(600 * 1024) });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toEqual({ error: ErrorMessages.requestTooLarge });

    const stranger_ = await api.get(stranger, settingsPath());
    expect([stranger_.status, stranger_.body]).toEqual([403, { error: ChildMessages.noChildAccess }]);
    const unknown = await save(owner, { clinic_name: 'x' }).then(() =>
      api.get(owner, `/api/child/${randomUUID()}/report/settings`),
    );
    expect([unknown.status, unknown.body]).toEqual([404, { error: ChildMessages.childNotFound }]);
    expect((await api.get(owner, settingsPath())).body).toMatchObject({
      settings: { clinic_name: 'x', logo: null, section_order: ['behaviors', 'items', 'sessions'] },
    });
  });
});
