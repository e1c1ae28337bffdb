import 'reflect-metadata';
import { randomBytes, randomUUID } from 'node:crypto';
import { unzipSync } from 'fflate';
import {
  ACCOUNT_EXPORT_FILE_NAME,
  ACCOUNT_EXPORT_PART_PATH,
  AccountExportMessages,
  exportPartSchema,
  type ExportPart,
} from '@aba/contracts/api';
import { INTERNAL_TOKEN_HEADER, REQUEST_ID_HEADER } from '@aba/server-kit';
import { exportCoverageGaps, SCHEMA_TABLES_SQL } from '@aba/server-kit/testing';
import {
  activeAccount,
  anonymous,
  asUser,
  type IdentityHarness,
  logIn,
  startIdentity,
} from '../testing/identity-harness.js';
import { startServiceStandIn, type ServiceStandIn } from '../testing/service-stand-in.js';
import { ACCOUNT_EXPORTS_PER_HOUR } from './account-export.errors.js';
import { IDENTITY_EXPORT_COVERAGE } from './identity-part.js';

/** A file's text, byte order mark included (fflate's `strFromU8` drops it). */
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

const THERAPY_PART: ExportPart = {
  service: 'therapy',
  tables: [
    {
      name: 'children',
      description: 'The children you own.',
      columns: ['id', 'name', 'note', 'sessions', 'consented'],
      rows: [
        {
          id: 'c1',
          name: 'Ștefan, Țăranu',
          note: '=HYPERLINK("http://evil.example")',
          sessions: 12,
          consented: true,
        },
        { id: 'c2', name: 'Ana', note: 'two\nlines', sessions: -3, consented: null },
      ],
    },
    { name: 'plans', description: 'Their plans.', columns: ['id', 'title'], rows: [] },
  ],
};
const BILLING_PART: ExportPart = {
  service: 'billing',
  tables: [
    {
      name: 'subscriptions',
      description: 'Your subscriptions.',
      columns: ['id', 'quantity'],
      rows: [{ id: 's1', quantity: 2 }],
    },
  ],
};

/** How the export writes instants (the contract: ISO 8601 text). */
const ISO_INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const rowsOf = (part: ExportPart, name: string) =>
  part.tables.find((table) => table.name === name)?.rows ?? [];

describe('"Download my data" (issue 17, GDPR Art 15 and 20)', () => {
  let identity: IdentityHarness;
  let therapy: ServiceStandIn;
  let billing: ServiceStandIn;

  beforeAll(async () => {
    therapy = await startServiceStandIn(ACCOUNT_EXPORT_PART_PATH, THERAPY_PART);
    billing = await startServiceStandIn(ACCOUNT_EXPORT_PART_PATH, BILLING_PART);
    identity = await startIdentity({ THERAPY_URL: therapy.url, BILLING_URL: billing.url });
  });

  afterAll(async () => {
    await identity.close();
    await therapy.close();
    await billing.close();
  });

  beforeEach(() => {
    therapy.answer = { status: 200, body: THERAPY_PART };
    billing.answer = { status: 200, body: BILLING_PART };
  });

  const exportAs = (token: string, requestId: string = randomUUID()) =>
    identity
      .http()
      .get('/api/account/export')
      .set({ [INTERNAL_TOKEN_HEADER]: token, [REQUEST_ID_HEADER]: requestId })
      .responseType('blob');
  const exportsCounted = async (userId: string) =>
    (
      await identity.sql<{ n: number }>(
        'select count(*)::int as n from identity.account_export where user_id = ?',
        [userId],
      )
    )[0].n;

  it(`answers identity's own part at GET ${ACCOUNT_EXPORT_PART_PATH}: every table covered, the caller's rows, no one else's, no secret`, async () => {
    const account = await activeAccount(identity, { first_name: 'Ioana', last_name: 'Mărin' });
    const other = await activeAccount(identity, { first_name: 'Elena', last_name: 'Voicu' });
    expect((await logIn(identity, account.email, account.password, '198.51.100.70')).status).toBe(200);
    expect((await logIn(identity, account.email, 'Wrong-passw0rd', '198.51.100.71')).status).toBe(401);
    expect((await logIn(identity, other.email, 'Wrong-passw0rd', '198.51.100.71')).status).toBe(401);
    const childId = randomUUID();
    for (const email of [account.email, other.email]) {
      await identity.sql(
        `insert into identity.one_time_token (id, kind, email, child_id, access_type, invited_by, created_at, expires_at)
         values (?, 'invite', ?, ?, 'THERAPIST', ?, now(), now() + interval '1 day')`,
        [randomBytes(32).toString('hex'), email, childId, randomUUID()],
      );
    }
    await identity.sql(
      'insert into identity.user_child (user_id, child_id, since) values (?, ?, now()), (?, ?, now())',
      [account.id, childId, other.id, randomUUID()],
    );

    const response = await identity
      .http()
      .get(ACCOUNT_EXPORT_PART_PATH)
      .set(await identity.headers(asUser(account.id)))
      .expect(200);
    const part = exportPartSchema.parse(response.body);
    expect(part.service).toBe('identity');
    const tables = (await identity.sql<{ name: string }>(SCHEMA_TABLES_SQL, ['identity'])).map(
      (table) => table.name,
    );
    expect(exportCoverageGaps(tables, IDENTITY_EXPORT_COVERAGE, part)).toEqual({
      unlisted: [],
      stale: [],
      missing: [],
    });
    for (const table of part.tables) {
      for (const row of table.rows) expect(Object.keys(row)).toEqual(table.columns);
    }

    expect(rowsOf(part, 'account')).toEqual([
      {
        id: account.id,
        first_name: 'Ioana',
        last_name: 'Mărin',
        email: account.email,
        phone: '+40 712 345 678',
        role: 'THERAPIST',
        language: 'ro',
        active: true,
        date_registered: expect.stringMatching(ISO_INSTANT),
        date_activated: expect.stringMatching(ISO_INSTANT),
      },
    ]);
    expect(rowsOf(part, 'emailed_links').map((link) => [link.kind, link.email, link.child_id])).toEqual([
      ['activation', null, null],
      ['invite', account.email, childId],
    ]);
    expect(rowsOf(part, 'failed_logins')).toEqual([
      { address: '198.51.100.71', failed_at: expect.stringMatching(ISO_INSTANT) },
    ]);
    expect(rowsOf(part, 'login_addresses')).toEqual([
      { address: '198.51.100.70', last_success_at: expect.stringMatching(ISO_INSTANT) },
    ]);
    expect(rowsOf(part, 'children')).toEqual([
      { child_id: childId, since: expect.stringMatching(ISO_INSTANT) },
    ]);
    expect(rowsOf(part, 'sessions')).toEqual([
      {
        created_at: expect.stringMatching(ISO_INSTANT),
        last_seen_at: expect.stringMatching(ISO_INSTANT),
        expires_at: expect.stringMatching(ISO_INSTANT),
      },
    ]);

    const json = JSON.stringify(part);
    expect(json).not.toContain(other.email);
    expect(json).not.toContain(other.id);
    const [{ password_hash: hash }] = await identity.sql<{ password_hash: string }>(
      'select password_hash from identity.user_account where id = ?',
      [account.id],
    );
    expect(json).not.toContain(hash);
    expect(json).not.toContain('$argon2');
    const secrets = await identity.sql<{ id: string }>(
      `select id from identity.session where user_id = ?
       union all select id from identity.one_time_token where user_id = ? or email = ?`,
      [account.id, account.id, account.email],
    );
    expect(secrets.length).toBeGreaterThanOrEqual(3);
    for (const { id } of secrets) expect(json).not.toContain(id.trim());

    const refused = await identity
      .http()
      .get(ACCOUNT_EXPORT_PART_PATH)
      .set(await identity.headers(anonymous));
    expect(refused.status).toBe(401);
  });

  it('answers GET /api/account/export with a ZIP of a README, each part as JSON and each table as CSV, asking the parts as the caller', async () => {
    const account = await activeAccount(identity, { first_name: 'Ioana', last_name: 'Marin' });
    therapy.requests.length = 0;
    billing.requests.length = 0;
    const token = await identity.token(asUser(account.id));
    const response = await exportAs(token, 'export-request-1');

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${ACCOUNT_EXPORT_FILE_NAME}"`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    for (const server of [therapy, billing]) {
      expect(server.requests).toHaveLength(1);
      expect(server.requests[0][INTERNAL_TOKEN_HEADER]).toBe(token);
      expect(server.requests[0][REQUEST_ID_HEADER]).toBe('export-request-1');
    }

    const files = unzipSync(new Uint8Array(response.body as Buffer));
    const identityTables = Object.values(IDENTITY_EXPORT_COVERAGE).flatMap((entry) =>
      'exportedAs' in entry ? [`identity/${entry.exportedAs}.csv`] : [],
    );
    expect(Object.keys(files).sort()).toEqual(
      [
        'README.txt',
        'identity.json',
        ...identityTables,
        'therapy.json',
        'therapy/children.csv',
        'therapy/plans.csv',
        'billing.json',
        'billing/subscriptions.csv',
      ].sort(),
    );
    expect(JSON.parse(text(files['therapy.json']))).toEqual(THERAPY_PART);
    expect(JSON.parse(text(files['billing.json']))).toEqual(BILLING_PART);
    const own = exportPartSchema.parse(JSON.parse(text(files['identity.json'])));
    expect(rowsOf(own, 'account')[0]).toMatchObject({ id: account.id, email: account.email });
    expect(rowsOf(own, 'data_exports')).toHaveLength(1);

    expect(text(files['therapy/children.csv'])).toBe(
      '\uFEFFid,name,note,sessions,consented\r\n' +
        'c1,"Ștefan, Țăranu","\'=HYPERLINK(""http://evil.example"")",12,true\r\n' +
        'c2,Ana,"two\nlines",-3,\r\n',
    );
    expect(text(files['therapy/plans.csv'])).toBe('\uFEFFid,title\r\n');
    const accountCsv = text(files['identity/account.csv']);
    expect(accountCsv).toContain(
      `${account.id},Ioana,Marin,${account.email},'+40 712 345 678,THERAPIST,ro,true,`,
    );

    const readme = text(files['README.txt']);
    expect(readme.indexOf('Această arhivă')).toBeLessThan(readme.indexOf('This archive'));
    expect(readme).toContain(account.email);
    for (const path of Object.keys(files).filter((path) => path !== 'README.txt')) {
      expect(readme).toContain(`\r\n${path}\r\n`);
    }
    expect(readme).toContain('Coloane / Columns: id, name, note, sessions, consented');
    expect(readme).toContain('The children you own.');
  });

  it(`holds an account to ${ACCOUNT_EXPORTS_PER_HOUR} exports an hour: the next answers 429 with Retry-After`, async () => {
    const account = await activeAccount(identity);
    const token = await identity.token(asUser(account.id));
    for (let n = 0; n < ACCOUNT_EXPORTS_PER_HOUR; n++) expect((await exportAs(token)).status).toBe(200);
    const refused = await identity
      .http()
      .get('/api/account/export')
      .set(await identity.headers(asUser(account.id)));
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 429,
      body: { error: AccountExportMessages.tooManyExports },
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await exportsCounted(account.id)).toBe(ACCOUNT_EXPORTS_PER_HOUR);
    // Another account's exports are its own.
    const other = await activeAccount(identity);
    expect((await exportAs(await identity.token(asUser(other.id)))).status).toBe(200);
  });

  it('answers 503 and no ZIP when a part cannot be had, and such an export does not count', async () => {
    const account = await activeAccount(identity);
    const token = await identity.token(asUser(account.id));
    const refusals: [string, () => void][] = [
      ['therapy answers 500', () => (therapy.answer = { status: 500, body: { error: 'Internal error' } })],
      ['billing hangs up', () => (billing.answer = 'hang-up')],
      [
        'therapy answers an invalid part',
        () => (therapy.answer = { status: 200, body: { service: 'therapy' } }),
      ],
      ['billing answers as therapy', () => (billing.answer = { status: 200, body: THERAPY_PART })],
      [
        'therapy answers rows without their columns',
        () =>
          (therapy.answer = {
            status: 200,
            body: { service: 'therapy', tables: [{ ...THERAPY_PART.tables[1], rows: [{ id: 'p1' }] }] },
          }),
      ],
    ];
    for (const [what, refuse] of refusals) {
      therapy.answer = { status: 200, body: THERAPY_PART };
      billing.answer = { status: 200, body: BILLING_PART };
      refuse();
      const response = await identity
        .http()
        .get('/api/account/export')
        .set({ [INTERNAL_TOKEN_HEADER]: token });
      expect({ what, status: response.status, body: response.body }).toEqual({
        what,
        status: 503,
        body: { error: AccountExportMessages.partUnavailable },
      });
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    }
    expect(await exportsCounted(account.id)).toBe(0);

    // Nothing listening at all: the connection is refused. (Last: the billing stand-in does not come back.)
    therapy.answer = { status: 200, body: THERAPY_PART };
    await billing.close();
    const refused = await identity
      .http()
      .get('/api/account/export')
      .set({ [INTERNAL_TOKEN_HEADER]: token });
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 503,
      body: { error: AccountExportMessages.partUnavailable },
    });
  });
});
