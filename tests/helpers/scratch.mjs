// A scratch project as a user has one: the package packed by `npm pack` (what npm would
// publish) and unpacked into <tmp>/node_modules/mcp-wasm-adapter, beside links to the peer
// and tool packages of this repository's node_modules (LangChain, type packages), which the
// packed package and the TypeScript checks resolve like any installed package.
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from './servers.mjs';

/** The peer and type packages a scratch project gets from this repository. */
const LINKED = ['@langchain', 'langchain', 'ai', '@types', 'zod'];

const execFileAsync = promisify(execFile);

/**
 * Packs pkg/ and installs the tarball into a new temp dir; `package.json` says
 * `type: module` and lists the package. Resolves to `{ dir, tarball, files (the packed
 * paths), run(file, args, options), remove() }`: `run` runs a program there (cwd `dir` unless
 * `options.cwd`) and resolves to its stdout, or fails the test with both outputs.
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
  async function run(file, args, options = {}) {
    try {
      const { stdout } = await execFileAsync(file, args, { cwd: dir, timeout: 180_000, maxBuffer: 16 << 20, ...options });
      return stdout;
    } catch (e) {
      assert.fail(`${path.basename(file)} ${args.join(' ')} failed (${e.code ?? e.signal}):\n${e.stdout}\n${e.stderr}`);
    }
  }
  return { dir, tarball, files: packed.files.map((f) => f.path), run, remove: () => rm(dir, { recursive: true, force: true }) };
}
