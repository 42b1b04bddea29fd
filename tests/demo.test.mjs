// The quick start's demo walkthrough (`npm start` without the serving part) runs and shows
// the main job: tools listed from the embedded server, results in LangChain shapes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { REPO_ROOT } from './helpers/servers.mjs';

test('npm start walkthrough lists and calls the demo tools', async () => {
  const { stdout } = await promisify(execFile)(process.execPath, ['www/demo.mjs', '--once'], { cwd: REPO_ROOT, timeout: 60_000 });
  assert.match(stdout, /protocol 2026-07-28, server ts-fixture: \d+ tools/);
  assert.match(stdout, /echo .*\[readOnlyHint\]/);
  assert.match(stdout, /delete_item .*\[destructiveHint\]/);
  assert.match(stdout, /"text": "echo: hello from wasm"/);
  assert.match(stdout, /"structured_content": \{\s+"city": "Oslo"/);
  assert.match(stdout, /"mimeType": "image\/png"/);
  assert.match(stdout, /"status": "error"/);
  assert.match(stdout, /progress seen: 1\/3 2\/3 3\/3/);
  assert.match(stdout, /"code": "timeout"/);
});
