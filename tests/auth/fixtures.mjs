// Fixtures of the auth tests: a real OAuth 2.1 authorization server (npm `oidc-provider`, with
// dynamic registration, RFC 8707 resource indicators, PKCE and RFC 9207 `iss`) and a protected
// MCP server (the TypeScript SDK's `createMcpHandler` behind a bearer check that asks the
// authorization server about each token), both on 127.0.0.1, both recording every request
// they see (method, URL, Authorization header) so tests can check where tokens went.
//
// The authorization server signs the person in and consents at once: following the
// authorization URL (with its cookies) through the redirects ends at the redirect URI with
// `code`, `state` and `iss` — `signIn(url, redirectUrl)` does that for Node tests; a
// browser just follows the redirects.
import http from 'node:http';
import { after, before } from 'node:test';
import Provider from 'oidc-provider';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import { readBody, respondWith } from '../helpers/web-handler.mjs';

const SCOPES = ['notes:read', 'notes:write'];
/** A scope the authorization server knows and, unless refused (`refuseScopes`), grants; tool `admin_note` needs it. */
const ADMIN = 'notes:admin';

/** Listens on 127.0.0.1 with a handler set later (the issuer needs the port first). */
async function listen() {
  let handler = (_req, res) => res.writeHead(503).end();
  const server = http.createServer((req, res) => handler(req, res));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    origin: `http://127.0.0.1:${server.address().port}`,
    setHandler(next) {
      handler = next;
    },
    close() {
      server.closeAllConnections?.();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * Starts the authorization server. `clients`: pre-registered clients (oidc-provider client
 * metadata); `accessTokenTTL`: seconds; `refuseScopes`: scopes it knows but never grants (left
 * out of the resource's scopes); `rotateRefreshTokens`: a new refresh token on every refresh
 * (for every client; by default only for public ones), the old one refused (and, reused,
 * revoking the grant). Returns `{ issuer, provider, seen, authorizations, grants, close }`:
 * `seen` lists `{ method, url, authorization }` of every request; `authorizations` the query
 * of each authorization request; `grants` each token request as the server judged it,
 * `{ grant_type, error? }`.
 */
export async function startAuthServer({ clients = [], accessTokenTTL = 3600, corsOrigins = [], refuseScopes = [], rotateRefreshTokens = false } = {}) {
  const site = await listen();
  const issuer = site.origin;
  const provider = new Provider(issuer, {
    clients,
    scopes: ['openid', 'offline_access', ...SCOPES, ADMIN],
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: async (_ctx, _client, oneOf) => oneOf,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, resource) => ({ scope: [...SCOPES, ADMIN].filter((s) => !refuseScopes.includes(s)).join(' '), audience: resource, accessTokenTTL, accessTokenFormat: 'opaque' }),
      },
    },
    pkce: { required: () => true },
    clientBasedCORS: (_ctx, origin) => corsOrigins.includes(origin),
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    ...(rotateRefreshTokens ? { rotateRefreshToken: () => true } : {}),
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx, sub) => ({ accountId: sub, claims: async () => ({ sub }) }),
    cookies: { keys: ['auth-test-cookie-key'] },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: accessTokenTTL, RefreshToken: 86_400 },
  });
  const callback = provider.callback();
  const seen = [];
  const authorizations = [];
  const grants = [];
  provider.on('grant.success', (ctx) => grants.push({ grant_type: ctx.oidc.params.grant_type }));
  provider.on('grant.error', (ctx, error) => grants.push({ grant_type: ctx.oidc.params?.grant_type, error: error.error }));
  site.setHandler(async (req, res) => {
    seen.push({ method: req.method, url: req.url, authorization: req.headers.authorization });
    const path = req.url.split('?')[0];
    if (path === '/auth') authorizations.push(Object.fromEntries(new URL(req.url, issuer).searchParams));
    if (!path.startsWith('/interaction/')) return callback(req, res);
    // the person: signs in as "alice" and grants every scope and resource asked for
    try {
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name === 'login') {
        await provider.interactionFinished(req, res, { login: { accountId: 'alice' } }, { mergeWithLastSubmission: false });
        return;
      }
      const grant = details.grantId ? await provider.Grant.find(details.grantId) : new provider.Grant({ accountId: 'alice', clientId: details.params.client_id });
      const missing = details.prompt.details;
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {})) grant.addResourceScope(resource, scopes.join(' '));
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    }
  });
  return { issuer, provider, seen, authorizations, grants, close: () => site.close() };
}

/**
 * Plays the person in Node: follows `url` through the authorization server's redirects
 * (keeping its cookies) and returns the URL it sends back to `redirectUrl`.
 */
export async function signIn(url, redirectUrl) {
  const jar = new Map();
  let next = String(url);
  for (let hop = 0; hop < 12; hop++) {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(next, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0];
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1));
    }
    const body = await response.text();
    const location = response.headers.get('location');
    if (!location) throw new Error(`the sign-in stopped at HTTP ${response.status} ${next}: ${body.slice(0, 300)}`);
    const target = new URL(location, next).href;
    if (target.startsWith(redirectUrl)) return target;
    next = target;
  }
  throw new Error('the sign-in did not come back to the redirect URI');
}

/**
 * Starts an MCP server (2026-07-28, and 2025 stateless legacy) with tools `whoami` and
 * `write_note` (and `admin_note` with `adminNote`), and the text resource `notes://alice`.
 * With `authServer`, it is protected:
 * `/.well-known/oauth-protected-resource/mcp` names the authorization server; a request
 * needs a live token for this resource with
 * `notes:read` (else 401 with `resource_metadata` and `scope="notes:read"`), and
 * `write_note` needs `notes:write` (else 403 `insufficient_scope`), `admin_note` needs
 * `notes:admin` (else 403 `insufficient_scope` naming every scope it needs); `authServer` is
 * kept as the state's `authServer`; `runs` lists the text of each tool run. Test switches:
 * `redirectNextTo` (the next POST gets a 307 to that URL), `echoNext` (the next POST gets a
 * 500 whose body echoes the request's Authorization header), `forbidTokenless` (a request
 * without a token gets 403 and a Bearer challenge without `error`, instead of 401).
 */
export async function startMcpServer({ authServer, adminNote = false } = {}) {
  const site = await listen();
  const url = `${site.origin}/mcp`;
  const prmUrl = `${site.origin}/.well-known/oauth-protected-resource/mcp`;
  const runs = [];
  /** A tool that answers `text`, its runs logged in `runs`. */
  const tool = (text) => async () => {
    runs.push(text);
    return { content: [{ type: 'text', text }] };
  };
  const handler = createMcpHandler(() => {
    const server = new McpServer({ name: 'auth-fixture', version: '1.0.0' });
    server.registerTool('whoami', { description: 'Says hello.' }, tool('hello alice'));
    server.registerTool('write_note', { description: 'Needs notes:write.' }, tool('note written'));
    if (adminNote) server.registerTool('admin_note', { description: `Needs ${ADMIN}.` }, tool('admin note written'));
    server.registerResource('notes', 'notes://alice', { mimeType: 'text/plain' }, async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/plain', text: "alice's notes" }] }));
    return server;
  }, { legacy: 'stateless', onerror: () => {} });
  const seen = [];
  const state = { redirectNextTo: undefined, echoNext: false, forbidTokenless: false, seen, runs, url, origin: site.origin, authServer };
  const cors = (req) => ({
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
    'access-control-allow-headers': req.headers['access-control-request-headers'] || 'content-type, accept, authorization',
    'access-control-expose-headers': 'www-authenticate, mcp-session-id, mcp-protocol-version',
  });
  const refuse = (res, req, status, params, error) => {
    res.writeHead(status, { ...cors(req), 'content-type': 'application/json', 'www-authenticate': `Bearer ${params}` });
    res.end(JSON.stringify({ error }));
  };
  site.setHandler(async (req, res) => {
    seen.push({ method: req.method, url: req.url, authorization: req.headers.authorization });
    const path = req.url.split('?')[0];
    if (req.method === 'OPTIONS') return res.writeHead(204, cors(req)).end();
    if (path === '/.well-known/oauth-protected-resource/mcp' && authServer) {
      res.writeHead(200, { ...cors(req), 'content-type': 'application/json' });
      return res.end(JSON.stringify({ resource: url, authorization_servers: [authServer.issuer], scopes_supported: SCOPES }));
    }
    if (path !== '/mcp') return res.writeHead(404, cors(req)).end('not found');
    const body = await readBody(req);
    if (state.redirectNextTo && req.method === 'POST') {
      const to = state.redirectNextTo;
      state.redirectNextTo = undefined;
      return res.writeHead(307, { ...cors(req), location: to }).end();
    }
    if (state.echoNext && req.method === 'POST') {
      state.echoNext = false;
      res.writeHead(500, { ...cors(req), 'content-type': 'text/plain' });
      return res.end(`failed; you sent ${req.headers.authorization}`);
    }
    if (authServer && req.method !== 'GET' && req.method !== 'DELETE') {
      const header = req.headers.authorization ?? '';
      const token = header.startsWith('Bearer ') ? await authServer.provider.AccessToken.find(header.slice(7)) : undefined;
      const challenge = `resource_metadata="${prmUrl}", scope="notes:read"`;
      if (!header && state.forbidTokenless) return refuse(res, req, 403, challenge, 'forbidden');
      if (!token || token.isExpired || token.aud !== url) return refuse(res, req, 401, `error="invalid_token", ${challenge}`, 'invalid_token');
      const scopes = new Set((token.scope ?? '').split(' '));
      let message;
      try {
        message = JSON.parse(body?.toString() ?? 'null');
      } catch {
        message = undefined;
      }
      if (!scopes.has('notes:read')) return refuse(res, req, 403, `error="insufficient_scope", ${challenge}`, 'insufficient_scope');
      if (message?.method === 'tools/call' && message.params?.name === 'write_note' && !scopes.has('notes:write')) {
        return refuse(res, req, 403, `error="insufficient_scope", scope="notes:write", resource_metadata="${prmUrl}"`, 'insufficient_scope');
      }
      if (message?.method === 'tools/call' && message.params?.name === 'admin_note' && !scopes.has(ADMIN)) {
        // every scope the call needs, as servers that name the whole set do
        return refuse(res, req, 403, `error="insufficient_scope", scope="notes:read offline_access ${ADMIN}", resource_metadata="${prmUrl}"`, 'insufficient_scope');
      }
    }
    await respondWith(req, res, handler, { body, origin: site.origin, extraHeaders: cors(req) });
  });
  state.close = async () => {
    await handler.close().catch(() => {});
    await site.close();
  };
  return state;
}

/**
 * An authorization server and the MCP server it protects, started before the tests of the
 * enclosing suite (or file) and closed after them: `protectedServer()` is the MCP server
 * (its `url`, its `authServer`) once started.
 */
export function useProtectedServer() {
  let as;
  let mcp;
  before(async () => {
    as = await startAuthServer();
    mcp = await startMcpServer({ authServer: as });
  });
  after(async () => {
    await mcp?.close();
    await as?.close();
  });
  return () => mcp;
}
