// Waiting in tests.

/** Resolves after `ms`. */
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Resolves when `predicate()` (or the promise it returns) holds, polled every 20 ms; rejects after `ms`. */
export async function until(predicate, ms = 5_000, what = 'condition') {
  const deadline = Date.now() + ms;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}
