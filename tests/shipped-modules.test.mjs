// The package as shipped (pkg/, built by scripts/build.sh): its JavaScript is minified, and
// what a user meets of it must stay readable. The classes keep their names (stack traces,
// `constructor.name`), and no line of a module Node loads is longer than 2,000 characters:
// Node prints the source line of an uncaught error's throw site, which for a module minified
// onto one line would be the whole module.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const PKG = fileURLToPath(new URL('../pkg/', import.meta.url));

test('the entries export classes that keep their names', async () => {
  const esm = await import('../pkg/index.node.js');
  const cjs = createRequire(import.meta.url)('../pkg/index.cjs');
  for (const entry of [esm, cjs]) {
    assert.deepEqual(
      [entry.MCPAdapter.name, entry.MCPAdapterError.name, entry.MCPAdapterGroup.name],
      ['MCPAdapter', 'MCPAdapterError', 'MCPAdapterGroup'],
    );
  }
});

test('no module that Node loads has a line longer than 2,000 characters', () => {
  const files = readdirSync(PKG, { recursive: true })
    .filter((f) => /\.c?js$/.test(f) && f !== 'index.browser.js')
    .map((f) => path.join(PKG, f));
  assert.ok(files.length >= 10, `found ${files.length} modules`);
  for (const file of files) {
    const longest = Math.max(...readFileSync(file, 'utf8').split('\n').map((line) => line.length));
    assert.ok(longest <= 2000, `${path.relative(PKG, file)} has a line of ${longest} characters`);
  }
});
