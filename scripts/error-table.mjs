// Writes the table of error codes in docs/errors.md from their one definition, the
// `MCPErrorCode` union of pkg-template/index.d.ts (tests/contract.rs checks it against
// src/error.rs), between the markers below. `node scripts/error-table.mjs` rewrites the file;
// tests/docs-errors.test.mjs fails when the file's table is not what this would write.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DECLARATIONS = path.join(ROOT, 'pkg-template', 'index.d.ts');
export const GUIDE = path.join(ROOT, 'docs', 'errors.md');
const BEGIN = '<!-- error-table: begin (written by scripts/error-table.mjs from pkg-template/index.d.ts) -->';
const END = '<!-- error-table: end -->';

/** The `[code, doc]` pairs of the `MCPErrorCode` union, in declaration order. */
export function errorCodes(dts) {
  const start = dts.indexOf('export type MCPErrorCode =');
  if (start < 0) throw new Error('index.d.ts declares no MCPErrorCode');
  const end = dts.slice(start).search(/'[a-z_]+';/);
  const body = dts.slice(start, start + end + dts.slice(start + end).indexOf(';'));
  const codes = [];
  for (const m of body.matchAll(/\/\*\*([\s\S]*?)\*\/\s*\|\s*'([a-z_]+)'/g)) {
    const doc = m[1]
      .split('\n')
      .map((line) => line.replace(/^\s*\*?\s?/, '').trim())
      .filter(Boolean)
      .join(' ');
    codes.push([m[2], doc]);
  }
  return codes;
}

/** One Markdown table row per code: `{@link X}` becomes `X`, and `|` is escaped. */
export function errorTable(dts) {
  const cell = (s) => s.replace(/\{@link\s+([^}]+)\}/g, '`$1`').replace(/\|/g, '\\|');
  const rows = errorCodes(dts).map(([code, doc]) => `| \`${code}\` | ${cell(doc)} |`);
  return ['| Code | What it means, and what to do |', '| --- | --- |', ...rows].join('\n');
}

/** `guide` with the text between its markers replaced by the table. */
export function withTable(guide, dts) {
  const a = guide.indexOf(BEGIN);
  const b = guide.indexOf(END);
  if (a < 0 || b < a) throw new Error('docs/errors.md lacks the error-table markers');
  return `${guide.slice(0, a + BEGIN.length)}\n${errorTable(dts)}\n${guide.slice(b)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dts = readFileSync(DECLARATIONS, 'utf8');
  writeFileSync(GUIDE, withTable(readFileSync(GUIDE, 'utf8'), dts));
}
