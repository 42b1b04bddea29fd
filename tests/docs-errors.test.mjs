// docs/errors.md: its table of error codes is the one scripts/error-table.mjs writes from the
// `MCPErrorCode` union of pkg-template/index.d.ts, so a new code (which tests/contract.rs makes
// also a variant of `ErrorCode` in src/error.rs) fails here until the table is rewritten.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { DECLARATIONS, GUIDE, errorCodes, withTable } from '../scripts/error-table.mjs';

const dts = readFileSync(DECLARATIONS, 'utf8');
const guide = readFileSync(GUIDE, 'utf8');

test('the table of docs/errors.md is the one scripts/error-table.mjs writes from index.d.ts', () => {
  assert.equal(guide, withTable(guide, dts), 'run `node scripts/error-table.mjs`');
});

test('the table has one row for each code of the union, each with its doc comment', () => {
  const declared = [...dts.slice(dts.indexOf('export type MCPErrorCode =')).matchAll(/^\s*\|\s*'([a-z_]+)'(;?)/gm)];
  const last = declared.findIndex((m) => m[2] === ';');
  const codes = declared.slice(0, last + 1).map((m) => m[1]);
  const rows = errorCodes(dts);
  assert.deepEqual(rows.map(([code]) => code), codes);
  for (const [code, doc] of rows) {
    assert.ok(doc.length > 0, `${code} has a doc comment`);
    assert.ok(guide.includes(`| \`${code}\` |`), `docs/errors.md has a row for ${code}`);
  }
});
