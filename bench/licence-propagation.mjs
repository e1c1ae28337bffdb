// Licence propagation: billing records a licence and tells therapy by an event; until therapy has it, child-scoped
// calls answer "no licence". Each try removes the child's licence (and waits until therapy refuses the plan list),
// adds it again, and times from add-license's answer to the first 200 of GET /api/child/{id}/plan/list, polling
// every 5 ms.
import { percentile } from './system.mjs';

const TRIES = 200;
const POLL_MS = 5;
const GIVE_UP_MS = 10_000;
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

async function until(api, path, wanted) {
  const deadline = Date.now() + GIVE_UP_MS;
  for (;;) {
    const { status } = await api.call('GET', path);
    if (wanted(status)) return true;
    if (Date.now() > deadline) return false;
    await sleep(POLL_MS);
  }
}

export async function licencePropagation(data, { tries = TRIES } = {}) {
  const api = data.parent;
  const child = data.children.find((c) => c.parentIndex === 0 && c.id !== data.heavy.childId);
  const path = `/api/child/${child.id}/plan/list`;
  let licenceId = child.licenceId;
  const times = [];
  let lost = 0;
  for (let i = 0; i < tries; i++) {
    await api.expect(200, 'POST', '/api/child/remove-license', { child_subscription_id: licenceId });
    if (!(await until(api, path, (status) => status !== 200)))
      throw new Error('therapy never learnt that the licence was removed');
    const added = await api.expect(201, 'POST', '/api/child/add-license', { child_id: child.id });
    const start = performance.now();
    licenceId = added.child_subscription_id;
    if (await until(api, path, (status) => status === 200)) times.push(performance.now() - start);
    else lost++;
  }
  child.licenceId = licenceId;
  times.sort((a, b) => a - b);
  return {
    tries,
    'p50 ms': Number(percentile(times, 50).toFixed(1)),
    'p99 ms': Number(percentile(times, 99).toFixed(1)),
    'max ms': Number(times.at(-1).toFixed(1)),
    'never (10 s)': lost,
  };
}
