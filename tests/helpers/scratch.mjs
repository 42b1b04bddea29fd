// A scratch project as a user has one: the package packed by `npm pack` (what npm would
// publish) and unpacked into <tmp>/node_modules/mcp-wasm-adapter, beside links to the peer
// and tool packages of this repository's node_modules (LangChain, type packages), which the
// packed package and the TypeScript checks resolve like any installed package.
import { execFileSync } from 'node:child_process';
import { mkdtemp, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './servers.mjs';

/** The peer and type packages a scratch project gets from this repository. */
const LINKED = ['@langchain', 'langchain', '@types', 'zod'];

/**
 * Packs pkg/ and installs the tarball into a new temp dir (`{ dir, tarball, remove() }`):
 * `package.json` says `type: module` and lists the package.
 */
export async function scratchProject(prefix = 'mcp-wasm-scratch-') {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  const [packed] = JSON.parse(
    execFileSync('npm', ['pack', path.join(REPO_ROOT, 'pkg'), '--json', '--ignore-scripts', '--pack-destination', dir], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  const tarball = path.join(dir, packed.filename);
  const target = path.join(dir, 'node_modules', 'mcp-wasm-adapter');
  await mkdir(target, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', target, '--strip-components=1']);
  for (const name of LINKED) await symlink(path.join(REPO_ROOT, 'node_modules', name), path.join(dir, 'node_modules', name));
  await writeFile(
    path.join(dir, 'package.json'),
    JSON.stringify({ private: true, type: 'module', dependencies: { 'mcp-wasm-adapter': packed.version } }, null, 2),
  );
  return { dir, tarball, files: packed.files.map((f) => f.path), remove: () => rm(dir, { recursive: true, force: true }) };
}
