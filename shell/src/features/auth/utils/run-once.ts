/**
 * `runOnce(key, start)`: the first call for a key starts the work, later calls (e.g. React StrictMode's
 * second effect run, or a remount) get the same promise. Used for one-shot calls such as account
 * activation, which must reach the server exactly once per token and page.
 */
export function createRunOnce<T>() {
  const runs = new Map<string, Promise<T>>();
  return function runOnce(key: string, start: () => Promise<T>): Promise<T> {
    let run = runs.get(key);
    if (!run) {
      run = start();
      runs.set(key, run);
    }
    return run;
  };
}
