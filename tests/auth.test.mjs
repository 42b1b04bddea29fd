// mcp-wasm-adapter/auth against a real authorization server (oidc-provider) in front of a
// protected MCP server, both on 127.0.0.1 (tests/auth/fixtures.mjs): sign-in in the callback
// style (in the call, and finished later), as an interrupt resumed by a second adapter after a
// JSON round trip, refresh before expiry and once on a 401, step-up on insufficient_scope (bounded
// across resumes for a scope the authorization server never grants), and where tokens go (never to another origin, a URL or an error message).
// Needs pkg/ (bash scripts/build.sh). Run: node --test tests/auth.test.mjs
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { MCPAdapter, MCPAdapterError } from '../pkg/index.node.js';
import { OAuthProvider, memoryStorage, parseChallenges, canonicalResource } from '../pkg/auth.js';
import { signIn, startAuthServer, startMcpServer } from './auth/fixtures.mjs';

const REDIRECT = 'http://127.0.0.1:9/callback'; // never opened: the test reads the redirect

let as;
let mcp;
let open;

before(async () => {
  as = await startAuthServer({ refuseScopes: ['notes:admin'] }); // tool admin_note's scope: never granted
  mcp = await startMcpServer({ authServer: as, adminNote: true });
  open = await startMcpServer(); // another origin, not protected
});
after(async () => {
  await mcp?.close();
  await open?.close();
  await as?.close();
});

/** A provider whose person signs in at once, counting the sign-ins. */
function signingProvider(extra = {}) {
  const provider = new OAuthProvider({
    redirectUrl: REDIRECT,
    clientMetadata: { client_name: 'auth.test' },
    redirectToAuthorization: async (url) => {
      provider.signIns = (provider.signIns ?? 0) + 1;
      return signIn(url, REDIRECT);
    },
    ...extra,
  });
  return provider;
}

const text = (result) => result.content.map((b) => b.text).join('');
const tokenOf = async (provider, server = mcp.url) => provider.storage.get(`tokens ${server}`);
const tokenRequests = () => as.seen.filter((r) => r.method === 'POST' && r.url.startsWith('/token')).length;

describe('sign-in', () => {
  test('callback style, inside the call: discovery, registration, PKCE, resource, then the call', async () => {
    const before = { auth: as.authorizations.length, registrations: as.seen.filter((r) => r.url.startsWith('/reg')).length };
    const provider = signingProvider();
    const adapter = new MCPAdapter(mcp.url, { auth: provider });
    const tools = await adapter.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), ['admin_note', 'whoami', 'write_note']);
    assert.equal(text(await adapter.callTool('whoami', {})), 'hello alice');
    assert.equal(provider.signIns, 1, 'one sign-in for the probe, the list and the call');
    assert.equal(as.seen.filter((r) => r.url.startsWith('/reg')).length, before.registrations + 1, 'dynamic registration');
    const request = as.authorizations.at(-1);
    assert.equal(as.authorizations.length, before.auth + 1);
    assert.equal(request.code_challenge_method, 'S256');
    assert.match(request.code_challenge, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(request.resource, mcp.url);
    assert.equal(request.scope, 'notes:read offline_access', 'the challenge scope, plus offline_access (offered)');
    assert.ok(request.state);
    const kept = await tokenOf(provider);
    assert.ok(kept.access_token && kept.refresh_token);
    assert.equal(kept.issuer, as.issuer);
    assert.ok(mcp.seen.some((r) => r.authorization === `Bearer ${kept.access_token}`));
  });

  test('callback style, finished later: the call fails with authorization_required, finishAuth completes it', async () => {
    let started;
    const provider = new OAuthProvider({ redirectUrl: REDIRECT, redirectToAuthorization: (url) => void (started = url) });
    const adapter = new MCPAdapter(mcp.url, { auth: provider });
    const error = await adapter.listTools().then(() => undefined, (e) => e);
    assert.ok(error instanceof MCPAdapterError, String(error));
    assert.equal(error.code, 'authorization_required');
    assert.ok(started instanceof URL);
    await adapter.finishAuth(await signIn(started, REDIRECT));
    assert.equal(text(await adapter.callTool('whoami', {})), 'hello alice');
    // a callback is good once
    const again = await adapter.finishAuth(await signIn(started, REDIRECT)).then(() => undefined, (e) => e);
    assert.equal(again?.code, 'authorization_failed');
  });

  test('as an interrupt, resumed by a second adapter after a JSON round trip', async () => {
    const storage = memoryStorage();
    const first = new MCPAdapter(mcp.url, { auth: new OAuthProvider({ redirectUrl: REDIRECT, interrupt: true, storage }) });
    const out = await first.callTool('whoami', { loud: true });
    assert.equal(out.type, 'mcp_authorization');
    assert.equal(out.method, 'tools/call');
    assert.deepEqual(out.params, { name: 'whoami', arguments: { loud: true } });
    assert.deepEqual(out.server, { url: mcp.url, resource: mcp.url, authorization_server: as.issuer });
    assert.equal(out.reason, 'sign_in');
    const state = new URL(out.authorization_url).searchParams.get('state');
    const flow = await storage.get(`flow ${state}`);
    assert.ok(flow?.verifier, 'the PKCE verifier stays in storage');
    const json = JSON.stringify(out);
    assert.ok(!json.includes(flow.verifier), 'no verifier in the interrupt');
    const listed = await first.listTools();
    assert.equal(listed.type, 'mcp_authorization', 'a list that needs a sign-in is an interrupt too');

    const interrupt = JSON.parse(json);
    const callbackUrl = await signIn(interrupt.authorization_url, REDIRECT);
    const second = new MCPAdapter(mcp.url, { auth: new OAuthProvider({ redirectUrl: REDIRECT, interrupt: true, storage }) });
    const done = await second.resume(interrupt, { callbackUrl });
    assert.equal(done.status, 'success');
    assert.equal(text(done), 'hello alice');
    assert.equal(await storage.get(`flow ${state}`), undefined, 'the flow record is used up');
    // the first adapter shares the storage: it is signed in now too
    assert.equal(text(await first.callTool('whoami', {})), 'hello alice');
    const otherServer = new MCPAdapter(open.url, { auth: new OAuthProvider({ redirectUrl: REDIRECT, interrupt: true, storage }) });
    const wrongServer = await otherServer.resume(interrupt, { callbackUrl }).then(() => undefined, (e) => e);
    assert.equal(wrongServer?.code, 'invalid_argument', 'an interrupt is resumed by an adapter for its server');
    const elsewhere = new MCPAdapter(mcp.url, { auth: new OAuthProvider({ redirectUrl: REDIRECT, interrupt: true }) });
    const stale = await elsewhere.resume(interrupt, { callbackUrl }).then(() => undefined, (e) => e);
    assert.equal(stale?.code, 'authorization_failed', 'a used callback signs nobody in');
  });

  test('a sign-in interrupt carries the time it was made, in ISO 8601 UTC, as the other interrupts do, under the signature', async () => {
    const interruptKey = 'a key of thirty-two bytes or more, for HMAC';
    const adapter = new MCPAdapter(mcp.url, { interruptKey, auth: new OAuthProvider({ redirectUrl: REDIRECT, interrupt: true }) });
    const before = Date.now();
    const out = await adapter.callTool('whoami', {});
    const after = Date.now();
    assert.equal(out.type, 'mcp_authorization');
    assert.equal(new Date(out.created_at).toISOString(), out.created_at);
    const at = Date.parse(out.created_at);
    assert.ok(at >= before && at <= after, `${out.created_at} within the test`);
    const moved = { ...out, created_at: new Date(at + 60_000).toISOString() };
    const callbackUrl = await signIn(out.authorization_url, REDIRECT);
    await assert.rejects(adapter.resume(moved, { callbackUrl }), { code: 'interrupt_signature_invalid' });
    assert.equal(text(await adapter.resume(out, { callbackUrl })), 'hello alice');
  });

  test('getResources() of every listed resource resolves to the listing\'s sign-in interrupt; resumed, the resources are read', async () => {
    const storage = memoryStorage();
    const adapter = new MCPAdapter(mcp.url, { auth: new OAuthProvider({ redirectUrl: REDIRECT, interrupt: true, storage }) });
    const out = await adapter.getResources();
    assert.equal(out.type, 'mcp_authorization', JSON.stringify(out));
    assert.equal(out.method, 'resources/list');
    const listed = await adapter.resume(out, { callbackUrl: await signIn(out.authorization_url, REDIRECT) });
    assert.deepEqual(listed.map((r) => r.uri), ['notes://alice']);
    const [notes] = await adapter.getResources();
    assert.equal(notes.text, "alice's notes");
  });

  test('concurrent calls share one pending sign-in; a step-up is an interrupt too', async () => {
    const map = new Map();
    const storage = { get: (k) => map.get(k), set: (k, v) => void map.set(k, structuredClone(v)), delete: (k) => void map.delete(k) };
    const adapter = new MCPAdapter(mcp.url, { auth: new OAuthProvider({ redirectUrl: REDIRECT, interrupt: true, storage }) });
    const [a, b] = await Promise.all([adapter.callTool('whoami', {}), adapter.callTool('write_note', {})]);
    assert.equal(a.type, 'mcp_authorization');
    assert.equal(b.type, 'mcp_authorization');
    assert.equal(a.authorization_url, b.authorization_url);
    assert.equal([...map.keys()].filter((k) => k.startsWith('flow ')).length, 1, 'one flow for the probe and both calls');
    const callbackUrl = await signIn(a.authorization_url, REDIRECT);
    assert.equal(text(await adapter.resume(a, { callbackUrl })), 'hello alice');
    // b's sign-in is done; its call needs notes:write, so it comes back as a step-up
    const more = await adapter.resume(b, { callbackUrl });
    assert.equal(more.type, 'mcp_authorization', JSON.stringify(more));
    assert.equal(more.reason, 'step_up');
    assert.deepEqual(more.scope.split(' ').sort(), ['notes:read', 'notes:write', 'offline_access']);
    const done = await adapter.resume(more, { callbackUrl: await signIn(more.authorization_url, REDIRECT) });
    assert.equal(text(done), 'note written');
  });

  test('a 403 to a request without a token, with a Bearer challenge naming resource_metadata and no error, signs in as a 401 does', async () => {
    const forbidding = await startMcpServer({ authServer: as });
    forbidding.forbidTokenless = true;
    try {
      const provider = signingProvider();
      const adapter = new MCPAdapter(forbidding.url, { auth: provider });
      assert.equal(text(await adapter.callTool('whoami', {})), 'hello alice');
      assert.equal(provider.signIns, 1);
      assert.ok(forbidding.seen.some((r) => r.method === 'POST' && !r.authorization), 'a request without a token, refused with 403');
      const out = await new MCPAdapter(forbidding.url, { auth: new OAuthProvider({ redirectUrl: REDIRECT, interrupt: true }) }).listTools();
      assert.equal(out.reason, 'sign_in', 'an interrupt too');
    } finally {
      await forbidding.close();
    }
  });

  test('works with a handshake-era session too (protocol: "legacy")', async () => {
    const adapter = new MCPAdapter(mcp.url, { protocol: 'legacy', auth: signingProvider() });
    assert.equal(text(await adapter.callTool('whoami', {})), 'hello alice');
    assert.notEqual(adapter.protocolVersion, '2026-07-28');
    await adapter.close();
  });
});

describe('one sign-in at a time', () => {
  test('a 401 handled while the host finishes the pending sign-in waits for it: one redirect, one code exchanged', async () => {
    // the host finishes at once, while the second request's 401 (the list, sent with the probe) is being handled:
    // the second discovery is held until the host has started finishing
    let startedFinishing;
    const finishing = new Promise((resolve) => (startedFinishing = resolve));
    let discoveries = 0;
    const holdSecond = async (input, init) => {
      if (String(input).includes('/.well-known/oauth-protected-resource') && ++discoveries === 2) await finishing;
      return fetch(input, init);
    };
    const redirects = [];
    const host = [];
    let adapter;
    const provider = new OAuthProvider({
      redirectUrl: REDIRECT,
      fetch: holdSecond,
      redirectToAuthorization: (url) => {
        redirects.push(url);
        host.push(signIn(url, REDIRECT).then((callbackUrl) => {
          const done = adapter.finishAuth(callbackUrl);
          startedFinishing();
          return done;
        }));
      },
    });
    adapter = new MCPAdapter(mcp.url, { auth: provider });
    const exchanges = tokenRequests();
    const first = await adapter.listTools().catch((e) => e);
    assert.equal(first?.code, 'authorization_required', String(first));
    await Promise.all(host);
    assert.equal(redirects.length, 1, 'the person is sent to sign in once');
    assert.equal(tokenRequests(), exchanges + 1, 'one code exchanged');
    assert.equal((await adapter.listTools()).length, 3);
  });

  test('a host that finishes the sign-in inside redirectToAuthorization and resolves to nothing: the call goes on signed in', async () => {
    let adapter;
    const provider = signingProvider({ redirectToAuthorization: async (url) => void (await adapter.finishAuth(await signIn(url, REDIRECT))) });
    adapter = new MCPAdapter(mcp.url, { auth: provider, timeoutMs: 20_000 });
    assert.equal((await adapter.listTools()).length, 3);
    assert.ok((await tokenOf(provider)).access_token);
  });

  test('a redirectToAuthorization that resolves to true, not a callback URL, fails the call with invalid_argument; the next call signs in', async () => {
    let answer = true;
    const provider = signingProvider({ redirectToAuthorization: async (url) => (answer === true ? true : signIn(url, REDIRECT)) });
    const adapter = new MCPAdapter(mcp.url, { auth: provider });
    const error = await adapter.callTool('whoami', {}).then(() => undefined, (e) => e);
    assert.ok(error instanceof MCPAdapterError, String(error));
    assert.equal(error.code, 'invalid_argument', error.message);
    assert.match(error.message, /callbackUrl must be the URL the authorization server redirected to/);
    answer = 'sign in';
    assert.equal(text(await adapter.callTool('whoami', {})), 'hello alice');
  });

  test('adapters of one provider share its pending sign-in', async () => {
    const storage = memoryStorage();
    const provider = new OAuthProvider({ redirectUrl: REDIRECT, interrupt: true, storage });
    const [a, b] = await Promise.all([new MCPAdapter(mcp.url, { auth: provider }).listTools(), new MCPAdapter(mcp.url, { auth: provider }).callTool('whoami', {})]);
    assert.equal(a.type, 'mcp_authorization');
    assert.equal(b.type, 'mcp_authorization');
    assert.equal(a.authorization_url, b.authorization_url, 'one sign-in');
    const adapter = new MCPAdapter(mcp.url, { auth: provider });
    const callbackUrl = await signIn(a.authorization_url, REDIRECT);
    assert.equal(text(await adapter.resume(b, { callbackUrl })), 'hello alice');
    assert.equal((await adapter.resume(a, { callbackUrl })).length, 3, 'the other interrupt, its sign-in done, is sent again');
  });
});

describe('tokens over time', () => {
  test('refresh before expiry: a refresh token grant, no new sign-in', async () => {
    const provider = signingProvider({ refreshSkewMs: 24 * 3600_000 }); // every token counts as expiring
    const adapter = new MCPAdapter(mcp.url, { auth: provider });
    await adapter.callTool('whoami', {});
    const first = await tokenOf(provider);
    const requests = tokenRequests();
    assert.equal(text(await adapter.callTool('whoami', {})), 'hello alice');
    const second = await tokenOf(provider);
    assert.notEqual(second.access_token, first.access_token);
    assert.equal(tokenRequests(), requests + 1, 'one token request: the refresh');
    assert.equal(provider.signIns, 1);
    assert.ok(mcp.seen.at(-1).authorization === `Bearer ${second.access_token}`);
  });

  test('refresh once on a 401 (the token was revoked), no new sign-in', async () => {
    const provider = signingProvider();
    const adapter = new MCPAdapter(mcp.url, { auth: provider });
    await adapter.callTool('whoami', {});
    const first = await tokenOf(provider);
    await (await as.provider.AccessToken.find(first.access_token)).destroy();
    assert.equal(text(await adapter.callTool('whoami', {})), 'hello alice');
    assert.notEqual((await tokenOf(provider)).access_token, first.access_token);
    assert.equal(provider.signIns, 1);
  });

  test('a refused refresh token leads to a new sign-in', async () => {
    const provider = signingProvider();
    const adapter = new MCPAdapter(mcp.url, { auth: provider });
    await adapter.callTool('whoami', {});
    const first = await tokenOf(provider);
    await (await as.provider.AccessToken.find(first.access_token)).destroy();
    await (await as.provider.RefreshToken.find(first.refresh_token)).destroy();
    assert.equal(text(await adapter.callTool('whoami', {})), 'hello alice');
    assert.equal(provider.signIns, 2);
  });

  test('a form-encoded token response (as some servers send) works like JSON', async () => {
    let reencoded = 0;
    const formTokens = async (input, init) => {
      const response = await fetch(input, init);
      if (!String(input instanceof Request ? input.url : input).startsWith(`${as.issuer}/token`)) return response;
      const json = await response.json();
      reencoded++;
      const fields = Object.entries(json).map(([k, v]) => [k, String(v)]);
      return new Response(new URLSearchParams(fields).toString(), { status: response.status, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    };
    const provider = signingProvider({ fetch: formTokens });
    const adapter = new MCPAdapter(mcp.url, { auth: provider });
    assert.equal(text(await adapter.callTool('whoami', {})), 'hello alice');
    assert.equal(reencoded, 1, 'the code exchange');
    const kept = await tokenOf(provider);
    assert.equal(typeof kept.expires_at, 'number', 'expires_in read as a number');
    await (await as.provider.AccessToken.find(kept.access_token)).destroy();
    assert.equal(text(await adapter.callTool('whoami', {})), 'hello alice');
    assert.equal(reencoded, 2, 'the refresh');
    assert.equal(provider.signIns, 1);
  });

  test('step-up on 403 insufficient_scope: the union of scopes, then the call', async () => {
    const provider = signingProvider();
    const adapter = new MCPAdapter(mcp.url, { auth: provider });
    await adapter.callTool('whoami', {});
    const count = as.authorizations.length;
    assert.equal(text(await adapter.callTool('write_note', {})), 'note written');
    assert.equal(provider.signIns, 2);
    assert.equal(as.authorizations.length, count + 1);
    assert.deepEqual(as.authorizations.at(-1).scope.split(' ').sort(), ['notes:read', 'notes:write', 'offline_access']);
    assert.match((await tokenOf(provider)).scope, /notes:write/);
  });

  test('step-up stops after maxStepUps with authorization_failed', async () => {
    // a person who never grants notes:write: the server keeps answering insufficient_scope
    const provider = new OAuthProvider({
      redirectUrl: REDIRECT,
      maxStepUps: 1,
      redirectToAuthorization: async (url) => {
        const narrowed = new URL(url);
        narrowed.searchParams.set('scope', 'notes:read offline_access');
        provider.signIns = (provider.signIns ?? 0) + 1;
        return signIn(narrowed, REDIRECT);
      },
    });
    const adapter = new MCPAdapter(mcp.url, { auth: provider });
    const error = await adapter.callTool('write_note', {}).then(() => undefined, (e) => e);
    assert.equal(error?.code, 'authorization_failed', String(error));
    assert.match(error.message, /insufficient_scope/);
    assert.equal(provider.signIns, 2, 'the sign-in and one step-up');
  });
});

describe('a scope the authorization server never grants', () => {
  /** Calls `call` and signs in with `signInTo` while it asks for a sign-in; the reasons asked, and what the call ended with. */
  async function signInsUntilDone(call, signInTo) {
    const reasons = [];
    let out = await call().catch((e) => e);
    for (let round = 0; round < 8 && (out?.type === 'mcp_authorization' || out?.code === 'authorization_required'); round++) {
      reasons.push(out.reason ?? 'callback');
      out = await signInTo(out).catch((e) => e);
    }
    return { reasons, out };
  }

  test('step-ups end after maxStepUps however many resumes, with authorization_failed naming the scope', async () => {
    const adapter = new MCPAdapter(mcp.url, { auth: new OAuthProvider({ redirectUrl: REDIRECT, interrupt: true }) });
    const resume = async (out) => adapter.resume(out, { callbackUrl: await signIn(out.authorization_url, REDIRECT) });
    const { reasons, out } = await signInsUntilDone(() => adapter.callTool('admin_note', {}), resume);
    assert.deepEqual(reasons, ['sign_in', 'step_up', 'step_up'], 'the sign-in, then maxStepUps (2) step-ups');
    assert.equal(out?.code, 'authorization_failed', String(out));
    assert.match(out.message, /insufficient_scope for scope "notes:read offline_access notes:admin"/);
    const next = await adapter.callTool('admin_note', {});
    assert.equal(next.reason, 'step_up', 'a later call may ask the person again');
    assert.equal(text(await adapter.callTool('whoami', {})), 'hello alice', 'the tokens still work');
  });

  test('the same with redirectToAuthorization resolving to nothing and finishAuth later', async () => {
    const started = [];
    const adapter = new MCPAdapter(mcp.url, { auth: new OAuthProvider({ redirectUrl: REDIRECT, redirectToAuthorization: (url) => void started.push(url) }) });
    const finishLater = async () => {
      await adapter.finishAuth(await signIn(started.at(-1), REDIRECT));
      return adapter.callTool('admin_note', {});
    };
    const { reasons, out } = await signInsUntilDone(() => adapter.callTool('admin_note', {}), finishLater);
    assert.equal(reasons.length, 3, 'the sign-in and two step-ups');
    assert.equal(started.length, 3);
    assert.equal(out?.code, 'authorization_failed', String(out));
    assert.match(out.message, /notes:admin/);
  });
});

describe('where tokens go', () => {
  test('never to another origin, into a URL or into an error message', async () => {
    const provider = signingProvider();
    const adapter = new MCPAdapter(mcp.url, { auth: provider });
    await adapter.callTool('whoami', {});
    const { access_token: access, refresh_token: refresh } = await tokenOf(provider);

    // a redirect to another origin is refused before anything reaches it
    const openBefore = open.seen.length;
    mcp.redirectNextTo = open.url;
    const redirected = await adapter.callTool('whoami', {}).then(() => undefined, (e) => e);
    assert.equal(redirected?.code, 'redirect', String(redirected));
    assert.equal(open.seen.length, openBefore);

    // the same provider with an adapter for the other server sends it no token
    const other = new MCPAdapter(open.url, { auth: provider });
    assert.equal((await other.listTools()).length, 2);
    assert.ok(open.seen.length > openBefore);
    assert.ok(open.seen.every((r) => r.authorization === undefined), JSON.stringify(open.seen));

    // a server that echoes the Authorization header: the error is redacted
    mcp.echoNext = true;
    const echoed = await adapter.callTool('whoami', {}).then(() => undefined, (e) => e);
    assert.equal(echoed?.code, 'http_status');
    assert.match(echoed.message, /500/);
    assert.ok(!echoed.message.includes(access), echoed.message);
    assert.ok(!JSON.stringify(echoed.data ?? null).includes(access));

    for (const { url, authorization } of [...as.seen, ...mcp.seen, ...open.seen]) {
      assert.ok(!url.includes(access) && !url.includes(refresh), `a token in a URL: ${url}`);
      if (authorization?.startsWith('Bearer ')) assert.ok(as.seen.every((r) => r.authorization !== authorization), 'an access token at the authorization server');
    }
  });

  test('a plain-http authorization server off loopback is refused before any request to it', async () => {
    const seen = [];
    const prm = { resource: 'https://mcp.example/mcp', authorization_servers: ['http://auth.example'] };
    const fetchStub = async (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      seen.push(url);
      if (url.startsWith('https://mcp.example/.well-known/oauth-protected-resource')) return Response.json(prm);
      if (url === 'https://mcp.example/mcp') return new Response('{}', { status: 401, headers: { 'www-authenticate': 'Bearer' } });
      return new Response('not found', { status: 404 });
    };
    const adapter = new MCPAdapter('https://mcp.example/mcp', { fetch: fetchStub, auth: signingProvider() });
    const error = await adapter.listTools().then(() => undefined, (e) => e);
    assert.equal(error?.code, 'authorization_failed', String(error));
    assert.match(error.message, /not https/);
    assert.ok(seen.every((u) => !u.startsWith('http://auth.example')), seen.join('\n'));
  });
});

describe('helpers', () => {
  test('parseChallenges reads several challenges and quoted values', () => {
    const header = 'DPoP algs="ES256", Bearer error="insufficient_scope", scope="a b", resource_metadata="https://x/.well-known/oauth-protected-resource/mcp", error_description="say \\"hi\\""';
    assert.deepEqual(parseChallenges(header), [
      { scheme: 'dpop', params: { algs: 'ES256' } },
      { scheme: 'bearer', params: { error: 'insufficient_scope', scope: 'a b', resource_metadata: 'https://x/.well-known/oauth-protected-resource/mcp', error_description: 'say "hi"' } },
    ]);
    assert.deepEqual(parseChallenges('Bearer realm=example'), [{ scheme: 'bearer', params: { realm: 'example' } }]);
    assert.deepEqual(parseChallenges(null), []);
  });

  test('canonicalResource: lowercase scheme and host, no fragment, no trailing slash', () => {
    assert.equal(canonicalResource('HTTPS://MCP.Example.com/mcp#x'), 'https://mcp.example.com/mcp');
    assert.equal(canonicalResource('https://mcp.example.com/'), 'https://mcp.example.com');
    assert.equal(canonicalResource('https://mcp.example.com/a/'), 'https://mcp.example.com/a');
  });

  test('bad provider options are invalid_argument', () => {
    assert.throws(() => new OAuthProvider({}), (e) => e.code === 'invalid_argument');
    assert.throws(() => new OAuthProvider({ redirectUrl: REDIRECT, clientMetadataUrl: 'http://x/doc.json' }), (e) => e.code === 'invalid_argument');
    assert.throws(() => new MCPAdapter(mcp.url, { auth: {} }), (e) => e.code === 'invalid_argument');
  });
});
