// A PostgreSQL server for the tests that keep state in a real store (LangGraph checkpoints,
// token storage): Debian's PostgreSQL (scripts/setup.sh installs it), a cluster made by
// `initdb` in a temporary data directory, listening on 127.0.0.1 only, trusted local logins,
// stopped and removed by `close()` (and killed when this process exits).
//
//   const pg = await startPostgres();   // { url, port, close() }
//   usePostgres()                       // the same for a test file or a `describe`
//
// `url` is a libpq connection string (`postgres://postgres@127.0.0.1:<port>/postgres`), as
// `pg` and `PostgresSaver.fromConnString` take it.

import { before, after } from 'node:test';
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './servers.mjs';

const run = promisify(execFile);

/** The directory of Debian's PostgreSQL programs (the newest version installed). */
function binDir() {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(path.join(root, v, 'bin', 'initdb'))) : [];
  if (versions.length === 0) throw new Error('PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): run `bash scripts/setup.sh` first');
  versions.sort((a, b) => Number(b) - Number(a));
  return path.join(root, versions[0], 'bin');
}

/** Runs a PostgreSQL program as the `postgres` user when this process is root (initdb refuses root). */
function asOwner(program, args) {
  const root = process.getuid?.() === 0;
  return root ? run('runuser', ['-u', 'postgres', '--', program, ...args]) : run(program, args);
}

/** Clusters still running, stopped when this process exits. */
const live = new Set();
process.on('exit', () => {
  for (const stop of live) stop();
});

/**
 * Starts a fresh PostgreSQL cluster on 127.0.0.1 and a free port. Resolves to
 * `{ url, port, dataDir, close() }`; `close()` stops the server and removes its data.
 *
 * PostgreSQL cannot listen on port 0, so the port is one `pickPort()` found free a moment
 * earlier (`freePort` unless a test passes its own); when another process took it in between,
 * the server fails to bind, and it is started again on the next port picked (at most 5 times).
 * Either way the URL is of this cluster: `pg_ctl -w` waits on the cluster's own socket file.
 */
export async function startPostgres({ pickPort = freePort } = {}) {
  const bin = binDir();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mcp-wasm-pg-'));
  if (process.getuid?.() === 0) {
    const { uid, gid } = postgresUser();
    chownSync(dataDir, uid, gid);
  }
  await asOwner(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const log = path.join(dataDir, 'server.log');
  let port;
  for (let attempt = 1; ; attempt++) {
    port = await pickPort();
    // the socket in the data directory, TCP on loopback only; fsync off: a test cluster
    const options = `-p ${port} -k ${dataDir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
    rmSync(log, { force: true });
    try {
      await asOwner(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-o', options, '-l', log, '-w', '-t', '30', 'start']);
      break;
    } catch (error) {
      const taken = /could not bind .*Address already in use/.test(readFileSync(log, 'utf8'));
      if (!taken || attempt === 5) {
        rmSync(dataDir, { recursive: true, force: true });
        throw error;
      }
    }
  }
  let stopped = false;
  const stopNow = () => {
    if (stopped) return;
    stopped = true;
    live.delete(stopNow);
    try {
      execFileSync(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop'], { stdio: 'ignore', ...owner() });
    } catch {
      // already gone
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  live.add(stopNow);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dataDir,
    async close() {
      stopNow();
    },
  };
}

/** The uid and gid of the `postgres` user that Debian's package creates. */
function postgresUser() {
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

/** `execFileSync` options that run a program as the data directory's owner. */
function owner() {
  return process.getuid?.() === 0 ? postgresUser() : {};
}

/** Starts a cluster before the tests of the enclosing `describe` (or file) and stops it after them. */
export function usePostgres() {
  let server;
  before(async () => {
    server = await startPostgres();
  });
  after(() => server?.close());
  return () => server;
}
