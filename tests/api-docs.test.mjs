// The API reference (scripts/api-docs.sh: TypeDoc over the declarations of every entry of the
// package's exports map, as pkg/ ships them). TypeDoc's validation fails the build on a broken
// {@link}, a type the reference names but leaves out, and an exported declaration or a member
// of an exported interface or class without a doc comment (scripts/typedoc.config.mjs); this
// test builds it and checks that every entry has its page and that every link between the
// pages resolves.
//
//   bash scripts/build.sh && node --test tests/api-docs.test.mjs
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './helpers/servers.mjs';

let out;
let build;

before(async () => {
  out = mkdtempSync(path.join(tmpdir(), 'mcp-api-docs-'));
  build = await new Promise((resolve) => {
    execFile('bash', [path.join(REPO_ROOT, 'scripts', 'api-docs.sh'), out], { cwd: REPO_ROOT }, (error, stdout, stderr) => {
      resolve({ code: error ? (error.code ?? 1) : 0, log: `${stdout}${stderr}`.replace(/\x1b\[[0-9;]*m/g, '') });
    });
  });
});

after(() => {
  if (out) rmSync(out, { recursive: true, force: true });
});

test('the reference builds with no TypeDoc warning: every export documented, every link resolved', () => {
  assert.doesNotMatch(build.log, /\[(warning|error)\]/, build.log);
  assert.equal(build.code, 0, build.log);
});

test('every entry of the exports map has a page of its own', () => {
  const { exports } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'pkg', 'package.json'), 'utf8'));
  const names = Object.keys(exports).filter((key) => key !== './package.json');
  assert.ok(names.length >= 6, names.join(' '));
  for (const key of names) {
    const module = key === '.' ? 'mcp-wasm-adapter' : `mcp-wasm-adapter${key.slice(1)}`;
    const page = path.join(out, 'modules', `${module.replace('/', '_')}.html`);
    assert.ok(existsSync(page), `${key}: no ${path.relative(out, page)}`);
    assert.match(readFileSync(page, 'utf8'), new RegExp(`<h1>Module ${module}</h1>`), page);
  }
  assert.ok(existsSync(path.join(out, 'classes', 'mcp-wasm-adapter.MCPAdapter.html')));
});

test('every link between the pages of the reference leads to a page that is there', () => {
  const pages = readdirSync(out, { recursive: true }).filter((file) => file.endsWith('.html'));
  assert.ok(pages.length > 100, `${pages.length} pages`);
  const broken = [];
  let links = 0;
  for (const page of pages) {
    const html = readFileSync(path.join(out, page), 'utf8');
    for (const [, link] of html.matchAll(/\s(?:href|src)="([^"#?]+)[^"]*"/g)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue;
      links += 1;
      if (!existsSync(path.join(out, path.dirname(page), decodeURI(link)))) broken.push(`${page}: ${link}`);
    }
  }
  assert.ok(links > 1000, `${links} links`);
  assert.deepEqual(broken, []);
});
