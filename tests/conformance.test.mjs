// The official MCP conformance suite (client scenarios, see tests/conformance/run.mjs), run
// once against the built package; one test per scenario. Scenarios the adapter cannot pass
// yet are `todo` with what it lacks: remove the todo when the feature lands.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const RUN = fileURLToPath(new URL('./conformance/run.mjs', import.meta.url));

// [scenario, revision, todo (what the adapter lacks) or undefined]
const EXPECTED = [
  ['tools_call', '2026-07-28'],
  ['request-metadata', '2026-07-28'],
  ['sep-2322-client-request-state', '2026-07-28'],
  ['http-standard-headers', '2026-07-28'],
  ['http-custom-headers', '2026-07-28'],
  ['http-invalid-tool-headers', '2026-07-28'],
  ['json-schema-ref-no-deref', '2026-07-28'],
  ['json-schema-2020-12-preservation', '2026-07-28'],
  ['initialize', '2025-11-25'],
  ['tools_call', '2025-11-25'],
  ['elicitation-sep1034-client-defaults', '2025-11-25'],
  ['sse-retry', '2025-11-25'],
  ['json-schema-2020-12-preservation', '2025-11-25'],
];

describe('MCP conformance suite (client)', { timeout: 300_000 }, () => {
  let dir;
  let rows;
  let exitCode;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'conformance-test-'));
    const json = join(dir, 'rows.json');
    exitCode = await new Promise((resolve) => {
      execFile(process.execPath, [RUN, '--json', json], { timeout: 240_000, maxBuffer: 16 << 20 }, (error, stdout, stderr) => {
        if (error && error.code !== 1) console.error(stdout, stderr);
        resolve(error ? error.code : 0);
      });
    });
    assert.ok(exitCode === 0 || exitCode === 1, `run.mjs crashed (exit ${exitCode})`);
    rows = JSON.parse(await readFile(json, 'utf8'));
  });
  after(() => dir && rm(dir, { recursive: true, force: true }));

  for (const [scenario, revision, todo] of EXPECTED) {
    test(`${scenario} @ ${revision}`, { todo }, (t) => {
      const row = rows.find((r) => r.scenario === scenario && r.revision === revision);
      assert.ok(row, 'the suite did not run this scenario');
      const problems = [...row.failures, ...(row.error ? [`ERROR ${row.error}`] : [])];
      assert.deepEqual(problems, [], `results in ${row.dir}`);
      if (todo) t.diagnostic('passes now: remove its todo');
    });
  }

  test('http-standard-headers @ 2026-07-28 exercises resources and prompts', () => {
    const row = rows.find((r) => r.scenario === 'http-standard-headers' && r.revision === '2026-07-28');
    assert.deepEqual(row.skips.filter((s) => /resources\/|prompts\//.test(s)), []);
  });

  test('the table covers every scenario the suite selects', () => {
    const key = (s, r) => `${s} @ ${r}`;
    assert.deepEqual(rows.map((r) => key(r.scenario, r.revision)).sort(), EXPECTED.map(([s, r]) => key(s, r)).sort());
  });

  test('run.mjs exits 0', { todo: EXPECTED.some(([, , todo]) => todo) && 'scenarios above are todo' }, () => {
    assert.equal(exitCode, 0);
  });
});
