// A child's data as spreadsheets (issue 18: two years of one child's data exported in ≤ 5 s, streamed). A new child of
// parent 0 with two years of daily sessions: 20 items in two sub-plans, 10 trials of each item a session (146,000
// trials), a status change per item, two behaviours logged 5 times a day with an ABC entry a day. Written with SQL as
// the therapy role (through the API they would take two years), through the same triggers as every trial. Then
// GET /api/child/{id}/export through the gateway, CSV and XLSX, `ROUNDS` times each: the median time to the first
// byte (the answer streams) and to the last, and the ZIP's size.
import { therapyClient } from '@aba/infra/history';

const DAYS = 730;
const ITEMS = 20;
const TRIALS_PER_ITEM = 10;
const LOGS_PER_DAY = 5;
const ROUNDS = 3;

/** A new child of parent 0 with two years of data; answers `{ childId, trials }`. */
export async function seedTwoYearChild(system, data) {
  const { child_id: childId } = await data.parent.expect(201, 'POST', '/api/child/create', {
    first_name: 'Ștefan',
    last_name: 'Doi-Ani',
    date_of_birth: '2020-05-17',
  });
  const db = await therapyClient(system);
  try {
    await db.query('begin');
    const owner = (await db.query('select "owner_id" from "therapy"."child" where "id" = $1', [childId]))
      .rows[0].owner_id;
    await db.query(
      `insert into "therapy"."sub_plan" ("id", "child_id", "name", "description", "created_at")
       select gen_random_uuid(), $1, 'Sub-plan ' || k, 'Doi ani de date', now() - interval '731 days'
         from generate_series(1, 2) k`,
      [childId],
    );
    await db.query(
      `insert into "therapy"."sub_plan_item" ("id", "sub_plan_id", "description", "created_at")
       select gen_random_uuid(), sp."id", 'Item ' || sp."name" || '.' || k, now() - interval '731 days'
         from "therapy"."sub_plan" sp cross join generate_series(1, $2::int / 2) k where sp."child_id" = $1`,
      [childId, ITEMS],
    );
    await db.query(
      `insert into "therapy"."session"
         ("id", "child_id", "user_id", "role", "setting", "implicit", "started_at", "last_activity_at", "ended_at")
       select gen_random_uuid(), $1::uuid, $2::uuid, 'PARENT', 'HOME', false, now() - make_interval(days => d),
              now() - make_interval(days => d, mins => -50), now() - make_interval(days => d, mins => -51)
         from generate_series(1, $3::int) d`,
      [childId, owner, DAYS],
    );
    await db.query(
      `insert into "therapy"."item_evaluation"
         ("id", "item_id", "child_id", "result", "user_id", "session_id", "captured_at", "created_at")
       select gen_random_uuid(), i."id", s."child_id", case when random() < 0.7 then 'YES' else 'NO' end, s."user_id",
              s."id", s."started_at" + make_interval(secs => n * 12), s."started_at" + make_interval(secs => n * 12 + 1)
         from "therapy"."session" s
         join "therapy"."sub_plan" sp on sp."child_id" = s."child_id"
         join "therapy"."sub_plan_item" i on i."sub_plan_id" = sp."id"
        cross join generate_series(0, $2::int - 1) n
        where s."child_id" = $1`,
      [childId, TRIALS_PER_ITEM],
    );
    await db.query(
      `insert into "therapy"."item_status_change" ("id", "item_id", "from_status", "status", "at", "mode")
       select gen_random_uuid(), i."id", 'IN_LEARNING', 'IN_GENERALIZATION', now() - interval '365 days', 'AUTO'
         from "therapy"."sub_plan_item" i join "therapy"."sub_plan" sp on sp."id" = i."sub_plan_id"
        where sp."child_id" = $1`,
      [childId],
    );
    await db.query(
      `insert into "therapy"."behavior" ("id", "child_id", "name", "description", "created_by", "created_at")
       select gen_random_uuid(), $1, name, '', $2, now() - interval '731 days' from unnest(array['Țipăt', 'Fugă']) name`,
      [childId, owner],
    );
    await db.query(
      `insert into "therapy"."behavior_tracking" ("id", "behavior_id", "date_logged", "logged_by", "session_id", "received_at")
       select gen_random_uuid(), b."id", s."started_at" + make_interval(mins => n * 8), s."user_id", s."id",
              s."started_at" + make_interval(mins => n * 8)
         from "therapy"."session" s join "therapy"."behavior" b on b."child_id" = s."child_id"
        cross join generate_series(1, $2::int / 2) n
        where s."child_id" = $1`,
      [childId, LOGS_PER_DAY * 2],
    );
    await db.query(
      `insert into "therapy"."behavior_abc" ("id", "behavior_id", "antecedent", "consequence", "created_by", "created_at",
         "received_at", "session_id", "tracking_id")
       select gen_random_uuid(), t."behavior_id", 'Cerere de a aștepta', 'Atenție', t."logged_by", t."date_logged",
              t."received_at", t."session_id", t."id"
         from (select distinct on (t."session_id") t.* from "therapy"."behavior_tracking" t
                 join "therapy"."session" s on s."id" = t."session_id" where s."child_id" = $1
                order by t."session_id", t."date_logged") t`,
      [childId],
    );
    await db.query('commit');
    await db.query('analyze "therapy"."item_evaluation", "therapy"."session", "therapy"."behavior_tracking"');
    const trials = (
      await db.query('select count(*)::int as n from "therapy"."item_evaluation" where "child_id" = $1', [
        childId,
      ])
    ).rows[0].n;
    return { childId, trials };
  } catch (error) {
    await db.query('rollback').catch(() => {});
    throw error;
  } finally {
    await db.end();
  }
}

/** One download through the gateway: ms to the first byte and to the last, and the bytes. */
async function download(system, data, path) {
  const started = performance.now();
  const response = await fetch(`${system.origin}${path}`, { headers: { cookie: data.parent.cookie } });
  if (response.status !== 200) throw new Error(`${path} → ${response.status} ${await response.text()}`);
  let firstByte;
  let bytes = 0;
  for await (const chunk of response.body) {
    firstByte ??= performance.now() - started;
    bytes += chunk.length;
  }
  return { firstByte, total: performance.now() - started, bytes };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Each format `ROUNDS` times; the median round of each. */
export async function childExport(system, data, { childId, trials }, say = console.log) {
  const result = { trials };
  for (const format of ['csv', 'xlsx']) {
    const rounds = [];
    for (let round = 0; round < ROUNDS; round++)
      rounds.push(await download(system, data, `/api/child/${childId}/export?format=${format}&lang=ro`));
    result[format] = {
      'first byte ms': Math.round(median(rounds.map((r) => r.firstByte))),
      seconds: Number((median(rounds.map((r) => r.total)) / 1000).toFixed(2)),
      'ZIP MB': Number((median(rounds.map((r) => r.bytes)) / 1e6).toFixed(1)),
    };
    say(`export ${format}: ${JSON.stringify(result[format])}`);
  }
  return result;
}
