// The links of the documentation (README.md, pkg-template/README.md, the guides of docs/ and the
// other Markdown files at the root): every relative link, inline or by reference, names a file
// or folder of the repository, and a `#fragment` names a heading of its Markdown file (as
// GitHub makes anchors). Files only, no network: links to other sites are not followed.
//
//   node --test tests/docs-links.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { markdownDocs } from './helpers/docs.mjs';
import { REPO_ROOT } from './helpers/servers.mjs';

/** The text outside fenced code blocks, so that code is never taken for a link. */
function prose(text) {
  return text.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');
}

/** The anchors GitHub gives a file's headings: lower case, punctuation dropped, spaces as `-`. */
function anchors(file) {
  const seen = new Map();
  for (const [, heading] of prose(readFileSync(file, 'utf8')).matchAll(/^#{1,6} (.+)$/gm)) {
    const slug = heading.trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    if (n > 0) seen.set(`${slug}-${n}`, 1);
  }
  return seen;
}

/** Every link target of a Markdown text: `[text](target)`, `![alt](target)`, `[ref]: target`. */
function targets(text) {
  const body = prose(text);
  return [
    ...[...body.matchAll(/\]\(([^)\s]+)(?: "[^"]*")?\)/g)].map((m) => m[1]),
    ...[...body.matchAll(/^\[[^\]]+\]: (\S+)/gm)].map((m) => m[1]),
  ];
}

test('every relative link of the README, the npm README and the guides names a file that exists', async () => {
  const files = [...(await markdownDocs()), 'ARCHITECTURE.md', 'CONTRIBUTING.md', 'CHANGELOG.md', 'www/README.md'];
  const broken = [];
  let checked = 0;
  for (const file of files) {
    const from = path.join(REPO_ROOT, file);
    for (const target of targets(readFileSync(from, 'utf8'))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: …: not followed
      checked += 1;
      const [rel, fragment] = target.split('#');
      const to = rel ? path.resolve(path.dirname(from), decodeURI(rel)) : from;
      if (!existsSync(to)) broken.push(`${file}: ${target} (no such file)`);
      else if (fragment !== undefined && to.endsWith('.md') && !anchors(to).has(fragment)) {
        broken.push(`${file}: ${target} (no such heading)`);
      }
    }
  }
  assert.deepEqual(broken, []);
  assert.ok(checked >= 60, `only ${checked} relative links found`);
});

test('the guides index and the README list every guide of docs/', async () => {
  const guides = (await markdownDocs()).filter((f) => f.startsWith('docs/') && f !== 'docs/README.md');
  const index = targets(readFileSync(path.join(REPO_ROOT, 'docs', 'README.md'), 'utf8'));
  const readme = targets(readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8'));
  for (const guide of guides) {
    assert.ok(index.includes(guide.slice('docs/'.length)), `docs/README.md lists ${guide}`);
    assert.ok(readme.includes(guide), `README.md links ${guide}`);
  }
});
