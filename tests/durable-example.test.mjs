// examples/durable-agent.mjs, the README's "Durable agents" recipe, run as it is documented:
// paused in one process, resumed in another, over PostgreSQL and the FastMCP fixture; once
// with the server down (exit 75, nothing recorded), once with it back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { usePostgres } from './helpers/postgres.mjs';
import { startFastMCP, useServer } from './helpers/servers.mjs';

const run = promisify(execFile);
const EXAMPLE = fileURLToPath(new URL('../examples/durable-agent.mjs', import.meta.url));
const postgres = usePostgres();
const STATE_KEY = 'the example test request-state key, 32 bytes+';
const fastmcp = useServer(() => startFastMCP({ stateKey: STATE_KEY }));

/** One step of the example in a fresh process: `{ code, stdout }`. */
async function example(...args) {
  try {
    const { stdout } = await run(process.execPath, [EXAMPLE, args[0], postgres().url, ...args.slice(1)], { timeout: 60_000 });
    return { code: 0, stdout };
  } catch (e) {
    if (typeof e.code !== 'number') throw e;
    return { code: e.code, stdout: e.stdout };
  }
}

test('the durable example pauses in one process and resumes in another, after an outage too', { timeout: 180_000 }, async () => {
  const server = fastmcp();
  const start = await example('start', server.url, 'example-1');
  assert.equal(start.code, 0);
  assert.match(start.stdout, /^paused: [0-9a-f]+: Really reboot\?$/m);

  await server.close();
  const down = await example('resume', server.url, 'example-1', '{"confirmed":true}');
  assert.equal(down.code, 75, down.stdout);
  assert.match(down.stdout, /not reached \(network\)/);

  const back = await startFastMCP({ port: server.port, stateKey: STATE_KEY });
  try {
    const bad = await example('resume', back.url, 'example-1', '{"confirm":true}');
    assert.notEqual(bad.code, 0, 'an answer that does not fit is refused before resuming');
    const done = await example('resume', back.url, 'example-1', '{"confirmed":true}');
    assert.equal(done.code, 0);
    assert.match(done.stdout, /^done: reboot: confirmed/m);
  } finally {
    await back.close();
  }
});
