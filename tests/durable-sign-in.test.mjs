// A `createAgent` thread whose tool call needs a sign-in: the protected fixture of tests/auth/
// (oidc-provider, rotating refresh tokens, in front of a TypeScript SDK server) through an
// OAuthProvider with `interrupt: true` whose tokens, client and sign-in in progress are in
// PostgreSQL (examples/pg-auth-storage.mjs), beside the checkpoints. Process A's run pauses
// with `mcp_authorization` (admin_note needs a scope the stored tokens lack) and A ends (exits,
// or is killed with SIGKILL); the test plays the person by following the authorization URL; a
// fresh process B resumes with `createMCPResume(pending, { callbackUrl })`, finishing the
// sign-in with A's PKCE verifier, and the tool runs once (the server's own log). No checkpoint
// row holds a token or secret.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { MCPAdapter } from '../pkg/index.node.js';
import { OAuthProvider } from '../pkg/auth.js';
import { createAuthTable, pgAuthStorage } from '../examples/pg-auth-storage.mjs';
import { signIn, startAuthServer, startMcpServer } from './auth/fixtures.mjs';
import { startPostgres } from './helpers/postgres.mjs';
import { checkpointText, setupCheckpoints, step } from './helpers/durable.mjs';

const REDIRECT = 'http://127.0.0.1:9/callback'; // never opened: the test reads the redirect
const CLIENT = { client_id: 'durable-agent', client_secret: 'durable-client-secret-7b3e9a', token_endpoint_auth_method: 'client_secret_basic' };

describe('a durable run whose tool call needs a sign-in, tokens in PostgreSQL', { timeout: 240_000 }, () => {
  let database;
  let as;
  let mcp;
  let pool;
  // one hook: the cluster, the servers and the tables in order
  before(async () => {
    database = await startPostgres();
    as = await startAuthServer({
      rotateRefreshTokens: true,
      clients: [{ ...CLIENT, redirect_uris: [REDIRECT], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'] }],
    });
    mcp = await startMcpServer({ authServer: as, adminNote: true });
    pool = new pg.Pool({ connectionString: database.url });
    await createAuthTable(pool);
    await setupCheckpoints(database.url);
  });
  after(async () => {
    await pool?.end();
    await mcp?.close();
    await as?.close();
    await database?.close();
  });

  // each case its own person (key prefix) and thread
  for (const { ends, person, hold } of [
    { ends: 'exits', person: 'ada' },
    { ends: 'is killed with SIGKILL', person: 'grace', hold: true },
  ]) {
    test(`A pauses with mcp_authorization and ${ends}; B resumes with the callback URL; the tool runs once`, async () => {
      const prefix = `user:${person}:`;
      const storage = pgAuthStorage(pool);
      const auth = { redirectUrl: REDIRECT, keyPrefix: prefix, clientInformation: { issuer: as.issuer, ...CLIENT } };
      // the person signed in earlier (notes:read): the agent's processes list the tools with that
      const earlier = new OAuthProvider({ ...auth, storage, redirectToAuthorization: (url) => signIn(url, REDIRECT) });
      assert.equal((await new MCPAdapter(mcp.url, { auth: earlier }).callTool('whoami', {})).content[0].text, 'hello alice');
      const runs = mcp.runs.length;
      const host = { pg: database.url, url: mcp.url, thread: `sign-in-${person}`, tools: ['whoami', 'admin_note'], auth };

      const a = await step({ ...host, do: 'start', text: JSON.stringify({ call: [{ name: 'admin_note', args: {}, id: 'call_1' }] }), hold });
      assert.deepEqual([a.code, a.signal], hold ? [null, 'SIGKILL'] : [0, null], `A ${ends}: ${a.stderr}`);
      const [signInAsked] = a.report.interrupts;
      assert.equal(signInAsked?.value.type, 'mcp_authorization', JSON.stringify(a.report));
      const authorizationUrl = new URL(signInAsked.value.authorization_url);
      assert.match(authorizationUrl.searchParams.get('scope'), /notes:admin/);
      const { verifier } = await storage.get(`${prefix}flow ${authorizationUrl.searchParams.get('state')}`);
      assert.deepEqual(mcp.runs.slice(runs), [], 'admin_note has not run');

      const callbackUrl = await signIn(authorizationUrl, REDIRECT);
      const grants = as.grants.length;
      const b = await step({ ...host, do: 'resume', answers: [{ when: 'mcp_authorization', answer: { callbackUrl } }] });
      assert.equal(b.report.error, undefined, JSON.stringify(b.report));
      assert.equal(b.report.last, 'done: admin note written', JSON.stringify(b.report));
      assert.deepEqual(mcp.runs.slice(runs), ['admin note written'], 'admin_note ran once');
      // oidc-provider requires PKCE: the code was exchanged with the verifier of A's challenge
      assert.deepEqual(as.grants.slice(grants), [{ grant_type: 'authorization_code' }]);

      const { rows } = await pool.query('SELECT key, value FROM mcp_auth WHERE key LIKE $1', [`${prefix}%`]);
      assert.deepEqual(rows.map((r) => r.key), [`${prefix}tokens ${mcp.url}`], 'the tokens; the flow is used up');
      const tokens = rows[0].value;
      const text = await checkpointText(database.url);
      assert.ok(text.includes('admin note written'), 'the checkpoint rows are read');
      const secrets = { 'access token': tokens.access_token, 'refresh token': tokens.refresh_token, 'PKCE verifier': verifier, 'client secret': CLIENT.client_secret };
      for (const [what, secret] of Object.entries(secrets)) assert.ok(secret && !text.includes(secret), `no ${what} in a checkpoint row`);
    });
  }
});
