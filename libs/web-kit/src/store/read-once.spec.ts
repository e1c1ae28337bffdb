import { readOnce } from './read-once.js';

/** A started read as `dispatch(endpoint.initiate(args))` gives it, answering what `answer` does; counts its let-gos. */
function startedRead<T>(answer: () => Promise<T>) {
  const read = {
    letGo: 0,
    unwrap: answer,
    unsubscribe: () => {
      read.letGo += 1;
    },
  };
  return read;
}

describe('readOnce', () => {
  it('answers the data of a read that succeeded and lets the read go', async () => {
    const read = startedRead(() => Promise.resolve(['Plan de toamnă']));
    expect(await readOnce(read)).toEqual(['Plan de toamnă']);
    expect(read.letGo).toBe(1);
  });

  it('answers nothing for a read that failed, and lets it go too', async () => {
    const read = startedRead(() => Promise.reject(new Error('Child subscription not found')));
    expect(await readOnce(read)).toBeUndefined();
    expect(read.letGo).toBe(1);
  });
});
