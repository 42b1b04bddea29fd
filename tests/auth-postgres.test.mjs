// Sign-ins and tokens shared between processes through PostgreSQL (examples/pg-auth-storage.mjs:
// entries in a table, lock(key, task) as an advisory lock per key): separate Node processes
// (tests/auth/pg-process.mjs) against the real authorization server (oidc-provider, issuing a
// new refresh token on each use and refusing the old one) in front of the protected fixture,
// and a PostgreSQL cluster of this file's own (tests/helpers/postgres.mjs). Four processes with
// expired tokens make one refresh between them; a lock holder killed with SIGKILL loses the
// lock with its session, a live one makes the waiters give up after lockTimeoutMs; a sign-in
// started in one process is finished in another with its PKCE verifier; an interrupt made by a
// process that exits is resumed by a fresh one, with the tokens in the rows and none in it.
// Needs pkg/ (bash scripts/build.sh). Run: node --test tests/auth-postgres.test.mjs
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { MCPAdapter } from '../pkg/index.node.js';
import { OAuthProvider } from '../pkg/auth.js';
import { createAuthTable, pgAuthStorage } from '../examples/pg-auth-storage.mjs';
import { signIn, startAuthServer, startMcpServer } from './auth/fixtures.mjs';
import { startPostgres } from './helpers/postgres.mjs';
import { until } from './helpers/wait.mjs';

const REDIRECT = 'http://127.0.0.1:9/callback'; // never opened: the tests read the redirect
const PROCESS = fileURLToPath(new URL('./auth/pg-process.mjs', import.meta.url));
const CLIENT = { client_id: 'pg-confidential', client_secret: 'pg-client-secret-5e1f0c', token_endpoint_auth_method: 'client_secret_basic' };
const HELLO = { text: 'hello alice' };

let database;
let as;
let mcp;
let pool;
let storage;
const children = new Set();

// one hook: Node 20 runs a file's top-level before hooks concurrently (so not usePostgres())
before(async () => {
  database = await startPostgres();
  as = await startAuthServer({
    rotateRefreshTokens: true,
    clients: [{ ...CLIENT, redirect_uris: [REDIRECT], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'] }],
  });
  mcp = await startMcpServer({ authServer: as });
  pool = new pg.Pool({ connectionString: database.url });
  await createAuthTable(pool);
  storage = pgAuthStorage(pool);
});
after(async () => {
  for (const child of children) child.kill('SIGKILL');
  await pool?.end();
  await mcp?.close();
  await as?.close();
  await database?.close();
});

/**
 * Starts tests/auth/pg-process.mjs for `step` with this file's servers and `config`:
 * `{ next() (its next JSON line), send() (a line to its stdin), kill(), exited }`.
 */
function processFor(step, config) {
  const child = spawn(process.execPath, [PROCESS, step, JSON.stringify({ pgUrl: database.url, mcpUrl: mcp.url, redirectUrl: REDIRECT, ...config })], { stdio: ['pipe', 'pipe', 'pipe'] });
  children.add(child);
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => {
    children.delete(child);
    resolve({ code, signal });
  }));
  const lines = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return {
    exited,
    async next() {
      const { value, done } = await lines.next();
      if (done) throw new Error(`pg-process ${step} ended without a line (${JSON.stringify(await exited)}): ${stderr}`);
      return JSON.parse(value);
    },
    send: () => child.stdin.write('\n'),
    kill: () => child.kill('SIGKILL'),
  };
}

const tokensKey = (prefix) => `${prefix}tokens ${mcp.url}`;

/** Signs in under `prefix` in this process, then marks the stored access token expired. */
async function expiredTokens(prefix) {
  const provider = new OAuthProvider({ redirectUrl: REDIRECT, storage, keyPrefix: prefix, redirectToAuthorization: (url) => signIn(url, REDIRECT) });
  assert.equal((await new MCPAdapter(mcp.url, { auth: provider }).callTool('whoami', {})).content[0].text, 'hello alice');
  const record = await storage.get(tokensKey(prefix));
  await storage.set(tokensKey(prefix), { ...record, expires_at: Date.now() - 1000 });
  return record;
}

/**
 * With expired tokens under `prefix`: a process holding the lock of their key, and a process
 * whose call (which must refresh them) waits for it, at most `lockTimeoutMs`.
 */
async function callBehindHolder(prefix, lockTimeoutMs) {
  await expiredTokens(prefix);
  const holder = processFor('hold', { keyPrefix: prefix });
  assert.deepEqual(await holder.next(), { locked: true });
  const waiter = processFor('call', { keyPrefix: prefix, lockTimeoutMs });
  await waiter.next();
  waiter.send();
  return { holder, waiter };
}

/** Whether `n` sessions wait for an advisory lock. */
const waitingForLock = async (n) => (await pool.query("SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted")).rows[0].n === n;

describe('refresh across processes', () => {
  test('four processes with expired tokens and a rotating refresh token: one refresh reaches the authorization server, every call succeeds', { timeout: 60_000 }, async () => {
    const old = await expiredTokens('four:');
    const grants = as.grants.length;
    const four = [1, 2, 3, 4].map(() => processFor('call', { keyPrefix: 'four:' }));
    for (const p of four) assert.deepEqual(await p.next(), { ready: true });
    for (const p of four) p.send(); // all at once
    assert.deepEqual(await Promise.all(four.map((p) => p.next())), [HELLO, HELLO, HELLO, HELLO]);
    assert.deepEqual(as.grants.slice(grants), [{ grant_type: 'refresh_token' }], 'one refresh, no invalid_grant');
    const now = await storage.get(tokensKey('four:'));
    assert.notEqual(now.refresh_token, old.refresh_token, 'the rotated refresh token is stored');
    assert.ok(now.expires_at > Date.now());
  });

  test('a process killed (SIGKILL) while holding the lock: a waiting process gets it when that session ends, within its lockTimeoutMs', { timeout: 60_000 }, async () => {
    // had the lock outlived its holder, the call would fail after 20 s (authorization_failed)
    const { holder, waiter } = await callBehindHolder('killed:', 20_000);
    await until(() => waitingForLock(1), 10_000, 'the call waiting for the lock');
    holder.kill();
    assert.deepEqual(await waiter.next(), HELLO);
    assert.equal((await holder.exited).signal, 'SIGKILL');
  });

  test('a holder that stays alive: a waiting process gives up after its lockTimeoutMs with authorization_failed', { timeout: 60_000 }, async () => {
    const { holder, waiter } = await callBehindHolder('stuck:', 1_000);
    assert.deepEqual(await waiter.next(), { code: 'authorization_failed', message: 'the auth storage failed (lock)' });
    holder.kill();
    await holder.exited;
    assert.ok(await waitingForLock(0));
  });
});

describe('sign-in across processes', () => {
  test('a sign-in started in one process and finished by a callback delivered to another: the original PKCE verifier, no second sign-in', { timeout: 60_000 }, async () => {
    const a = processFor('sign-in', { keyPrefix: 'across:' });
    const { authorization_url: authorizationUrl } = await a.next();
    assert.equal((await a.next()).code, 'authorization_required');
    const url = new URL(authorizationUrl);
    const flowKey = `across:flow ${url.searchParams.get('state')}`;
    const { verifier } = await storage.get(flowKey);
    assert.equal(createHash('sha256').update(verifier).digest('base64url'), url.searchParams.get('code_challenge'), 'the verifier of A\'s challenge is in PostgreSQL');

    const callbackUrl = await signIn(authorizationUrl, REDIRECT);
    const grants = as.grants.length;
    const authorizations = as.authorizations.length;
    const b = processFor('finish', { keyPrefix: 'across:', callbackUrl });
    assert.deepEqual(await b.next(), { server: mcp.url });
    // oidc-provider requires PKCE: the code was accepted with the verifier of A's challenge
    assert.deepEqual(as.grants.slice(grants), [{ grant_type: 'authorization_code' }]);
    assert.equal(await storage.get(flowKey), undefined, 'the flow is used up');
    a.send();
    assert.deepEqual(await a.next(), HELLO, 'A calls again with the tokens B stored');
    assert.equal(as.authorizations.length, authorizations, 'no second sign-in');
  });

  test('an interrupt made in a process that exits, resumed in a fresh one: the tokens are in the rows, the interrupt holds no token or secret', { timeout: 60_000 }, async () => {
    const clientInformation = { issuer: as.issuer, ...CLIENT };
    const a = processFor('interrupt', { keyPrefix: 'resumed:', clientInformation });
    const interrupt = await a.next();
    assert.equal((await a.exited).code, 0);
    assert.equal(interrupt.type, 'mcp_authorization');
    const state = new URL(interrupt.authorization_url).searchParams.get('state');
    const flow = await storage.get(`resumed:flow ${state}`);

    const callbackUrl = await signIn(interrupt.authorization_url, REDIRECT);
    const b = processFor('resume', { keyPrefix: 'resumed:', clientInformation, interrupt, callbackUrl });
    assert.deepEqual(await b.next(), HELLO);

    const { rows } = await pool.query('SELECT key, value FROM mcp_auth WHERE key LIKE $1 ORDER BY key', ['resumed:%']);
    assert.deepEqual(rows.map((r) => r.key), [tokensKey('resumed:')], 'the tokens; the flow is used up');
    const tokens = rows[0].value;
    assert.ok(tokens.access_token && tokens.refresh_token, 'access and refresh token in the row');
    assert.equal(tokens.issuer, as.issuer);
    assert.ok(mcp.seen.some((r) => r.authorization === `Bearer ${tokens.access_token}`));
    const json = JSON.stringify(interrupt);
    for (const [what, value] of [['access token', tokens.access_token], ['refresh token', tokens.refresh_token], ['PKCE verifier', flow.verifier], ['client secret', CLIENT.client_secret]]) {
      assert.ok(!json.includes(value), `no ${what} in the interrupt`);
    }
  });
});
