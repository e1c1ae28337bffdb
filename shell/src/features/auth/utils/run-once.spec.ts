import { createRunOnce } from './run-once.js';

describe('createRunOnce', () => {
  it('starts the work once per key and shares the outcome', async () => {
    const runOnce = createRunOnce<string>();
    let calls = 0;
    const start = async () => {
      calls += 1;
      return 'done';
    };
    const [a, b] = await Promise.all([runOnce('t1', start), runOnce('t1', start)]);
    expect(calls).toBe(1);
    expect([a, b]).toEqual(['done', 'done']);
    await runOnce('t2', start);
    expect(calls).toBe(2);
  });
});
