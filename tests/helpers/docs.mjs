// The documentation the tests read: the repository README, the npm README and the guides of
// docs/ (not the generated API reference in docs/api/), as paths from the repository root.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT } from './servers.mjs';

/** `README.md`, `pkg-template/README.md` and every `docs/*.md`, in that order. */
export async function markdownDocs() {
  const guides = (await readdir(path.join(REPO_ROOT, 'docs'), { withFileTypes: true }))
    .filter((e) => e.isFile() && e.name.endsWith('.md'))
    .map((e) => `docs/${e.name}`)
    .sort();
  return ['README.md', 'pkg-template/README.md', ...guides];
}
