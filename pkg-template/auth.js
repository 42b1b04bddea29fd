// mcp-wasm-adapter/auth: OAuth 2.1 authorization for protected MCP servers (MCP 2026-07-28
// `basic/authorization/index.mdx`, `authorization-server-discovery.mdx`,
// `client-registration.mdx`, `security-considerations.mdx`; documents cited by their path in
// https://modelcontextprotocol.io/specification/2026-07-28). A separate entry point: hosts
// that never authorize never load it. The OAuth messages themselves (PKCE, metadata checks,
// the authorization response with RFC 9207 `iss`, token and registration requests) are
// oauth4webapi's; this file decides what the MCP spec asks for around them: which metadata to
// fetch in which order, which client identity, which scopes, when a person must sign in.
//
// How it plugs in: `new MCPAdapter(url, { auth: new OAuthProvider({...}) })`. The adapter
// calls `provider.bind(url, fetch)` once and sends every MCP request through the returned
// session's `fetch`, which adds `Authorization: Bearer` (to the MCP server's origin only),
// and on `401` / `403 insufficient_scope` discovers, registers, signs in and retries. When a
// person must sign in and the provider was made with `interrupt: true`, the request fails
// with code `authorization_required` and the adapter turns the call into an
// `mcp_authorization` interrupt (plain JSON, no secrets), resumed with
// `adapter.resume(interrupt, { callbackUrl })` — by any adapter sharing the storage.
import * as oauth from 'oauth4webapi';

/** Responses carrying this symbol list `[name, value, ...]` of credentials the fetch added; the adapter redacts them from errors. */
const ADDED_HEADERS = Symbol.for('mcp-wasm-adapter.addedHeaders');

/** Flow records older than this are refused by `finishAuth` (ms). */
const FLOW_LIFETIME_MS = 30 * 60_000;

/** The largest metadata, registration or token response read (bytes). */
const MAX_BODY_BYTES = 256 * 1024;

/** The error thrown by this module: an `MCPAdapterError` (same name and `code` property). */
export class MCPAuthError extends Error {
  constructor(code, message) {
    super(message);
    this.name = 'MCPAdapterError';
    this.code = code;
  }
}

const required = (message) => new MCPAuthError('authorization_required', message);
const failed = (message) => new MCPAuthError('authorization_failed', message);
const invalid = (message) => new MCPAuthError('invalid_argument', message);

// --- storage --------------------------------------------------------------------------------

/** Storage in memory (the default): one `Map` per provider, values copied in and out. */
export function memoryStorage() {
  const map = new Map();
  return {
    get: (key) => (map.has(key) ? structuredClone(map.get(key)) : undefined),
    set: (key, value) => void map.set(key, structuredClone(value)),
    delete: (key) => void map.delete(key),
  };
}

/**
 * Storage over a Web Storage object (`localStorage`, `sessionStorage`), as JSON under
 * `prefix`. Tokens kept in `localStorage` outlive the tab and are readable by any script of
 * the page's origin; `sessionStorage` ends with the tab.
 */
export function webStorage(store = globalThis.localStorage, prefix = 'mcp-auth:') {
  if (!store || typeof store.getItem !== 'function') throw invalid('webStorage needs a Storage object (localStorage or sessionStorage)');
  return {
    get(key) {
      const text = store.getItem(prefix + key);
      return text === null ? undefined : JSON.parse(text);
    },
    set: (key, value) => store.setItem(prefix + key, JSON.stringify(value)),
    delete: (key) => store.removeItem(prefix + key),
  };
}

// --- small helpers ----------------------------------------------------------------------------

/** Whether `url` (a URL) is on this machine: `localhost`, `127.0.0.0/8`, `[::1]`. */
function isLoopback(url) {
  const host = url.hostname;
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * An authorization server URL, refused unless `https:` (or `http:` on loopback), MCP
 * 2026-07-28 `basic/authorization/security-considerations.mdx` "Communication Security".
 */
function asUrl(value, what) {
  let url;
  try {
    url = new URL(value);
  } catch {
    throw failed(`the authorization server's ${what} is not a URL`);
  }
  if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url))) return url;
  throw failed(`the authorization server's ${what} (${url.origin}) is not https: (plain http: is allowed on loopback only)`);
}

/**
 * The canonical URI of an MCP server (RFC 8707 resource indicator, MCP 2026-07-28
 * `basic/authorization/index.mdx` "Canonical Server URI"): lowercase scheme and host, no
 * fragment, no trailing slash unless it is the whole path.
 */
export function canonicalResource(serverUrl) {
  const url = new URL(serverUrl);
  url.hash = '';
  url.search = ''; // RFC 8707 §2: no query (and never credentials) in a resource indicator
  url.username = '';
  url.password = '';
  const text = url.href;
  return url.pathname.endsWith('/') ? text.slice(0, -1) : text;
}

/**
 * Whether the protected resource metadata's `resource` covers `serverUrl` (RFC 9728 §3.3;
 * MCP `auth/resource-mismatch`): same origin, and its path is the server's path or a parent
 * of it on a segment boundary.
 */
function resourceCovers(resource, serverUrl) {
  let r;
  try {
    r = new URL(resource);
  } catch {
    return false;
  }
  const s = new URL(serverUrl);
  if (r.origin !== s.origin || r.hash || r.search || r.username || r.password) return false;
  const base = r.pathname.replace(/\/+$/, '');
  const path = s.pathname.replace(/\/+$/, '');
  return base === '' || path === base || path.startsWith(`${base}/`);
}

/**
 * The challenges of a `WWW-Authenticate` header (RFC 9110 §11.6.1), as
 * `[{ scheme (lowercase), params: { name (lowercase): value } }]`.
 */
export function parseChallenges(header) {
  const challenges = [];
  if (typeof header !== 'string') return challenges;
  // a token, then either `=value` (an auth-param) or not (a new challenge's scheme)
  const re = /\s*,?\s*([!#$%&'*+\-.^_`|~0-9A-Za-z]+)(?:\s*=\s*("(?:[^"\\]|\\.)*"|[^\s,]*))?/y;
  let match;
  let current;
  while (re.lastIndex < header.length && (match = re.exec(header))) {
    if (match[0].trim() === '') break;
    const [, name, raw] = match;
    if (raw === undefined) {
      current = { scheme: name.toLowerCase(), params: {} };
      challenges.push(current);
    } else if (current) {
      current.params[name.toLowerCase()] = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw;
    }
  }
  return challenges;
}

/** The Bearer challenge of a response's `WWW-Authenticate`, or `{}` (unreadable in a browser without CORS exposure). */
function bearerChallenge(response) {
  let header = null;
  try {
    header = response.headers.get('www-authenticate');
  } catch {
    // no headers: nothing to read
  }
  return parseChallenges(header).find((c) => c.scheme === 'bearer')?.params ?? {};
}

const scopeList = (scope) => (typeof scope === 'string' ? scope.split(' ').filter(Boolean) : []);
const union = (...lists) => [...new Set(lists.flat())];

function cancel(response) {
  try {
    response?.body?.cancel?.()?.catch?.(() => {});
  } catch {
    // a locked body: nothing to cancel
  }
}

/**
 * The fetch for every request to an authorization server or for metadata: ends after
 * `timeoutMs` (MCPAuthError `authorization_failed`), reads at most `MAX_BODY_BYTES` of the
 * answer (refused early on `content-length`, cancelled past the limit), hands on a buffered
 * `Response`, and turns form-encoded token answers (some servers send them) into JSON.
 */
function authFetch(fetchFn, timeoutMs) {
  return async (url, init = {}) => {
    const origin = new URL(url instanceof Request ? url.url : String(url)).origin;
    const timer = AbortSignal.timeout(timeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, timer]) : timer;
    const timedOut = () => timer.aborted && !init.signal?.aborted;
    let response;
    let body;
    try {
      response = await (fetchFn ?? globalThis.fetch)(url, { ...init, signal });
      if (response.type === 'opaqueredirect' || !response.body) return response;
      if (Number(response.headers.get('content-length')) > MAX_BODY_BYTES) throw failed(`the answer from ${origin} is larger than ${MAX_BODY_BYTES} bytes`);
      const reader = response.body.getReader();
      const chunks = [];
      let size = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > MAX_BODY_BYTES) {
          reader.cancel().catch(() => {});
          throw failed(`the answer from ${origin} is larger than ${MAX_BODY_BYTES} bytes`);
        }
        chunks.push(value);
      }
      body = new Uint8Array(size);
      size = 0;
      for (const chunk of chunks) body.set(chunk, (size += chunk.byteLength) - chunk.byteLength);
    } catch (error) {
      cancel(response);
      if (timedOut()) throw failed(`the request to ${origin} did not finish within ${timeoutMs} ms`);
      throw error;
    }
    const { status, statusText, headers } = response;
    const type = (headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
    if (type !== 'application/x-www-form-urlencoded') return new Response(status === 204 || status === 304 ? null : body, { status, statusText, headers });
    const fields = Object.fromEntries(new URLSearchParams(new TextDecoder().decode(body)));
    if (fields.expires_in !== undefined && /^\d+$/.test(fields.expires_in)) fields.expires_in = Number(fields.expires_in);
    return new Response(JSON.stringify(fields), { status, statusText, headers: { 'content-type': 'application/json' } });
  };
}

/** A readable reason from an oauth4webapi error, never with token values (those never enter its messages). */
function describe(error) {
  if (error instanceof MCPAuthError) return error.message;
  if (error instanceof oauth.ResponseBodyError || error instanceof oauth.AuthorizationResponseError) {
    return `${error.error}${error.error_description ? `: ${error.error_description}` : ''}`;
  }
  return error?.message ?? String(error);
}

/** A non-negative integer option (`fallback` when undefined), else `invalid_argument`. */
function count(value, fallback, name) {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 0) throw invalid(`OAuthProvider option ${name} must be a non-negative integer`);
  return value;
}

/** The host's storage under `prefix`; its failures become `authorization_failed` without their text (which may quote stored values). */
function guardedStorage(storage, prefix) {
  const call = (name) => async (key, value) => {
    try {
      return await storage[name](prefix + key, value);
    } catch {
      throw failed(`the auth storage failed (${name})`);
    }
  };
  return { get: call('get'), set: call('set'), delete: call('delete') };
}

// --- the provider -----------------------------------------------------------------------------

/**
 * The built-in auth provider: the whole MCP authorization flow over oauth4webapi. See
 * auth.d.ts for the options. One provider may serve several adapters (and servers); its
 * storage keeps client registrations per authorization-server issuer, tokens per MCP
 * server, and each pending sign-in (PKCE verifier, state, issuer) per `state`.
 */
export class OAuthProvider {
  constructor(options = {}) {
    if (options === null || typeof options !== 'object') throw invalid('OAuthProvider options must be an object');
    let redirect;
    try {
      redirect = new URL(options.redirectUrl);
    } catch {
      throw invalid('OAuthProvider option redirectUrl must be a URL (where the authorization server sends the person back)');
    }
    if (redirect.protocol === 'http:' && !isLoopback(redirect)) {
      throw invalid('OAuthProvider option redirectUrl must be https: (plain http: is allowed on loopback only)');
    }
    this.redirectUrl = redirect.href;
    this.clientMetadata = options.clientMetadata ?? {};
    this.clientMetadataUrl = options.clientMetadataUrl;
    if (this.clientMetadataUrl !== undefined) {
      const url = new URL(this.clientMetadataUrl);
      if (url.protocol !== 'https:' || url.pathname === '/') {
        throw invalid('OAuthProvider option clientMetadataUrl must be an https: URL with a path (a Client ID Metadata Document)');
      }
    }
    const info = options.clientInformation;
    if (info != null && typeof info !== 'function' && typeof info?.issuer !== 'string') {
      throw invalid('OAuthProvider option clientInformation must name the issuer it was registered with (issuer), or be a function of the issuer');
    }
    this.clientInformation = info;
    this.storage = options.storage ?? memoryStorage();
    this.keyPrefix = options.keyPrefix ?? '';
    if (typeof this.keyPrefix !== 'string') throw invalid('OAuthProvider option keyPrefix must be a string');
    this.store = guardedStorage(this.storage, this.keyPrefix);
    this.locks = new Map();
    this.awaiting = new Map(); // server -> the sign-in handed to the host (interrupt, or a redirect that did not come back)
    this.going = new Map(); // state -> {} while its redirectToAuthorization runs ({ done } once finishAuth joined it)
    this.redirectToAuthorization = options.redirectToAuthorization;
    this.interrupt = options.interrupt === true;
    this.scope = options.scope;
    this.offlineAccess = options.offlineAccess !== false;
    this.maxStepUps = count(options.maxStepUps, 2, 'maxStepUps');
    this.refreshSkewMs = count(options.refreshSkewMs, 30_000, 'refreshSkewMs');
    this.authRequestTimeoutMs = count(options.authRequestTimeoutMs, 30_000, 'authRequestTimeoutMs');
    if (this.authRequestTimeoutMs === 0) throw invalid('OAuthProvider option authRequestTimeoutMs must be positive');
    this.fetch = options.fetch;
  }

  /** The session of one adapter: see auth.d.ts `AuthSession`. With `interrupt`, the adapter's calls are wrapped (see `interrupting`). */
  bind(serverUrl, fetchFn, adapter) {
    const session = new OAuthSession(this, serverUrl, fetchFn ?? this.fetch);
    if (this.interrupt && adapter) interrupting(adapter, session);
    return session;
  }

  /**
   * Finishes a sign-in from the URL the authorization server sent the person back to (the
   * redirect URI with `code`, `state`, maybe `iss`): checks it, exchanges the code and
   * stores the tokens. Works without an adapter (for example on the redirect page).
   * Resolves to `{ server }`, the MCP server URL the sign-in was for.
   */
  async finishAuth(callbackUrl, options = {}) {
    return finish(this, callbackUrl, options.fetch ?? this.fetch);
  }

  /**
   * Runs `task` after the earlier ones for `key` (the tokens of one server) in this provider,
   * inside `storage.lock(key, task)` when the storage has one (storage shared between
   * processes); a failure releases the lock. The task's outcome is the call's; a failure of
   * the lock itself (a timeout, a lost connection) is `authorization_failed` without its text.
   */
  exclusive(key, task) {
    const lock = this.storage.lock;
    const locked = () => new Promise((resolve, reject) => {
      const fail = () => reject(failed('the auth storage failed (lock)'));
      (async () => lock.call(this.storage, this.keyPrefix + key, () => {
        const out = task();
        out.then(resolve, reject);
        return out;
      }))().then(fail, fail); // after the task's outcome, when it ran
    });
    const run = (this.locks.get(key) ?? Promise.resolve()).then(() => (typeof lock === 'function' ? locked() : task()));
    const tail = run.then(() => {}, () => {});
    this.locks.set(key, tail);
    tail.then(() => this.locks.get(key) === tail && this.locks.delete(key));
    return run;
  }

  // storage keys
  static tokensKey = (server) => `tokens ${server}`;
  static clientKey = (issuer) => `client ${issuer}`;
  static flowKey = (state) => `flow ${state}`;
}

/** Options oauth4webapi takes for one request to an authorization server (`fetchFn`: an `authFetch`). */
function httpOptions(url, fetchFn, signal) {
  const options = { [oauth.customFetch]: fetchFn };
  if (url.protocol === 'http:') options[oauth.allowInsecureRequests] = true; // loopback only (asUrl)
  if (signal) options.signal = signal;
  return options;
}

/**
 * GET a metadata document (no credentials, no custom headers: a CORS "simple" request), with
 * `fetchFn` an `authFetch`. Redirects are not followed; only a 200 counts.
 */
async function getJson(fetchFn, url, signal) {
  const init = { headers: { accept: 'application/json' }, redirect: 'manual' };
  if (signal) init.signal = signal;
  let response;
  try {
    response = await fetchFn(url, init);
  } catch (error) {
    if (signal?.aborted || error instanceof MCPAuthError) throw error;
    return undefined; // unreachable: try the next place
  }
  if (response.status !== 200 || response.redirected) {
    cancel(response);
    return undefined;
  }
  return response;
}

/**
 * The authorization server's metadata (RFC 8414 and OpenID Connect Discovery, in the order of
 * MCP 2026-07-28 `basic/authorization/authorization-server-discovery.mdx`): for an issuer
 * with a path, `/.well-known/oauth-authorization-server/<path>`,
 * `/.well-known/openid-configuration/<path>`, `<path>/.well-known/openid-configuration`;
 * without one, `/.well-known/oauth-authorization-server`, `/.well-known/openid-configuration`.
 * The document's `issuer` must be exactly the issuer the URL was built from; PKCE `S256`
 * must be advertised.
 */
async function serverMetadata(issuer, fetchFn, signal) {
  const base = asUrl(issuer, 'issuer');
  if (base.search || base.hash) throw failed('the authorization server issuer has a query or fragment');
  const path = base.pathname.replace(/\/+$/, '');
  const urls = path
    ? [`/.well-known/oauth-authorization-server${path}`, `/.well-known/openid-configuration${path}`, `${path}/.well-known/openid-configuration`]
    : ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration'];
  for (const where of urls) {
    const response = await getJson(fetchFn, new URL(where, base.origin), signal);
    if (!response) continue;
    let as;
    try {
      as = await oauth.processDiscoveryResponse(base, response);
    } catch (error) {
      throw failed(`the authorization server metadata at ${base.origin}${where} was refused: ${describe(error)}`);
    }
    // RFC 8414 §3.3: identical, not merely equivalent after URL normalization
    if (as.issuer !== issuer) throw failed(`the authorization server metadata names issuer ${as.issuer}, not ${issuer}`);
    if (!Array.isArray(as.code_challenge_methods_supported) || !as.code_challenge_methods_supported.includes('S256')) {
      throw failed(`the authorization server ${issuer} does not advertise PKCE S256 (code_challenge_methods_supported), which MCP requires`);
    }
    asUrl(as.authorization_endpoint, 'authorization_endpoint');
    asUrl(as.token_endpoint, 'token_endpoint');
    if (as.registration_endpoint !== undefined) asUrl(as.registration_endpoint, 'registration_endpoint');
    return as;
  }
  throw failed(`no authorization server metadata found for ${issuer}`);
}

/** How the client authenticates at the token endpoint (oauth4webapi `ClientAuth`). */
function clientAuth(client) {
  switch (client.token_endpoint_auth_method) {
    case 'client_secret_basic':
      return secretBasic(client.client_secret);
    case 'client_secret_post':
      return oauth.ClientSecretPost(client.client_secret);
    default:
      return oauth.None();
  }
}

/**
 * `client_secret_basic` (RFC 6749 §2.3.1): id and secret form-encoded, then Base64. Written
 * here because oauth4webapi's encoder also escapes characters form encoding leaves alone
 * (`-` becomes `%2D`), which servers that skip the decoding step refuse.
 */
function secretBasic(secret) {
  const form = (value) => new URLSearchParams([['', value]]).toString().slice(1);
  return (_as, client, _body, headers) => {
    headers.set('authorization', `Basic ${btoa(`${form(client.client_id)}:${form(secret)}`)}`);
  };
}

/** The auth method for a client with a secret, from what the server supports (RFC 8414 default: basic). */
function secretMethod(as) {
  const supported = as.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
  return supported.includes('client_secret_basic') || !supported.includes('client_secret_post') ? 'client_secret_basic' : 'client_secret_post';
}

/**
 * The client identity at `issuer`, in the priority of MCP 2026-07-28
 * `basic/authorization/client-registration.mdx`: pre-registered (`clientInformation`), a
 * Client ID Metadata Document when the server supports them, a registration kept from
 * before, dynamic registration (RFC 7591). With `register: false` none is made.
 */
async function clientFor(provider, issuer, as, fetchFn, signal, register = true) {
  const info = provider.clientInformation;
  // a fixed one only at the issuer it was registered with: its secret goes to no other server
  let given = info?.issuer === issuer ? info : undefined;
  if (typeof info === 'function') {
    try {
      given = await info(issuer);
    } catch {
      throw failed('the clientInformation function failed'); // its text may quote a secret
    }
  }
  if (given?.client_id) {
    const method = given.token_endpoint_auth_method ?? (given.client_secret ? secretMethod(as) : 'none');
    const { issuer: _, ...client } = given;
    return { ...client, token_endpoint_auth_method: method };
  }
  if (provider.clientMetadataUrl && as.client_id_metadata_document_supported === true) {
    return { client_id: provider.clientMetadataUrl, token_endpoint_auth_method: 'none' };
  }
  const kept = await provider.store.get(OAuthProvider.clientKey(issuer));
  if (kept?.client_id) return kept;
  if (!register) throw failed(`no client registration is known for ${issuer}`);
  if (!as.registration_endpoint) {
    throw failed(`the authorization server ${issuer} offers neither Client ID Metadata Documents (with a clientMetadataUrl) nor dynamic registration, and no clientInformation was given for it`);
  }
  const supported = as.token_endpoint_auth_methods_supported;
  const method = !supported || supported.includes('none') ? 'none' : secretMethod(as);
  const redirect = new URL(provider.redirectUrl);
  const metadata = {
    client_name: 'mcp-wasm-adapter',
    redirect_uris: [provider.redirectUrl],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: method,
    // MCP 2026-07-28 client-registration.mdx: "native" for loopback / custom-scheme redirects
    application_type: redirect.protocol === 'https:' || (redirect.protocol === 'http:' && !isLoopback(redirect)) ? 'web' : 'native',
    ...provider.clientMetadata,
  };
  let client;
  try {
    // RFC 7591 §3.1, sent and read here: oauth4webapi refuses answers that omit optional-in-practice fields (client_secret_expires_at)
    const response = await fetchFn(asUrl(as.registration_endpoint, 'registration_endpoint'), {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(metadata),
      redirect: 'manual',
      signal,
    });
    const body = await response.json().catch(() => undefined);
    if (response.status !== 201 && response.status !== 200) throw failed(`HTTP ${response.status}${body?.error ? ` ${body.error}${body.error_description ? `: ${body.error_description}` : ''}` : ''}`);
    if (typeof body?.client_id !== 'string' || body.client_id === '') throw failed('the answer has no client_id');
    client = body;
  } catch (error) {
    throw failed(`dynamic client registration at ${issuer} failed: ${describe(error)}`);
  }
  const kept2 = {
    client_id: client.client_id,
    ...(client.client_secret ? { client_secret: client.client_secret } : {}),
    // RFC 7591 §3.2.1: the server's choice when it names one, else the one asked for
    token_endpoint_auth_method: client.token_endpoint_auth_method ?? method,
  };
  await provider.store.set(OAuthProvider.clientKey(issuer), kept2);
  return kept2;
}

/** A token endpoint response as the record kept in storage. */
function tokenRecord(result, flow, previous) {
  const now = Date.now();
  return {
    access_token: result.access_token,
    token_type: result.token_type,
    ...(result.refresh_token || previous?.refresh_token ? { refresh_token: result.refresh_token ?? previous.refresh_token } : {}),
    ...(typeof result.expires_in === 'number' ? { expires_at: now + result.expires_in * 1000 } : {}),
    scope: result.scope ?? flow.scope ?? '',
    requested_scope: flow.scope ?? '',
    issuer: flow.issuer,
    resource: flow.resource,
    server: flow.server,
    as: flow.as,
    step_ups: flow.step_ups ?? previous?.step_ups, // the step-ups in a row that led to these tokens
  };
}

/**
 * Finishes a sign-in (see `OAuthProvider.finishAuth`) under the lock of its server's sign-ins
 * and refreshes, so that a `401` meanwhile waits for these tokens rather than starting another
 * sign-in; one finished while its `redirectToAuthorization` runs (which holds that lock) is
 * joined to that sign-in instead.
 */
async function finish(provider, callbackUrl, base, signal) {
  const fetchFn = authFetch(base, provider.authRequestTimeoutMs);
  let url;
  try {
    url = new URL(callbackUrl);
  } catch {
    throw invalid('callbackUrl must be the URL the authorization server redirected to');
  }
  const state = url.searchParams.get('state');
  const key = OAuthProvider.flowKey(state);
  const during = provider.going.get(state);
  const flowOf = async () => {
    const flow = state && (await provider.store.get(key));
    if (!flow) throw Object.assign(failed('the callback matches no pending sign-in (unknown or already used state)'), { unknownState: true });
    return flow;
  };
  const run = async () => {
    const flow = await flowOf(); // again, under the lock: finished meanwhile?
    await provider.store.delete(key); // a code and its verifier are good for one exchange
    if (Date.now() - flow.created > FLOW_LIFETIME_MS) throw failed('the sign-in took too long; start again');
    const { as } = flow;
    const client = await clientFor(provider, flow.issuer, as, fetchFn, signal, false);
    if (client.client_id !== flow.client_id) throw failed('the client registration changed during the sign-in; start again');
    let params;
    try {
      // state, then RFC 9207 `iss` (required when advertised, compared whenever present, as an exact string)
      params = oauth.validateAuthResponse(as, client, url, flow.state);
    } catch (error) {
      if (error instanceof oauth.AuthorizationResponseError) throw failed(`the authorization server refused the sign-in: ${describe(error)}`);
      throw failed(`the authorization response was refused: ${describe(error)}`);
    }
    let result;
    try {
      const response = await oauth.authorizationCodeGrantRequest(as, client, clientAuth(client), params, flow.redirect_uri, flow.verifier, {
        ...httpOptions(asUrl(as.token_endpoint, 'token_endpoint'), fetchFn, signal),
        additionalParameters: { resource: flow.resource },
      });
      result = await oauth.processAuthorizationCodeResponse(as, client, response);
    } catch (error) {
      throw failed(`the token request at ${flow.issuer} failed: ${describe(error)}`);
    }
    await provider.store.set(OAuthProvider.tokensKey(flow.server), tokenRecord(result, flow));
    return { server: flow.server };
  };
  if (during) return (during.done = run());
  return provider.exclusive(OAuthProvider.tokensKey((await flowOf()).server), run);
}

/** The adapter methods that can need a sign-in: name, MCP method, and the params its arguments are (in the interrupt, and back on resume). */
const CALLS = [
  ['callTool', 'tools/call', ['name', 'arguments']],
  ['listTools', 'tools/list', []],
  ['listResources', 'resources/list', []],
  ['listResourceTemplates', 'resources/templates/list', []],
  ['readResource', 'resources/read', ['uri']],
  ['listPrompts', 'prompts/list', []],
  ['getPrompt', 'prompts/get', ['name', 'arguments']],
  ['complete', 'completion/complete', ['ref', 'argument', 'context']],
];

/**
 * Makes the adapter's calls resolve to an `mcp_authorization` interrupt when they fail with
 * `authorization_required` (`interrupt: true`): each method becomes an own property that
 * calls the class's. Done here, so that adapters without auth carry none of it.
 */
function interrupting(adapter, session) {
  for (const [name, method, params] of CALLS) {
    const original = adapter[name];
    if (typeof original !== 'function') continue;
    adapter[name] = async (...args) => {
      try {
        return await original.apply(adapter, args);
      } catch (error) {
        // the sign-in this call's failure names (concurrent calls may need different ones)
        const state = error?.code === 'authorization_required' ? /\(sign-in ([\w-]+)\)/.exec(error.message)?.[1] : undefined;
        const pending = state ? session.handedOut.get(state) : undefined;
        if (!pending) throw error;
        return { type: 'mcp_authorization', ...pending, method, params: Object.fromEntries(params.map((key, i) => [key, args[i] instanceof URL ? args[i].href : args[i]])), created_at: new Date().toISOString() };
      }
    };
  }
}

/** One adapter's view: its MCP server, the fetch it uses, what discovery found, the pending sign-in. */
class OAuthSession {
  constructor(provider, serverUrl, fetchFn) {
    this.provider = provider;
    this.server = canonicalResource(serverUrl);
    const url = new URL(serverUrl);
    this.origin = url.origin;
    // a bearer token crosses the network only over https (MCP security-considerations.mdx)
    this.insecure = url.protocol !== 'https:' && !isLoopback(url);
    this.serverUrl = serverUrl;
    this.base = fetchFn;
    this.authFetch = authFetch(fetchFn, provider.authRequestTimeoutMs);
    this.context = undefined; // { resource, issuer, as, scopesSupported }
    this.lastPending = undefined;
    this.handedOut = new Map(); // state -> the sign-in handed out (interrupt fields), until finished
    this.fetch = (input, init) => this.send(input, init);
  }

  /** The pending sign-in an `authorization_required` failure refers to (interrupt fields). */
  pending() {
    return this.lastPending;
  }

  /** Finishes a sign-in from its callback URL (see `OAuthProvider.finishAuth`). */
  async finish(callbackUrl, signal) {
    let state;
    try {
      state = new URL(callbackUrl).searchParams.get('state');
    } catch {
      // not a URL: finish() says so
    }
    try {
      const done = await finish(this.provider, callbackUrl, this.base, signal);
      if (done.server !== this.server) throw failed(`that sign-in was for ${done.server}, not ${this.server}`);
      return done;
    } finally {
      // finished, refused or denied: that sign-in is over, never handed out again
      if (state !== null && state !== undefined) {
        this.handedOut.delete(state);
        if (this.lastPending?.state === state) this.lastPending = undefined;
      }
    }
  }

  /**
   * `adapter.resume(interrupt, { callbackUrl })` of an `mcp_authorization` interrupt: finishes
   * the sign-in, then sends the interrupted call again through the adapter's public methods.
   */
  async resume(adapter, interrupt, answer, options) {
    const callbackUrl = answer?.callbackUrl instanceof URL ? answer.callbackUrl.href : answer?.callbackUrl;
    if (typeof callbackUrl !== 'string') throw invalid('resume an mcp_authorization interrupt with { callbackUrl }');
    let server;
    try {
      server = canonicalResource(interrupt.server?.url);
    } catch {
      server = undefined;
    }
    if (server !== this.server) throw invalid(`that interrupt is for another server than ${this.server}`);
    try {
      await this.finish(callbackUrl, options.signal);
    } catch (error) {
      // several interrupts shared one sign-in, finished by the first resume: send the call again
      if (!(error.unknownState && (await this.tokens())?.access_token)) throw error;
    }
    const call = CALLS.find((c) => c[1] === interrupt.method);
    if (!call) throw invalid(`an mcp_authorization interrupt for ${interrupt.method} cannot be resumed`);
    return adapter[call[0]](...call[2].map((key) => interrupt.params?.[key]), options);
  }

  /** Runs `task` after the earlier sign-ins and refreshes for this server in the provider (any of its adapters). */
  exclusive(task) {
    return this.provider.exclusive(OAuthProvider.tokensKey(this.server), task);
  }

  async tokens() {
    return this.provider.store.get(OAuthProvider.tokensKey(this.server));
  }

  /** The fetch every MCP request goes through. */
  async send(input, init = {}) {
    const fetchFn = this.base ?? globalThis.fetch;
    const target = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    if (target.origin !== this.origin) return fetchFn(input, init); // never a token elsewhere
    if (this.insecure) throw failed(`${this.origin} is plain http: off loopback; bearer tokens are sent over https: only`);
    let refreshed = false;
    let signedIn = false;
    let stepUps = 0;
    for (;;) {
      let record = await this.tokens();
      if (record && this.expiring(record) && record.refresh_token && !refreshed) {
        refreshed = true;
        const old = record;
        // a refresh that could not be made (network, 5xx) keeps a token that has not expired yet
        record = await this.exclusive(() => this.refresh(old, init.signal)).catch((error) => {
          if (error.transient && old.expires_at > Date.now()) return old;
          throw error;
        });
      }
      const headers = new Headers(init.headers);
      if (record?.access_token) headers.set('authorization', `Bearer ${record.access_token}`);
      const response = await fetchFn(input, { ...init, headers });
      if (record?.access_token) {
        try {
          response[ADDED_HEADERS] = ['authorization', `Bearer ${record.access_token}`];
        } catch {
          // a frozen response: the adapter cannot redact this one
        }
      }
      const { status } = response;
      const challenge = bearerChallenge(response);
      // a 403 with a Bearer challenge naming its metadata, to a request without a token, asks for a sign-in as a 401 does
      if (status === 401 || (status === 403 && !record?.access_token && challenge.resource_metadata)) {
        if (signedIn) return response; // a fresh token refused: let the adapter report the 401
        cancel(response);
        const again = await this.exclusive(async () => {
          // someone else may have refreshed or signed in meanwhile
          const now = await this.tokens();
          if (now?.access_token && now.access_token !== record?.access_token) return 'retry';
          await this.discover(challenge, init.signal);
          if (now?.refresh_token && !refreshed && now.issuer === this.context.issuer) {
            refreshed = true;
            if (await this.refresh(now, init.signal)) return 'retry';
          }
          const scope = challenge.scope !== undefined ? scopeList(challenge.scope) : this.defaultScopes();
          await this.authorize(scope, 'sign_in', init.signal);
          return 'signed-in';
        });
        if (again === 'signed-in') signedIn = true;
        continue;
      }
      if (status === 403 && challenge.error === 'insufficient_scope') {
        cancel(response);
        await this.exclusive(async () => {
          const now = await this.tokens();
          if (now?.access_token !== record?.access_token) return; // re-authorized meanwhile: retry with that
          const asked = scopeList(challenge.scope);
          const previous = scopeList(now?.requested_scope ?? now?.scope);
          // step-ups in a row for scopes asked for already: counted in the tokens they gave, so
          // that the count outlives the call (an interrupt's resume is a new call)
          const count = Math.max(stepUps, asked.every((s) => previous.includes(s)) ? now?.step_ups ?? 0 : 0);
          if (count >= this.provider.maxStepUps) {
            // the next call may ask the person again
            if (now?.step_ups) await this.provider.store.set(OAuthProvider.tokensKey(this.server), { ...now, step_ups: 0 });
            throw failed(`the server still answers insufficient_scope for scope "${asked.join(' ')}" after ${count} re-authorization(s) (maxStepUps)`);
          }
          stepUps = count + 1;
          await this.discover(challenge, init.signal);
          // MCP 2026-07-28 index.mdx "Scope Challenge Handling": the union of what was asked before and what is challenged
          await this.authorize(union(previous, asked), 'step_up', init.signal, stepUps);
        });
        continue;
      }
      return response;
    }
  }

  /** Whether a token expires within the provider's skew (tokens without `expires_at` never do). */
  expiring(record) {
    return typeof record.expires_at === 'number' && record.expires_at - this.provider.refreshSkewMs <= Date.now();
  }

  /**
   * Refreshes `record` with its refresh token at its own issuer; the new record, or undefined
   * when the grant is refused (`400`/`401` from the token endpoint: the tokens are then
   * forgotten). Other failures (network, timeout, 5xx) keep the tokens and fail the request
   * (`transient`).
   */
  async refresh(record, signal) {
    const now = await this.tokens();
    // forgotten meanwhile (the grant was refused for another call): not sent again
    if (!now) return undefined;
    if (now.access_token !== record.access_token) return now; // refreshed meanwhile
    let result;
    let as;
    try {
      as = record.as ?? (await serverMetadata(record.issuer, this.authFetch, signal));
      const client = await clientFor(this.provider, record.issuer, as, this.authFetch, signal, false);
      const response = await oauth.refreshTokenGrantRequest(as, client, clientAuth(client), record.refresh_token, {
        ...httpOptions(asUrl(as.token_endpoint, 'token_endpoint'), this.authFetch, signal),
        additionalParameters: { resource: record.resource },
      });
      result = await oauth.processRefreshTokenResponse(as, client, response);
    } catch (error) {
      if (signal?.aborted) throw error;
      if (error instanceof oauth.ResponseBodyError && (error.status === 400 || error.status === 401)) {
        // refused (revoked, expired): forget these tokens; a sign-in follows on the 401
        await this.provider.store.delete(OAuthProvider.tokensKey(this.server));
        return undefined;
      }
      throw Object.assign(failed(`the token refresh at ${record.issuer} failed: ${describe(error)}`), { transient: true });
    }
    const next = tokenRecord(result, { scope: record.requested_scope, issuer: record.issuer, resource: record.resource, server: this.server, as }, record);
    await this.provider.store.set(OAuthProvider.tokensKey(this.server), next);
    return next;
  }

  /**
   * Protected resource metadata (RFC 9728): the `resource_metadata` of the challenge, else
   * `/.well-known/oauth-protected-resource/<path>`, then `/.well-known/oauth-protected-resource`
   * (MCP 2026-07-28 `authorization-server-discovery.mdx`); then the authorization server's
   * metadata. Without any protected resource metadata, the server's origin is taken as the
   * authorization server (MCP 2025-03-26 servers).
   */
  async discover(challenge, signal) {
    const server = new URL(this.serverUrl);
    const path = server.pathname.replace(/\/+$/, '');
    const candidates = [];
    if (challenge.resource_metadata) {
      try {
        candidates.push(asUrl(new URL(challenge.resource_metadata, server), 'resource_metadata'));
      } catch {
        // not a URL, or not https: use the well-known places
      }
    }
    if (path) candidates.push(new URL(`/.well-known/oauth-protected-resource${path}`, server.origin));
    candidates.push(new URL('/.well-known/oauth-protected-resource', server.origin));
    let prm;
    for (const url of candidates) {
      const response = await getJson(this.authFetch, url, signal);
      if (!response) continue;
      try {
        prm = await response.json();
      } catch {
        continue;
      }
      if (prm && typeof prm === 'object' && Array.isArray(prm.authorization_servers) && prm.authorization_servers.length > 0) break;
      prm = undefined;
    }
    let resource = this.server;
    let issuer = server.origin;
    if (prm) {
      if (typeof prm.resource !== 'string' || !resourceCovers(prm.resource, this.serverUrl)) {
        throw failed(`the protected resource metadata names resource ${JSON.stringify(prm.resource)}, which is not this server (${this.server})`);
      }
      resource = prm.resource; // sent exactly as published (RFC 8707, RFC 9728 §3.3)
      issuer = prm.authorization_servers.find((s) => typeof s === 'string');
      if (!issuer) throw failed('the protected resource metadata lists no authorization server');
    }
    const as = await serverMetadata(issuer, this.authFetch, signal);
    this.context = { resource, issuer, as, scopesSupported: Array.isArray(prm?.scopes_supported) ? prm.scopes_supported : undefined };
    return this.context;
  }

  /** Scopes without a challenge: the provider's `scope`, else all of `scopes_supported`, else none. */
  defaultScopes() {
    if (this.provider.scope !== undefined) return scopeList(this.provider.scope);
    return this.context?.scopesSupported?.filter((s) => typeof s === 'string') ?? [];
  }

  /**
   * Starts a sign-in for `scopes`: registers when needed, keeps the PKCE verifier, state and
   * issuer in storage, and sends the person to the authorization URL — by an interrupt, or
   * through `redirectToAuthorization`, which may resolve to the callback URL (the flow then
   * finishes here) or to nothing (the host calls `finishAuth` later). `stepUps`: the step-ups
   * in a row this one makes, kept in the flow and then in the tokens.
   */
  async authorize(scopes, reason, signal, stepUps) {
    const { resource, issuer, as } = this.context;
    const client = await clientFor(this.provider, issuer, as, this.authFetch, signal);
    let scope = scopes;
    // MCP 2026-07-28 `basic/authorization/index.mdx` "Scope Selection Strategy": offline_access only when offered
    if (this.provider.offlineAccess && scope.length > 0 && !scope.includes('offline_access') && as.scopes_supported?.includes('offline_access')) {
      scope = [...scope, 'offline_access'];
    }
    // concurrent calls (the probe and a list, parallel tool calls, other adapters of this
    // provider) share one handed-out sign-in
    const waiting = this.provider.awaiting.get(this.server);
    if (waiting?.scope === scope.join(' ') && waiting.server.authorization_server === issuer && Date.now() - waiting.created < FLOW_LIFETIME_MS
        && (await this.provider.store.get(OAuthProvider.flowKey(waiting.state)))) {
      this.lastPending = waiting;
      this.handedOut.set(waiting.state, waiting);
      throw required(`a sign-in is pending at ${issuer} (sign-in ${waiting.state})`);
    }
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const url = new URL(as.authorization_endpoint);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', client.client_id);
    url.searchParams.set('redirect_uri', this.provider.redirectUrl);
    url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier));
    url.searchParams.set('code_challenge_method', 'S256');
    url.searchParams.set('state', state);
    if (scope.length > 0) url.searchParams.set('scope', scope.join(' '));
    url.searchParams.set('resource', resource);
    await this.provider.store.set(OAuthProvider.flowKey(state), {
      state,
      verifier,
      issuer,
      as,
      client_id: client.client_id,
      redirect_uri: this.provider.redirectUrl,
      resource,
      server: this.server,
      scope: scope.join(' '),
      created: Date.now(),
      step_ups: stepUps,
    });
    const pending = {
      authorization_url: url.href,
      server: { url: this.server, resource, authorization_server: issuer },
      scope: scope.join(' '),
      reason,
    };
    Object.defineProperty(pending, 'state', { value: state }); // not in the interrupt's JSON
    this.lastPending = pending;
    const handOut = () => {
      Object.defineProperty(pending, 'created', { value: Date.now() });
      this.provider.awaiting.set(this.server, pending);
      for (const [key, old] of this.handedOut) if (Date.now() - old.created > FLOW_LIFETIME_MS) this.handedOut.delete(key);
      this.handedOut.set(state, pending);
    };
    if (this.provider.interrupt) {
      handOut();
      throw required(`${reason === 'step_up' ? 'more scopes are' : 'a sign-in is'} needed at ${issuer} (sign-in ${state})`);
    }
    const go = this.provider.redirectToAuthorization;
    if (typeof go !== 'function') throw required(`a sign-in is needed at ${issuer}, and the auth provider has neither redirectToAuthorization nor interrupt: true`);
    const during = {};
    this.provider.going.set(state, during);
    try {
      let back;
      try {
        back = await go(url, { ...pending });
      } catch (error) {
        if (error instanceof MCPAuthError) throw error;
        throw failed('redirectToAuthorization failed'); // its text may quote anything
      }
      // the callback URL: finished here; nothing: by the host, later or while go ran (then joined to this sign-in)
      if (back && !during.done) await this.finish(back instanceof URL ? back.href : String(back), signal);
      else if (!during.done) {
        handOut();
        throw required(`a sign-in was started at ${issuer}; finish it with finishAuth(callbackUrl) and call again (sign-in ${state})`);
      }
      await during.done;
    } finally {
      this.provider.going.delete(state);
    }
  }
}

// --- browser helpers ------------------------------------------------------------------------

/**
 * `redirectToAuthorization` for a page: navigates the tab to the authorization URL (the call
 * then fails with `authorization_required`, and the page at the redirect URI finishes the
 * sign-in with `handleRedirect`). `returnTo` (default: the current URL) is remembered in
 * `sessionStorage` for `handleRedirect`.
 */
export function redirectFlow({ returnTo } = {}) {
  return (url) => {
    try {
      globalThis.sessionStorage?.setItem('mcp-auth:return-to', returnTo ?? globalThis.location.href);
    } catch {
      // no sessionStorage: handleRedirect then returns no returnTo
    }
    globalThis.location.assign(url.href ?? String(url));
    return undefined;
  };
}

/**
 * `redirectToAuthorization` that opens the authorization URL in a popup and resolves to the
 * callback URL the redirect page posts back (with `notifyOpener`); the call continues once
 * the person signed in. Call it from a click (popup blockers). Rejects after `timeoutMs`
 * (default 5 min) or when the popup is closed.
 */
export function popupFlow({ width = 500, height = 650, timeoutMs = 300_000 } = {}) {
  return (url) =>
    new Promise((resolve, reject) => {
      const popup = globalThis.open(url.href ?? String(url), 'mcp-auth', `popup,width=${width},height=${height}`);
      if (!popup) {
        reject(required('the sign-in popup was blocked; open it from a click'));
        return;
      }
      const origin = globalThis.location.origin;
      const done = (fn, value) => {
        clearInterval(watch);
        clearTimeout(timer);
        globalThis.removeEventListener('message', onMessage);
        fn(value);
      };
      const onMessage = (event) => {
        if (event.origin !== origin || event.source !== popup || event.data?.type !== 'mcp-auth-callback') return;
        popup.close();
        done(resolve, event.data.url);
      };
      globalThis.addEventListener('message', onMessage);
      const watch = setInterval(() => popup.closed && done(reject, required('the sign-in popup was closed')), 500);
      const timer = setTimeout(() => done(reject, required('the sign-in did not finish in time')), timeoutMs);
    });
}

/** On the redirect page opened by `popupFlow`: posts this page's URL to the opener (same origin only). Returns whether there was one. */
export function notifyOpener() {
  const opener = globalThis.opener;
  if (!opener) return false;
  opener.postMessage({ type: 'mcp-auth-callback', url: globalThis.location.href }, globalThis.location.origin);
  return true;
}

/**
 * On the redirect page of `redirectFlow`: finishes the sign-in from `location.href`, removes
 * `code` and `state` from the address bar, and resolves to `{ server, returnTo }` (navigate
 * to `returnTo` to go back to where the sign-in started).
 */
export async function handleRedirect(provider, { url = globalThis.location.href } = {}) {
  const done = await provider.finishAuth(url);
  let returnTo;
  try {
    returnTo = globalThis.sessionStorage?.getItem('mcp-auth:return-to') ?? undefined;
    globalThis.sessionStorage?.removeItem('mcp-auth:return-to');
    const clean = new URL(url);
    for (const name of ['code', 'state', 'iss', 'session_state']) clean.searchParams.delete(name);
    globalThis.history?.replaceState(null, '', clean.href);
  } catch {
    // not in a page
  }
  return { ...done, returnTo };
}
