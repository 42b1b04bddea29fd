// mcp-wasm-adapter/auth under hostile or broken conditions: where tokens, secrets and sign-ins
// may go, how much and how long the client reads from an authorization server, and that each
// check of the module is needed (removing one fails a test here). Against the real
// authorization server (oidc-provider) and protected MCP server of tests/auth/fixtures.mjs
// where they can show it; against a stub world (below) for answers no real server sends:
// oversized or malformed metadata, hung servers, http endpoints, a server that moves.
// Needs pkg/ (bash scripts/build.sh). Run: node --test tests/auth-security.test.mjs
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { MCPAdapter } from '../pkg/index.node.js';
import { OAuthProvider, memoryStorage, canonicalResource } from '../pkg/auth.js';
import { signIn, startAuthServer, startMcpServer } from './auth/fixtures.mjs';

const REDIRECT = 'http://127.0.0.1:9/callback'; // never opened: the tests read the redirect
const KIB = 1024;

let as;
let mcp;
let open;

before(async () => {
  as = await startAuthServer();
  mcp = await startMcpServer({ authServer: as });
  open = await startMcpServer(); // not protected: the stub world forwards authorized requests to it
});
after(async () => {
  await mcp?.close();
  await open?.close();
  await as?.close();
});

const urlOf = (input) => String(input instanceof Request ? input.url : input);
const failure = (promise) => promise.then((value) => assert.fail(`expected a failure, got ${JSON.stringify(value)}`), (e) => e);
const tokenPosts = () => as.seen.filter((r) => r.method === 'POST' && r.url.startsWith('/token')).length;

/** A provider whose person signs in at once at the real authorization server, counting sign-ins. */
function signingProvider(extra = {}) {
  const provider = new OAuthProvider({
    redirectUrl: REDIRECT,
    redirectToAuthorization: async (url) => {
      provider.signIns = (provider.signIns ?? 0) + 1;
      return signIn(url, REDIRECT);
    },
    ...extra,
  });
  return provider;
}

/**
 * A stub world reached through `world.fetch`: a protected MCP server at `mcpUrl` (https by
 * default; requests with a token it issued are forwarded to the real unprotected fixture
 * server), and authorization servers `issuers` (metadata, registration, token endpoint). The
 * protected resource metadata names `issuers[world.current]`. Hooks (`prm`, `meta`, `token`,
 * `mcpHook`) may answer instead; `log` records every request.
 */
function stubWorld({ mcpUrl = 'https://mcp.example/mcp', issuers = ['https://as1.example'], asExtra = {} } = {}) {
  const w = { log: [], tokens: new Map(), n: 0, current: 0, hooks: {}, mcpUrl, issuers };
  const mcpOrigin = new URL(mcpUrl).origin;
  w.meta = (issuer) => ({
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    registration_endpoint: `${issuer}/register`,
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'none'],
    ...asExtra,
  });
  w.fetch = async (input, init = {}) => {
    const url = new URL(urlOf(input));
    const headers = new Headers(init.headers);
    const body = init.body === undefined ? undefined : String(init.body);
    w.log.push({ url: url.href, method: init.method ?? 'GET', authorization: headers.get('authorization'), body, redirect: init.redirect });
    if (url.origin === mcpOrigin) {
      if (url.pathname.startsWith('/.well-known/oauth-protected-resource')) {
        return (await w.hooks.prm?.(url, init)) ?? Response.json({ resource: mcpUrl, authorization_servers: [issuers[w.current]] });
      }
      const hooked = await w.hooks.mcpHook?.(url, init, headers);
      if (hooked) return hooked;
      const token = (headers.get('authorization') ?? '').slice(7);
      if (!w.tokens.has(token)) {
        return new Response('{}', { status: 401, headers: { 'www-authenticate': `Bearer resource_metadata="${mcpOrigin}/.well-known/oauth-protected-resource${url.pathname}"` } });
      }
      headers.delete('authorization');
      return fetch(open.url, { ...init, headers });
    }
    const issuer = issuers.find((i) => url.origin === new URL(i).origin);
    if (issuer) {
      if (url.pathname.startsWith('/.well-known/')) {
        const hooked = await w.hooks.meta?.(url, init);
        if (hooked) return hooked;
        return url.pathname === '/.well-known/oauth-authorization-server' ? Response.json(w.meta(issuer)) : new Response('not found', { status: 404 });
      }
      if (url.pathname === '/register') return Response.json({ client_id: `client-at-${issuer}`, client_secret: `secret-at-${issuer}` }, { status: 201 });
      if (url.pathname === '/token') {
        const hooked = await w.hooks.token?.(url, init, body);
        if (hooked) return hooked;
        const params = new URLSearchParams(body);
        const scope = params.get('code')?.startsWith('code:') ? params.get('code').slice(5) : w.tokens.get(`refresh:${params.get('refresh_token')}`) ?? '';
        const n = ++w.n;
        w.tokens.set(`AT${n}`, scope);
        w.tokens.set(`refresh:RT${n}`, scope);
        return Response.json({ access_token: `AT${n}`, token_type: 'Bearer', expires_in: 3600, refresh_token: `RT${n}`, scope });
      }
    }
    return new Response('not found', { status: 404 });
  };
  /** The person approves at once: the callback URL for an authorization URL (the code carries the scope). */
  w.approve = (authorizationUrl) => {
    const u = new URL(authorizationUrl);
    const issuer = issuers.find((i) => u.origin === new URL(i).origin);
    return `${REDIRECT}?code=code:${encodeURIComponent(u.searchParams.get('scope') ?? '')}&state=${u.searchParams.get('state')}&iss=${encodeURIComponent(issuer)}`;
  };
  w.provider = (extra = {}) => new OAuthProvider({ redirectUrl: REDIRECT, redirectToAuthorization: (u) => w.approve(u), fetch: w.fetch, ...extra });
  w.adapter = (provider) => new MCPAdapter(w.mcpUrl, { fetch: w.fetch, auth: provider });
  w.requests = (prefix) => w.log.filter((r) => r.url.startsWith(prefix));
  return w;
}

/** A response body of `size` bytes of JSON (an object with one long string), streamed in 64 KiB chunks; `sent()` counts what was pulled. */
function bigJson(size, { length = false } = {}) {
  let sent = 0;
  const head = new TextEncoder().encode('{"pad":"');
  const stream = new ReadableStream({
    pull(controller) {
      if (sent === 0) {
        controller.enqueue(head);
        sent += head.length;
        return;
      }
      if (sent >= size) {
        controller.enqueue(new TextEncoder().encode('"}'));
        controller.close();
        return;
      }
      controller.enqueue(new Uint8Array(64 * KIB).fill(97));
      sent += 64 * KIB;
    },
  });
  const headers = { 'content-type': 'application/json', ...(length ? { 'content-length': String(size + head.length + 2) } : {}) };
  return { response: new Response(stream, { headers }), sent: () => sent };
}

describe('how much and how long (M1, M2)', () => {
  test('a 1 MiB+ metadata document is refused early on its content-length', async () => {
    const w = stubWorld();
    let big;
    w.hooks.meta = () => (big = bigJson(2048 * KIB, { length: true })).response;
    const error = await failure(w.adapter(w.provider()).listTools());
    assert.equal(error.code, 'authorization_failed', String(error));
    assert.match(error.message, /larger than 262144 bytes/);
    assert.ok(big.sent() <= 256 * KIB, `read ${big.sent()} bytes`);
  });

  test('a protected resource metadata body streamed without a length is cut off past 256 KiB', async () => {
    const w = stubWorld();
    let big;
    w.hooks.prm = () => (big = bigJson(64 * 1024 * KIB)).response;
    const error = await failure(w.adapter(w.provider()).listTools());
    assert.equal(error.code, 'authorization_failed', String(error));
    assert.match(error.message, /larger than/);
    assert.ok(big.sent() < 512 * KIB, `read ${big.sent()} bytes of 64 MiB`);
  });

  test('oversized registration and token answers are refused too', async () => {
    for (const where of ['/register', '/token']) {
      const w = stubWorld();
      const inner = w.fetch;
      w.fetch = async (input, init) => (new URL(urlOf(input)).pathname === where ? bigJson(1024 * KIB).response : inner(input, init));
      const error = await failure(w.adapter(w.provider()).listTools());
      assert.equal(error.code, 'authorization_failed', `${where}: ${error}`);
      assert.match(error.message, /larger than/, where);
    }
  });

  test('a hung authorization server fails after authRequestTimeoutMs, and the next call is not blocked', async () => {
    const w = stubWorld();
    let hang = true;
    w.hooks.meta = (_url, init) => {
      if (!hang) return undefined;
      hang = false;
      // never answers; only an abort ends it
      return new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(init.signal.reason)));
    };
    const adapter = w.adapter(w.provider({ authRequestTimeoutMs: 300 }));
    const started = Date.now();
    const error = await failure(adapter.listTools());
    assert.equal(error.code, 'authorization_failed', String(error));
    assert.match(error.message, /did not finish within 300 ms/);
    assert.ok(Date.now() - started < 5000);
    assert.equal((await adapter.listTools({ timeoutMs: 5000 })).length, 2, 'the session is usable again');
  });

  test('each request to the authorization server carries the timeout signal', async () => {
    const w = stubWorld();
    const adapter = w.adapter(w.provider());
    const signals = [];
    const inner = w.fetch;
    w.fetch = (input, init) => {
      if (!urlOf(input).startsWith(w.mcpUrl)) signals.push(init?.signal);
      return inner(input, init);
    };
    await new MCPAdapter(w.mcpUrl, { fetch: w.fetch, auth: w.provider({ fetch: w.fetch }) }).listTools();
    assert.ok(signals.length >= 4, 'prm, metadata, registration, token');
    assert.ok(signals.every((s) => s instanceof AbortSignal), 'every one has a signal');
    await adapter.close?.();
  });

  test('bad authRequestTimeoutMs, maxStepUps and refreshSkewMs are invalid_argument (M8)', () => {
    for (const [name, value] of [['maxStepUps', Number.NaN], ['maxStepUps', -1], ['maxStepUps', 1.5], ['maxStepUps', '2'], ['refreshSkewMs', Number.NaN], ['refreshSkewMs', -5], ['refreshSkewMs', Infinity], ['authRequestTimeoutMs', 0], ['authRequestTimeoutMs', Number.NaN]]) {
      assert.throws(() => new OAuthProvider({ redirectUrl: REDIRECT, [name]: value }), (e) => e.code === 'invalid_argument' && e.message.includes(name), `${name}: ${value}`);
    }
    assert.equal(new OAuthProvider({ redirectUrl: REDIRECT, maxStepUps: 0 }).maxStepUps, 0);
  });
});

describe('which client where (M3)', () => {
  test('a fixed clientInformation needs its issuer', () => {
    assert.throws(() => new OAuthProvider({ redirectUrl: REDIRECT, clientInformation: { client_id: 'x', client_secret: 'y' } }), (e) => e.code === 'invalid_argument' && /issuer/.test(e.message));
  });

  test('a pre-registered client for another issuer is not used: its id and secret never reach this one (real server)', async () => {
    const before = tokenPosts();
    const registrations = as.seen.filter((r) => r.url.startsWith('/reg')).length;
    const provider = signingProvider({ clientInformation: { issuer: 'https://elsewhere.example', client_id: 'pre-registered', client_secret: 'SECRET-FOR-ELSEWHERE' } });
    const adapter = new MCPAdapter(mcp.url, { auth: provider });
    assert.equal((await adapter.listTools()).length, 2);
    assert.equal(as.seen.filter((r) => r.url.startsWith('/reg')).length, registrations + 1, 'a dynamic registration instead');
    const basic = as.seen.slice(-10).map((r) => r.authorization).filter((a) => a?.startsWith('Basic '));
    assert.ok(basic.every((a) => !atob(a.slice(6)).includes('SECRET-FOR-ELSEWHERE')), 'the secret stays home');
    assert.ok(as.authorizations.at(-1).client_id !== 'pre-registered');
    assert.ok(tokenPosts() > before);
  });

  test('a pre-registered client is used at its issuer (real server)', async () => {
    const own = await startAuthServer({ clients: [{ client_id: 'pre-registered', client_secret: 'pre-secret', redirect_uris: [REDIRECT], grant_types: ['authorization_code', 'refresh_token'], token_endpoint_auth_method: 'client_secret_basic' }] });
    const server = await startMcpServer({ authServer: own });
    try {
      const provider = signingProvider({ clientInformation: { issuer: own.issuer, client_id: 'pre-registered', client_secret: 'pre-secret' } });
      assert.equal((await new MCPAdapter(server.url, { auth: provider }).listTools()).length, 2);
      assert.equal(own.authorizations.at(-1).client_id, 'pre-registered');
      assert.equal(own.seen.filter((r) => r.url.startsWith('/reg')).length, 0, 'no registration');
      assert.ok(own.seen.some((r) => r.url.startsWith('/token') && r.authorization === `Basic ${btoa('pre-registered:pre-secret')}`));
    } finally {
      await server.close();
      await own.close();
    }
  });

  test('a server that moves to another authorization server: no secret of the first is sent there, no refresh at the old one (stub)', async () => {
    const w = stubWorld({ issuers: ['https://as1.example', 'https://as2.example'] });
    const provider = w.provider({ clientInformation: { issuer: 'https://as1.example', client_id: 'pre-as1', client_secret: 'SECRET-AS1' } });
    const adapter = w.adapter(provider);
    await adapter.listTools();
    assert.ok(w.requests('https://as1.example/token').some((r) => r.authorization === `Basic ${btoa('pre-as1:SECRET-AS1')}`));
    w.current = 1;
    w.tokens.clear(); // the old tokens are refused now
    const as1Tokens = w.requests('https://as1.example/token').length;
    assert.equal((await adapter.listTools()).length, 2);
    assert.equal(w.requests('https://as1.example/token').length, as1Tokens, 'no refresh at the old authorization server');
    const at2 = w.requests('https://as2.example/');
    assert.ok(at2.some((r) => r.url === 'https://as2.example/register'), 'registered at the new one');
    for (const r of at2) {
      assert.ok(!(r.authorization ?? '').includes(btoa('pre-as1:SECRET-AS1')) && !(r.body ?? '').includes('SECRET-AS1') && !(r.body ?? '').includes('pre-as1'), JSON.stringify(r));
    }
    assert.equal((await provider.storage.get(`tokens ${w.mcpUrl}`)).issuer, 'https://as2.example');
  });
});

describe('refresh (M4, L3)', () => {
  test('two calls of one adapter and two adapters of one provider make one refresh grant (real server)', async () => {
    const provider = signingProvider({ refreshSkewMs: 24 * 3600_000 }); // every token counts as expiring
    const first = new MCPAdapter(mcp.url, { auth: provider });
    await first.callTool('whoami', {});
    const second = new MCPAdapter(mcp.url, { auth: provider });
    await second.listTools(); // its own session: one refresh
    const before = tokenPosts();
    const old = await provider.storage.get(`tokens ${mcp.url}`);
    const results = await Promise.all([first.callTool('whoami', {}), second.callTool('whoami', {}), first.listTools()]);
    assert.equal(results[0].content[0].text, 'hello alice');
    assert.equal(results[1].content[0].text, 'hello alice');
    assert.equal(tokenPosts(), before + 1, 'one refresh for the three calls of two adapters');
    assert.notEqual((await provider.storage.get(`tokens ${mcp.url}`)).access_token, old.access_token);
    assert.equal(provider.signIns, 1);
  });

  test('storage.lock(key, task) wraps each refresh and sign-in when the storage has one', async () => {
    const base = memoryStorage();
    const locked = [];
    const storage = { ...base, lock: async (key, task) => { locked.push(key); return task(); } };
    const provider = signingProvider({ storage, refreshSkewMs: 24 * 3600_000, keyPrefix: 'alice:' });
    const adapter = new MCPAdapter(mcp.url, { auth: provider });
    await adapter.callTool('whoami', {});
    await adapter.callTool('whoami', {});
    assert.ok(locked.length >= 2);
    assert.ok(locked.every((key) => key === `alice:tokens ${mcp.url}`), locked.join());
  });

  test('the refresh request names the resource (RFC 8707)', async () => {
    const w = stubWorld();
    const provider = w.provider({ refreshSkewMs: 24 * 3600_000 });
    const adapter = w.adapter(provider);
    await adapter.listTools();
    await adapter.listTools();
    const refresh = w.requests('https://as1.example/token').map((r) => new URLSearchParams(r.body)).find((p) => p.get('grant_type') === 'refresh_token');
    assert.ok(refresh, 'a refresh grant');
    assert.equal(refresh.get('resource'), w.mcpUrl);
  });

  test('a refresh that fails on the network or with a 5xx keeps the tokens; 400 invalid_grant forgets them', async () => {
    for (const [what, answer, kept] of [
      ['network', () => Promise.reject(new TypeError('fetch failed')), true],
      ['503', () => new Response('<h1>down</h1>', { status: 503, headers: { 'content-type': 'text/html' } }), true],
      ['invalid_grant', () => Response.json({ error: 'invalid_grant' }, { status: 400 }), false],
    ]) {
      const w = stubWorld();
      const provider = w.provider();
      const adapter = w.adapter(provider);
      await adapter.listTools();
      const before = await provider.storage.get(`tokens ${w.mcpUrl}`);
      w.tokens.delete(before.access_token); // the access token is refused: refresh once on the 401
      w.hooks.token = (_url, _init, body) => (new URLSearchParams(body).get('grant_type') === 'refresh_token' ? answer() : undefined);
      const outcome = await adapter.listTools().then(() => 'ok', (e) => e.code);
      const after = await provider.storage.get(`tokens ${w.mcpUrl}`);
      if (kept) {
        assert.equal(outcome, 'authorization_failed', what);
        assert.equal(after?.refresh_token, before.refresh_token, `${what}: the refresh token is kept`);
      } else {
        assert.equal(outcome, 'ok', `${what}: a new sign-in`);
        assert.notEqual(after.refresh_token, before.refresh_token, `${what}: the refused tokens are gone`);
      }
    }
  });

  test('concurrent calls during a refused refresh send the refused refresh token once, then sign in once', async () => {
    const w = stubWorld();
    const provider = w.provider({ refreshSkewMs: 24 * 3600_000 }); // every token counts as expiring
    let signIns = 0;
    const approve = w.approve;
    w.approve = (u) => (signIns++, approve(u));
    const adapter = w.adapter(provider);
    await adapter.listTools();
    const { refresh_token: refused } = await provider.storage.get(`tokens ${w.mcpUrl}`);
    signIns = 0;
    w.hooks.token = (_url, _init, body) => (new URLSearchParams(body).get('refresh_token') === refused ? Response.json({ error: 'invalid_grant' }, { status: 400 }) : undefined);
    const results = await Promise.all([adapter.listTools(), adapter.listTools(), adapter.callTool('whoami', {})]);
    assert.equal(results[0].length, 2);
    const grants = w.requests('https://as1.example/token').map((r) => new URLSearchParams(r.body)).filter((p) => p.get('refresh_token') === refused);
    assert.equal(grants.length, 1, 'the refused refresh token is sent once, not once per waiting call');
    assert.equal(signIns, 1, 'one sign-in for the three calls');
  });

  test('a refresh before expiry that cannot be made keeps using the token that is still valid', async () => {
    const w = stubWorld();
    const provider = w.provider({ refreshSkewMs: 24 * 3600_000 });
    const adapter = w.adapter(provider);
    await adapter.listTools();
    w.hooks.token = () => Promise.reject(new TypeError('fetch failed'));
    assert.equal((await adapter.listTools()).length, 2);
  });
});

describe('sign-ins handed out (M5, L4)', () => {
  test('after a denied sign-in the next call gets a new one, which works (real server)', async () => {
    const storage = memoryStorage();
    const adapter = new MCPAdapter(mcp.url, { auth: new OAuthProvider({ redirectUrl: REDIRECT, interrupt: true, storage }) });
    const out = await adapter.listTools();
    assert.equal(out.type, 'mcp_authorization');
    const state = new URL(out.authorization_url).searchParams.get('state');
    const denied = `${REDIRECT}?error=access_denied&state=${state}&iss=${encodeURIComponent(as.issuer)}`;
    const error = await failure(adapter.resume(out, { callbackUrl: denied }));
    assert.equal(error.code, 'authorization_failed');
    assert.match(error.message, /access_denied/);
    const again = await adapter.listTools();
    assert.equal(again.type, 'mcp_authorization');
    assert.notEqual(again.authorization_url, out.authorization_url, 'a new sign-in, not the dead one');
    const done = await adapter.resume(again, { callbackUrl: await signIn(again.authorization_url, REDIRECT) });
    assert.equal(done.length, 2);
  });

  test('a handed-out sign-in whose flow left the storage is not handed out again', async () => {
    const storage = memoryStorage();
    const adapter = new MCPAdapter(mcp.url, { auth: new OAuthProvider({ redirectUrl: REDIRECT, interrupt: true, storage }) });
    const out = await adapter.listTools();
    const state = new URL(out.authorization_url).searchParams.get('state');
    await storage.delete(`flow ${state}`); // finished or dropped elsewhere
    const again = await adapter.listTools();
    assert.notEqual(again.authorization_url, out.authorization_url);
  });

  test('concurrent calls that need different sign-ins each get their own', async () => {
    const w = stubWorld();
    // tool "whoami" needs scope a, "write_note" scope b: each call steps up on its own
    w.hooks.mcpHook = async (_url, init, headers) => {
      const message = JSON.parse(init.body ?? 'null');
      const token = (headers.get('authorization') ?? '').slice(7);
      if (message?.method !== 'tools/call' || !w.tokens.has(token)) return undefined;
      const need = message.params.name === 'whoami' ? 'a' : 'b';
      if (w.tokens.get(token).split(' ').includes(need)) return undefined;
      return new Response('{}', { status: 403, headers: { 'www-authenticate': `Bearer error="insufficient_scope", scope="${need}"` } });
    };
    const storage = memoryStorage();
    const provider = new OAuthProvider({ redirectUrl: REDIRECT, interrupt: true, storage, fetch: w.fetch });
    const adapter = w.adapter(provider);
    const first = await adapter.listTools();
    await adapter.resume(first, { callbackUrl: w.approve(first.authorization_url) });
    const [a, b] = await Promise.all([adapter.callTool('whoami', {}), adapter.callTool('write_note', {})]);
    assert.equal(a.type, 'mcp_authorization');
    assert.equal(b.type, 'mcp_authorization');
    assert.equal(a.params.name, 'whoami');
    assert.deepEqual(new URL(a.authorization_url).searchParams.get('scope').split(' '), ['a'], 'whoami\'s interrupt carries its own sign-in');
    assert.deepEqual(new URL(b.authorization_url).searchParams.get('scope').split(' '), ['b']);
    assert.equal(a.scope, 'a');
    assert.equal(b.scope, 'b');
  });
  test('an interrupt carries the sign-in of its own call, also when another call\'s was made before it surfaced', async () => {
    const w = stubWorld();
    // without a token, tool "a" is challenged for scope a, tool "b" for scope b
    w.hooks.mcpHook = async (_url, init) => {
      const name = JSON.parse(init.body ?? 'null')?.params?.name;
      return new Response('{}', { status: 401, headers: { 'www-authenticate': `Bearer scope="${name}"` } });
    };
    const provider = new OAuthProvider({ redirectUrl: REDIRECT, interrupt: true, fetch: w.fetch });
    // an adapter (anything with callTool) whose calls surface their failure only once both failed
    let failed = 0;
    let bothFailed;
    const gate = new Promise((resolve) => (bothFailed = resolve));
    const adapter = {
      async callTool(name) {
        try {
          return await session.fetch(w.mcpUrl, { method: 'POST', body: JSON.stringify({ method: 'tools/call', params: { name } }) });
        } catch (error) {
          if (++failed === 2) bothFailed();
          await gate;
          throw error;
        }
      },
    };
    const session = provider.bind(w.mcpUrl, w.fetch, adapter);
    const [a, b] = await Promise.all([adapter.callTool('a'), adapter.callTool('b')]);
    assert.equal(a.type, 'mcp_authorization');
    assert.equal(b.type, 'mcp_authorization');
    assert.equal(a.params.name, 'a');
    assert.equal(new URL(a.authorization_url).searchParams.get('scope'), 'a', 'call a carries its own sign-in');
    assert.equal(new URL(b.authorization_url).searchParams.get('scope'), 'b');
    assert.equal(a.scope, 'a');
  });
});

describe('plain http, redirects and URLs (M6, L1, L2, L5)', () => {
  test('no bearer token over plain http to a server off loopback', async () => {
    const w = stubWorld({ mcpUrl: 'http://mcp.example/mcp' });
    const error = await failure(w.adapter(w.provider()).listTools());
    assert.equal(error.code, 'authorization_failed', String(error));
    assert.match(error.message, /plain http/);
    assert.ok(w.log.every((r) => !r.authorization), 'nothing with a token');
    assert.equal(w.requests('https://as1.example/token').length, 0, 'no sign-in for a server that could not use it');
  });

  test('the session fetch adds the token only for the MCP server\'s origin', async () => {
    const seen = [];
    const provider = new OAuthProvider({ redirectUrl: REDIRECT });
    await provider.storage.set(`tokens ${mcp.url}`, { access_token: 'AT-X', token_type: 'Bearer', issuer: as.issuer, resource: mcp.url });
    const session = provider.bind(mcp.url, async (input, init) => {
      seen.push([urlOf(input), new Headers(init?.headers).get('authorization')]);
      return new Response('{}');
    });
    await session.fetch(`${open.url}`, { method: 'POST' });
    await session.fetch('https://elsewhere.example/mcp', { method: 'POST' });
    await session.fetch(mcp.url, { method: 'POST' });
    assert.deepEqual(seen.map(([, a]) => a), [null, null, 'Bearer AT-X']);
  });

  test('a resource_metadata on plain http off loopback is not fetched; a redirect of metadata is not followed', async () => {
    const w = stubWorld();
    const inner = w.fetch;
    // a fetch that follows redirects unless told `redirect: "manual"`, as fetch does
    const follow = async (input, init = {}) => {
      const url = urlOf(input);
      if (url.startsWith('http://evil.example/') || url.startsWith('https://evil.example/')) {
        w.log.push({ url, evil: true });
        return Response.json({ resource: w.mcpUrl, authorization_servers: ['https://evil.example'] });
      }
      if (url === 'https://mcp.example/.well-known/oauth-protected-resource/mcp') {
        if (init.redirect === 'manual') return new Response(null, { status: 302, headers: { location: 'https://evil.example/prm' } });
        return follow('https://evil.example/prm', init);
      }
      const response = await inner(input, init);
      if (response.status !== 401) return response;
      return new Response('{}', { status: 401, headers: { 'www-authenticate': 'Bearer resource_metadata="http://evil.example/prm"' } });
    };
    const provider = new OAuthProvider({ redirectUrl: REDIRECT, redirectToAuthorization: (u) => w.approve(u), fetch: follow });
    const adapter = new MCPAdapter(w.mcpUrl, { fetch: follow, auth: provider });
    assert.equal((await adapter.listTools()).length, 2, 'signed in at the authorization server of the root metadata');
    assert.deepEqual(w.log.filter((r) => r.evil), [], 'nothing fetched from evil.example');
    assert.equal((await provider.storage.get(`tokens ${w.mcpUrl}`)).issuer, 'https://as1.example');
  });

  test('canonicalResource drops credentials, query and fragment', () => {
    assert.equal(canonicalResource('https://user:pw@MCP.example/mcp?key=secret#x'), 'https://mcp.example/mcp');
    assert.equal(canonicalResource('https://mcp.example/?a=1'), 'https://mcp.example');
  });

  test('a server URL with a query: resource and the interrupt\'s server.url without it (real server)', async () => {
    const adapter = new MCPAdapter(`${mcp.url}?api_key=SECRETKEY`, { auth: new OAuthProvider({ redirectUrl: REDIRECT, interrupt: true }) });
    const out = await adapter.listTools();
    assert.equal(out.type, 'mcp_authorization');
    assert.equal(out.server.url, mcp.url);
    assert.equal(new URL(out.authorization_url).searchParams.get('resource'), mcp.url);
    assert.ok(!JSON.stringify(out).includes('SECRETKEY'));
  });

  test('a protected resource metadata whose resource has a query or credentials is refused', async () => {
    for (const resource of ['https://mcp.example/mcp?x=1', 'https://u:p@mcp.example/mcp']) {
      const w = stubWorld();
      w.hooks.prm = () => Response.json({ resource, authorization_servers: ['https://as1.example'] });
      const error = await failure(w.adapter(w.provider()).listTools());
      assert.equal(error.code, 'authorization_failed', resource);
      assert.match(error.message, /not this server/);
    }
  });

  test('redirectUrl must be https off loopback', () => {
    assert.throws(() => new OAuthProvider({ redirectUrl: 'http://app.example/callback' }), (e) => e.code === 'invalid_argument');
    assert.ok(new OAuthProvider({ redirectUrl: 'https://app.example/callback' }));
    assert.ok(new OAuthProvider({ redirectUrl: 'http://localhost:3000/callback' }));
    assert.ok(new OAuthProvider({ redirectUrl: 'com.example.app:/callback' }), 'a native app scheme');
  });
});

describe('authorization server checks (M9)', () => {
  const refusedWith = async (meta, pattern) => {
    const w = stubWorld();
    w.hooks.meta = (url) => (url.pathname === '/.well-known/oauth-authorization-server' ? Response.json({ ...w.meta('https://as1.example'), ...meta }) : undefined);
    const error = await failure(w.adapter(w.provider()).listTools());
    assert.equal(error.code, 'authorization_failed', String(error));
    assert.match(error.message, pattern);
    assert.equal(w.requests('https://as1.example/token').length + w.requests('https://as1.example/register').length, 0);
  };

  test('metadata without PKCE S256 is refused', () => refusedWith({ code_challenge_methods_supported: ['plain'] }, /S256/));
  test('an issuer that differs from the one asked for, even by a slash, is refused', () => refusedWith({ issuer: 'https://as1.example/' }, /names issuer/));
  test('an http token endpoint off loopback is refused', () => refusedWith({ token_endpoint: 'http://as1.example/token' }, /token_endpoint/));
  test('an http authorization endpoint off loopback is refused', () => refusedWith({ authorization_endpoint: 'http://as1.example/authorize' }, /authorization_endpoint/));
  test('an http registration endpoint off loopback is refused', () => refusedWith({ registration_endpoint: 'http://as1.example/register' }, /registration_endpoint/));

  test('malformed metadata and token answers are typed failures that quote no token', async () => {
    for (const [what, hooks] of [
      ['metadata not JSON', { meta: () => new Response('<html>', { headers: { 'content-type': 'text/html' } }) }],
      ['metadata an array', { meta: () => Response.json([1]) }],
      ['endpoints not strings', { meta: () => Response.json({ issuer: 'https://as1.example', authorization_endpoint: 5, token_endpoint: {}, code_challenge_methods_supported: ['S256'] }) }],
      ['token not JSON', { token: () => new Response('garbage LEAK-1', { headers: { 'content-type': 'application/json' } }) }],
      ['token without access_token', { token: () => Response.json({ token_type: 'Bearer', refresh_token: 'LEAK-2' }) }],
      ['token 500 html', { token: () => new Response('<h1>oops</h1>', { status: 500, headers: { 'content-type': 'text/html' } }) }],
      ['token form, odd type', { token: () => new Response('access_token=LEAK-3&token_type=weird', { headers: { 'content-type': 'application/x-www-form-urlencoded' } }) }],
    ]) {
      const w = stubWorld();
      Object.assign(w.hooks, hooks);
      const error = await failure(w.adapter(w.provider()).listTools());
      assert.equal(error.code, 'authorization_failed', `${what}: ${error}`);
      assert.ok(!/LEAK/.test(error.message) && !/LEAK/.test(JSON.stringify(error.data ?? null)), `${what}: ${error.message}`);
    }
  });
});

describe('finishing a sign-in (M9)', () => {
  async function started(storage, server = mcp.url) {
    let url;
    const provider = new OAuthProvider({ redirectUrl: REDIRECT, storage, redirectToAuthorization: (u) => void (url = u) });
    const adapter = new MCPAdapter(server, { auth: provider });
    await failure(adapter.listTools());
    return { provider, adapter, state: url.searchParams.get('state'), callbackUrl: await signIn(url, REDIRECT) };
  }

  test('a flow older than 30 minutes is refused', async () => {
    const storage = memoryStorage();
    const { adapter, state, callbackUrl } = await started(storage);
    const flow = await storage.get(`flow ${state}`);
    await storage.set(`flow ${state}`, { ...flow, created: Date.now() - 31 * 60_000 });
    const error = await failure(adapter.finishAuth(callbackUrl));
    assert.equal(error.code, 'authorization_failed');
    assert.match(error.message, /too long/);
  });

  test('a client registration that changed during the sign-in is refused', async () => {
    const storage = memoryStorage();
    const { adapter, callbackUrl } = await started(storage);
    const client = await storage.get(`client ${as.issuer}`);
    await storage.set(`client ${as.issuer}`, { ...client, client_id: 'someone-else' });
    const error = await failure(adapter.finishAuth(callbackUrl));
    assert.equal(error.code, 'authorization_failed');
    assert.match(error.message, /client registration changed/);
  });

  test('an adapter for another server does not take a sign-in made for this one', async () => {
    const storage = memoryStorage();
    const { callbackUrl } = await started(storage);
    const other = new MCPAdapter(open.url, { auth: new OAuthProvider({ redirectUrl: REDIRECT, storage }) });
    const error = await failure(other.finishAuth(callbackUrl));
    assert.equal(error.code, 'authorization_failed');
    assert.match(error.message, /was for/);
  });
});

describe('host code and storage (M7, L6)', () => {
  test('keyPrefix keeps each user\'s entries apart in one storage', async () => {
    const storage = memoryStorage();
    const alice = signingProvider({ storage, keyPrefix: 'user:alice:' });
    await new MCPAdapter(mcp.url, { auth: alice }).listTools();
    assert.ok(await storage.get(`user:alice:tokens ${mcp.url}`));
    assert.equal(await storage.get(`tokens ${mcp.url}`), undefined);
    const bob = signingProvider({ storage, keyPrefix: 'user:bob:' });
    await new MCPAdapter(mcp.url, { auth: bob }).listTools();
    assert.equal(bob.signIns, 1, 'bob signs in himself: alice\'s tokens are not his');
  });

  test('a storage lock that fails (a timeout, a lost connection) is authorization_failed without its text; the task\'s own outcome passes through it', async () => {
    const w = stubWorld();
    for (const lock of [async () => { throw new Error('lock timeout; LEAK-LOCK'); }, () => { throw new Error('LEAK-LOCK'); }, async () => undefined]) {
      const error = await failure(w.adapter(w.provider({ storage: { ...memoryStorage(), lock } })).listTools());
      assert.equal(error.code, 'authorization_failed', String(error));
      assert.equal(error.message, 'the auth storage failed (lock)');
    }
    const storage = { ...memoryStorage(), lock: (_key, task) => task() };
    const out = await w.adapter(w.provider({ storage, interrupt: true })).listTools();
    assert.equal(out.type, 'mcp_authorization', 'the sign-in the task asks for, under the lock');
  });

  test('a failing storage, redirectToAuthorization or clientInformation is authorization_failed without its text', async () => {
    const w = stubWorld();
    const storage = { get: () => { throw new Error('db down; row was {"access_token":"LEAK-STORED"}'); }, set() {}, delete() {} };
    const error = await failure(w.adapter(w.provider({ storage })).listTools());
    assert.equal(error.code, 'authorization_failed', String(error));
    assert.ok(!error.message.includes('LEAK'), error.message);
    const redirecting = w.provider({ redirectToAuthorization: () => { throw new Error('LEAK-REDIRECT'); } });
    const error2 = await failure(w.adapter(redirecting).listTools());
    assert.equal(error2.code, 'authorization_failed', String(error2));
    assert.ok(!error2.message.includes('LEAK'), error2.message);
    const clientInfo = w.provider({ clientInformation: () => { throw new Error('no client; secret LEAK-SECRET'); } });
    const error3 = await failure(w.adapter(clientInfo).listTools());
    assert.equal(error3.code, 'authorization_failed', String(error3));
    assert.ok(!error3.message.includes('LEAK'), error3.message);
  });
});
