// A finished call leaves nothing running: calls share their timeout timers (one per slice of
// time, see src/bindings/exchange.js), which are unref'd, so a process that made calls with a
// long timeout exits as soon as its work is done, and holds no per-call timer until the
// timeout would have fired.
//
//   bash scripts/build.sh && node --test tests/timers.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { REPO_ROOT, startTsServer, useServer } from './helpers/servers.mjs';

const server = useServer(startTsServer);

const child = `
  const { MCPAdapter } = await import('./pkg/index.node.js');
  const adapter = new MCPAdapter(process.argv[1], { timeoutMs: 600000 });
  await adapter.listTools();
  for (let i = 0; i < 20; i++) await adapter.callTool('echo', { text: 'x' + i });
  await Promise.all(Array.from({ length: 20 }, (_, i) => adapter.callTool('echo', { text: 'p' + i })));
  const timers = process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
  console.log(JSON.stringify({ timers }));
`;

test('calls with a 10-minute timeout leave no timer behind; the process exits at once', async () => {
  const started = Date.now();
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', child, server().url], { cwd: REPO_ROOT, timeout: 30_000 });
  assert.deepEqual(JSON.parse(stdout.trim()), { timers: 0 });
  assert.ok(Date.now() - started < 25_000, 'the child exited long before its timeouts');
});
