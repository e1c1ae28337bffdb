// First-run demo data of the local runner: a demo parent with a subscription of 3 licences, a licensed child with a
// plan, sub-plans, items, two weeks of daily sessions of evaluations (targets that mastered by the rule, others waiting
// in "to confirm", a parent's session at home that does not count) and behaviour logs with ABC entries, and a
// therapist helper, who changed her name on her account page. Everything goes through the real API via the gateway (so
// every rule and event runs), each capture with its time, as a phone sends it. Idempotent: when the demo parent can log
// in, nothing is done.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { activationToken, Api } from './api-client.mjs';

export const DEMO_PASSWORD = 'Demo-parola-2026';
export const DEMO_PARENT = {
  email: 'parinte@demo.aba',
  firstName: 'Maria',
  lastName: 'Popescu',
  role: 'PARENT',
};
export const DEMO_THERAPIST = {
  email: 'terapeut@demo.aba',
  firstName: 'Ioana',
  lastName: 'Ionescu',
  role: 'THERAPIST',
};
/**
 * What the demo therapist changed on her account page after registering (issue 17): her married name and her own
 * phone. The new name reaches therapy and billing through `identity.user.updated.v1`, so the child's Therapists page
 * shows it.
 */
/** A target deleted while the therapist's phone was offline: her trial of it waits on the child's "To check" page. */
const DROPPED_ITEM = 'Arată „gata” la final de activitate';

export const DEMO_THERAPIST_ACCOUNT = {
  first_name: 'Ioana',
  last_name: 'Ionescu-Marin',
  phone: '0744 123 456',
  language: 'ro',
};
/** Invited, never registered: the child's coordinator stays pending until the invite's link is used (ADR 0012). */
export const DEMO_INVITED_COORDINATOR = 'coordonator@demo.aba';

const CHILD = { first_name: 'Andrei', last_name: 'Popescu' };
const DELETED_CHILD = { first_name: 'Ilinca', last_name: 'Popescu' };
const PLAN = {
  name: 'Plan de intervenție',
  description: 'Programul de bază: atenție comună, comunicare funcțională și autonomie.',
};
const SUB_PLANS = [
  {
    name: 'Atenție și imitație',
    description: 'Contact vizual, urmărirea indicațiilor simple și imitarea acțiunilor adultului.',
    items: [
      'Contact vizual la chemarea numelui',
      'Răspunde la „Vino aici”',
      'Imită bătutul din palme',
      'Arată cu degetul obiectul dorit',
    ],
  },
  {
    name: 'Comunicare funcțională',
    description: 'Cereri cu ajutorul cartonașelor PECS și al cuvintelor simple.',
    items: [
      'Cere apă folosind cartonașul',
      'Cere o pauză folosind cartonașul',
      'Spune „mai vreau”',
      'Răspunde „da” / „nu”',
    ],
  },
  {
    name: 'Autonomie personală',
    description: 'Deprinderi de autoservire în rutina zilnică.',
    items: [
      'Se spală pe mâini cu sprijin verbal',
      'Își pune pantofii',
      'Strânge jucăriile la final de activitate',
    ],
  },
];
const BEHAVIORS = [
  {
    name: 'Aruncă obiecte',
    description: 'Aruncă jucării sau obiecte de pe masă în timpul sarcinilor.',
    perDay: [4, 3],
  },
  { name: 'Țipă', description: 'Țipă sau plânge intens, mai ales la tranziții.', perDay: [3, 1] },
];
const DAYS = 14;
const TRIALS_PER_ITEM = 5;
const EVENT_RETRY_MS = 30_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A small seeded generator: the demo is the same on every machine. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** A moment of the day `daysAgo` days back at `hour` (local time) plus `minutes`, never later than a minute ago. */
function momentOf(daysAgo, hour, minutes) {
  const day = new Date(Date.now() - daysAgo * DAY_MS);
  day.setHours(hour, 0, 0, 0);
  const at = day.getTime() + minutes * 60_000;
  return new Date(Math.min(at, Date.now() - 60_000 - Math.random() * 60_000));
}

async function register(api, mailDir, person) {
  const registeredAt = Date.now();
  const result = await api.call('POST', '/api/register', {
    first_name: person.firstName,
    last_name: person.lastName,
    email: person.email,
    phone: '0722000000',
    password: DEMO_PASSWORD,
    confirmedPassword: DEMO_PASSWORD,
    role: person.role,
  });
  // 409 when an earlier seed registered it and stopped before activating: its activation e-mail is still there.
  if (result.status !== 201 && result.status !== 409) {
    throw new Error(`POST /api/register ${person.email} → ${result.status} ${JSON.stringify(result.body)}`);
  }
  // A new registration's own e-mail, not one a seed of an earlier database left in the mail folder.
  const token = await activationToken(mailDir, person.email, result.status === 201 ? registeredAt : 0);
  await api.expect(200, 'POST', '/api/token/activate-user', { token });
  await api.expect(200, 'POST', '/api/login', { email: person.email, password: DEMO_PASSWORD });
}

/** A logged-in client of `person`, registering and activating the account when it cannot log in yet. */
async function account(origin, baseUrl, mailDir, person) {
  const api = new Api(origin, baseUrl);
  const login = await api.call('POST', '/api/login', { email: person.email, password: DEMO_PASSWORD });
  if (login.status !== 200) await register(api, mailDir, person);
  return api;
}

/** Whether the logged-in demo parent has the demo child with its behaviours (created last through the API). */
async function complete(parent) {
  const { children } = await parent.expect(200, 'GET', '/api/child/list');
  const child = children.find((c) => c.first_name === CHILD.first_name && c.last_name === CHILD.last_name);
  if (!child) return false;
  const behaviors = await parent.call('GET', `/api/child/${child.id}/behavior/list`);
  return behaviors.status === 200 && behaviors.body.behaviors.length === BEHAVIORS.length;
}

/**
 * Seeds the demo once. `origin` is the app's public origin; `baseUrl` where the gateway answers (default `origin`);
 * `admin` is `{ email, password }`.
 * Returns 'seeded' or 'present'; throws on failure (the runner logs it and keeps going).
 */
export async function seedDemo({ origin, baseUrl = origin, mailDir, admin, log }) {
  const probe = new Api(origin, baseUrl);
  if (
    (await probe.call('POST', '/api/login', { email: DEMO_PARENT.email, password: DEMO_PASSWORD })).status ===
    200
  ) {
    if (await complete(probe)) {
      log('Demo data already there.');
      return 'present';
    }
    throw new Error('the demo parent exists but its data is incomplete (an earlier seed stopped part-way)');
  }
  if (!admin)
    throw new Error('no administrator to create the subscription with (set ADMIN_EMAIL and ADMIN_PASSWORD)');
  const started = Date.now();
  log('Seeding demo data (first start)…');

  const parent = await account(origin, baseUrl, mailDir, DEMO_PARENT);
  const therapist = await account(origin, baseUrl, mailDir, DEMO_THERAPIST);
  await therapist.expect(200, 'POST', '/api/account/update', DEMO_THERAPIST_ACCOUNT);

  // Billing learns about the new user from identity's event: retry until it does.
  const administrator = new Api(origin, baseUrl);
  await administrator.expect(200, 'POST', '/api/login', { email: admin.email, password: admin.password });
  await administrator.expect(
    201,
    'POST',
    '/api/subscription/create',
    { user_email: DEMO_PARENT.email, quantity: 3 },
    EVENT_RETRY_MS,
  );

  const born = new Date();
  born.setFullYear(born.getFullYear() - 5, 2, 14);
  const { child_id: childId } = await parent.expect(201, 'POST', '/api/child/create', {
    ...CHILD,
    date_of_birth: born.toISOString().slice(0, 10),
  });
  // A second child, deleted: the children list shows it under "Recently deleted", restorable for 30 days (ADR 0021).
  const { child_id: deletedChildId } = await parent.expect(201, 'POST', '/api/child/create', {
    ...DELETED_CHILD,
    date_of_birth: born.toISOString().slice(0, 10),
  });
  await parent.expect(200, 'POST', `/api/child/${deletedChildId}/delete`);
  // Billing learns about the child, then therapy about the licence (child-scoped calls need it), from events: retry
  // until each does.
  await parent.expect(201, 'POST', '/api/child/add-license', { child_id: childId }, EVENT_RETRY_MS);
  // The parent's consent to the child's data, to the current text (issue 17, ADR 0046).
  const { current_version: consentVersion } = await parent.expect(
    200,
    'GET',
    `/api/child/${childId}/consent`,
  );
  await parent.expect(200, 'POST', `/api/child/${childId}/consent/give`, { version: consentVersion });
  await parent.expect(
    201,
    'POST',
    `/api/child/${childId}/helper/add`,
    { email: DEMO_THERAPIST.email, access_type: 'THERAPIST' },
    EVENT_RETRY_MS,
  );
  await parent.expect(201, 'POST', `/api/child/${childId}/helper/add`, {
    email: DEMO_INVITED_COORDINATOR,
    access_type: 'ADMIN',
  });

  const plan = await parent.expect(201, 'POST', `/api/child/${childId}/plan/create`, PLAN, EVENT_RETRY_MS);
  const items = [];
  const subPlanIds = [];
  for (const [index, subPlanSpec] of SUB_PLANS.entries()) {
    const subPlan = await parent.expect(201, 'POST', `/api/child/${childId}/sub-plan/create`, {
      name: subPlanSpec.name,
      description: subPlanSpec.description,
    });
    subPlanIds.push(subPlan.id);
    if (index === 1) {
      // This sub-plan's targets move on only once a coordinator confirms: its mastered ones wait in "to confirm".
      const { criterion } = await parent.expect(
        200,
        'GET',
        `/api/child/${childId}/sub-plan/${subPlan.id}/mastery-criterion`,
      );
      const { source: _source, ...rule } = criterion;
      await parent.expect(200, 'POST', `/api/child/${childId}/sub-plan/${subPlan.id}/mastery-criterion`, {
        ...rule,
        to_generalization: { ...rule.to_generalization, mode: 'CONFIRM' },
      });
    }
    await parent.expect(201, 'POST', `/api/child/${childId}/plan/${plan.id}/add-sub-plan`, {
      sub_plan_id: subPlan.id,
    });
    for (const description of subPlanSpec.items) {
      const { item } = await parent.expect(201, 'POST', '/api/sub-plan-item/create', {
        description,
        sub_plan_id: subPlan.id,
      });
      items.push({ id: item.id, start: 0.25 + 0.1 * (index % 2), pace: 0.035 + 0.01 * (items.length % 3) });
    }
  }

  // The therapist scores a session a day (Monday to Saturday, and today whatever the day), 5 trials per target, each
  // captured at its time: the mastery rule moves targets on as they reach 80 % in 3 sessions in a row. The parent logs
  // the behaviours. The therapist may have to wait until therapy has granted the access (an event when the account was
  // not known to therapy yet).
  await therapist.expect(200, 'GET', `/api/child/${childId}`, undefined, EVENT_RETRY_MS);
  const next = random(20260415);
  let evaluations = 0;
  for (let daysAgo = DAYS - 1; daysAgo >= 0; daysAgo--) {
    if (daysAgo > 0 && new Date(Date.now() - daysAgo * DAY_MS).getDay() === 0) continue;
    let minute = Math.floor(next() * 30);
    const sessionId = randomUUID();
    for (const item of items) {
      const chance = Math.min(0.95, item.start + item.pace * (DAYS - 1 - daysAgo));
      for (let trial = 0; trial < TRIALS_PER_ITEM; trial++) {
        const result = next() < chance ? 'YES' : 'NO';
        await therapist.expect(
          201,
          'POST',
          `/api/child/${childId}/plan/${plan.id}/item/${item.id}/evaluation/create`,
          { result, session_id: sessionId, captured_at: momentOf(daysAgo, 10, minute).toISOString() },
        );
        evaluations++;
        minute += 1 + Math.floor(next() * 2);
      }
    }
  }

  // Today the parent runs a session at home on the first target (shown on its graph, not counted toward mastery), on
  // a phone that was offline: the phone names the session and each trial and keeps their times; back online it sends
  // each trial twice (the first reply was lost), and the server keeps each once (ADR 0037).
  const homeSessionId = randomUUID();
  const homeStart = Date.now() - 40 * 60_000;
  const onPhone = (minutes) => new Date(homeStart + minutes * 60_000).toISOString();
  await parent.expect(200, 'POST', `/api/child/${childId}/session/start`, {
    id: homeSessionId,
    setting: 'HOME',
    captured_at: onPhone(0),
  });
  for (const [index, result] of ['YES', 'YES', 'NO', 'YES', 'YES'].entries()) {
    const trial = { id: randomUUID(), result, session_id: homeSessionId, captured_at: onPhone(index + 1) };
    await parent.expect(201, 'POST', `/api/sub-plan-item/${items[0].id}/evaluation/create`, trial);
    await parent.expect(200, 'POST', `/api/sub-plan-item/${items[0].id}/evaluation/create`, trial);
  }
  await parent.expect(200, 'POST', `/api/child/${childId}/session/${homeSessionId}/end`, {
    captured_at: onPhone(8),
  });

  // This morning the therapist scored a target the parent deleted while her phone was offline: the server refused the
  // trial (404) and her phone handed it over, so it waits on the child's "To check" page for the parent to attach it to
  // another target or discard it (ADR 0044).
  const { item: dropped } = await parent.expect(201, 'POST', '/api/sub-plan-item/create', {
    description: DROPPED_ITEM,
    sub_plan_id: subPlanIds[0],
  });
  await parent.expect(200, 'POST', `/api/sub-plan-item/${dropped.id}/delete`);
  const offlineTrial = { id: randomUUID(), result: 'YES', captured_at: momentOf(0, 9, 5).toISOString() };
  await therapist.expect(404, 'POST', `/api/sub-plan-item/${dropped.id}/evaluation/create`, offlineTrial);
  await therapist.expect(201, 'POST', `/api/child/${childId}/needs-attention/create`, {
    id: offlineTrial.id,
    target_id: dropped.id,
    target_label: DROPPED_ITEM,
    captured_at: offlineTrial.captured_at,
    record: { kind: 'evaluation', result: offlineTrial.result },
  });

  const antecedents = (await parent.expect(200, 'GET', '/api/list/antecedent')).list;
  const consequences = (await parent.expect(200, 'GET', '/api/list/consequence')).list;
  const tracking = [];
  const abc = [];
  for (const spec of BEHAVIORS) {
    const { behavior } = await parent.expect(201, 'POST', `/api/child/${childId}/behavior/create`, {
      name: spec.name,
      description: spec.description,
    });
    const [first, last] = spec.perDay;
    for (let daysAgo = DAYS - 1; daysAgo >= 0; daysAgo--) {
      // Fewer occurrences as the weeks go by, with some day-to-day noise.
      const expected = first + ((last - first) * (DAYS - 1 - daysAgo)) / (DAYS - 1);
      const count = Math.max(0, Math.round(expected + (next() - 0.5) * 2));
      for (let n = 0; n < count; n++) {
        const at = momentOf(daysAgo, 9 + Math.floor(next() * 10), Math.floor(next() * 60));
        const { entry } = await parent.expect(201, 'POST', `/api/behavior/${behavior.id}/log`, {
          captured_at: at.toISOString(),
        });
        tracking.push(entry.id);
        if (n === 0 || next() < 0.4) {
          const logged = await parent.expect(201, 'POST', `/api/child/${childId}/behavior-abc/log`, {
            behavior_id: behavior.id,
            antecedent: antecedents[Math.floor(next() * Math.min(antecedents.length, 5))],
            consequence: consequences[Math.floor(next() * Math.min(consequences.length, 5))],
            captured_at: at.toISOString(),
          });
          abc.push(logged.entry.id);
        }
      }
    }
  }

  // The clinician report carries the clinic's name and logo on every page, its items before its sessions (issue 18,
  // ADR 0053): the parent, the child's owner, set them.
  const logo = await readFile(new URL('../demo/clinic-logo.png', import.meta.url));
  await parent.expect(200, 'POST', `/api/child/${childId}/report/settings`, {
    clinic_name: 'Centrul de terapie Rază de Soare',
    logo: logo.toString('base64'),
    section_order: ['items', 'sessions', 'behaviors'],
  });

  // The parent downloaded their data once (issue 17, ADR 0048) and the progress report of the child's days so far,
  // and the therapist the child's last two weeks for Excel and as the clinician report (issue 18, ADRs 0051, 0052):
  // the child's change history shows all four.
  await parent.expect(200, 'GET', '/api/account/export');
  await parent.expect(200, 'GET', `/api/child/${childId}/report/parent?lang=ro`);
  const twoWeeksAgo = new Date(Date.now() - (DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  await therapist.expect(200, 'GET', `/api/child/${childId}/export?format=xlsx&lang=ro&from=${twoWeeksAgo}`);
  await therapist.expect(200, 'GET', `/api/child/${childId}/report/clinician?lang=ro&from=${twoWeeksAgo}`);

  log(
    `Demo data ready in ${((Date.now() - started) / 1000).toFixed(1)} s: child ${CHILD.first_name} ${CHILD.last_name} ` +
      `(and ${DELETED_CHILD.first_name}, deleted, restorable), ` +
      `${items.length} items in ${SUB_PLANS.length} sub-plans, ${evaluations} evaluations, ` +
      `${tracking.length} behaviour logs, ${abc.length} ABC entries over ${DAYS} days; 1 trial of a deleted target to check.`,
  );
  return 'seeded';
}
