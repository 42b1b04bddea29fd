// The auth/* client scenarios of the official MCP conformance suite (2026-07-28 and 2025-11-25
// requirement sets), run once by tests/conformance/run.mjs --auth against the conformance
// driver, which signs in through mcp-wasm-adapter/auth with the public API only (it follows
// the authorization URL without redirects, as the person would). One test per scenario.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const RUN = fileURLToPath(new URL('./conformance/run.mjs', import.meta.url));

const BOTH = [
  'metadata-default', 'metadata-var1', 'metadata-var2', 'metadata-var3', 'basic-cimd',
  'scope-from-www-authenticate', 'scope-from-scopes-supported', 'scope-omitted-when-undefined',
  'scope-step-up', 'scope-retry-limit', 'token-endpoint-auth-basic', 'token-endpoint-auth-post',
  'token-endpoint-auth-none', 'pre-registration',
];
const ONLY_2026 = [
  'resource-mismatch', 'offline-access-scope', 'offline-access-not-supported', 'authorization-server-migration',
  'iss-supported', 'iss-not-advertised', 'iss-supported-missing', 'iss-wrong-issuer', 'iss-unexpected',
  'iss-normalized', 'metadata-issuer-mismatch',
];
const EXPECTED = [
  ...[...BOTH, ...ONLY_2026].map((s) => [`auth/${s}`, '2026-07-28']),
  ...BOTH.map((s) => [`auth/${s}`, '2025-11-25']),
];

describe('MCP conformance suite, auth/* (client)', { timeout: 300_000 }, () => {
  let dir;
  let rows;
  let exitCode;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'auth-conformance-test-'));
    const json = join(dir, 'rows.json');
    exitCode = await new Promise((resolve) => {
      execFile(process.execPath, [RUN, '--auth', '--json', json], { timeout: 240_000, maxBuffer: 16 << 20 }, (error, stdout, stderr) => {
        if (error && error.code !== 1) console.error(stdout, stderr);
        resolve(error ? error.code : 0);
      });
    });
    assert.ok(exitCode === 0 || exitCode === 1, `run.mjs crashed (exit ${exitCode})`);
    rows = JSON.parse(await readFile(json, 'utf8'));
  });
  after(() => dir && rm(dir, { recursive: true, force: true }));

  for (const [scenario, revision] of EXPECTED) {
    test(`${scenario} @ ${revision}`, () => {
      const row = rows.find((r) => r.scenario === scenario && r.revision === revision);
      assert.ok(row, 'the suite did not run this scenario');
      const problems = [...row.failures, ...(row.error ? [`ERROR ${row.error}`] : [])];
      assert.deepEqual(problems, [], `results in ${row.dir}`);
      assert.ok(row.passed > 0, 'no check passed');
    });
  }

  test('the suite selects exactly these 39 scenarios', () => {
    const key = (s, r) => `${s} @ ${r}`;
    assert.equal(EXPECTED.length, 39);
    assert.deepEqual(rows.map((r) => key(r.scenario, r.revision)).sort(), EXPECTED.map(([s, r]) => key(s, r)).sort());
  });

  test('run.mjs --auth exits 0', () => {
    assert.equal(exitCode, 0);
  });
});
