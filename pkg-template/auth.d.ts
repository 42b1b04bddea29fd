/**
 * mcp-wasm-adapter/auth: OAuth 2.1 authorization for protected MCP servers (MCP 2026-07-28
 * `basic/authorization/index.mdx`, `authorization-server-discovery.mdx`,
 * `client-registration.mdx`, `security-considerations.mdx`, at
 * https://modelcontextprotocol.io/specification/2026-07-28), in browsers, Node and edge
 * runtimes. A separate entry point: hosts that never authorize never load it.
 *
 * ```js
 * import { MCPAdapter } from "mcp-wasm-adapter";
 * import { OAuthProvider } from "mcp-wasm-adapter/auth";
 * const auth = new OAuthProvider({ redirectUrl: "https://app.example.com/callback", interrupt: true, storage });
 * const adapter = new MCPAdapter("https://mcp.example.com/mcp", { auth });
 * const out = await adapter.callTool("search", { q: "x" });
 * if (out.type === "mcp_authorization") {
 *   // send the person to out.authorization_url; when they come back:
 *   await adapter.resume(out, { callbackUrl });   // any adapter with the same storage
 * }
 * ```
 *
 * Tokens are sent only to the MCP server's origin (as `Authorization: Bearer`), and the
 * refresh token and client secret only to the token endpoint of the authorization server that
 * issued them; none of them ever appears in a URL, an error message or data, an interrupt or a
 * log. Authorization servers must be `https:` (`http:` only on loopback).
 *
 * @module mcp-wasm-adapter/auth
 */

/**
 * Where the provider keeps what must outlive one call (JSON values):
 * - `client <issuer>`: a dynamic registration (`{ client_id, client_secret?, token_endpoint_auth_method }`), per authorization server;
 * - `tokens <server>`: the tokens for one MCP server (`{ access_token, refresh_token?, expires_at? (ms since epoch), scope, issuer, resource, ... }`);
 * - `flow <state>`: a sign-in in progress (PKCE verifier, state, issuer, resource, redirect URI), removed when it finishes.
 *
 * Methods may return promises (a KV store, a database). Share one storage between the
 * adapter that started a sign-in and the one that resumes it.
 *
 * A storage (with its `keyPrefix`) is one person's: tokens are keyed by MCP server only, so
 * every adapter whose provider uses the same storage acts with the same tokens. On a server
 * with several users or sessions, give each its own storage or `keyPrefix`.
 *
 * Refreshes, sign-ins and their finishing for one server are serialized within a provider
 * (refresh tokens may be single-use). Storage shared between processes needs a lock of its
 * own: `lock(key, task)`, when present, is called with the (prefixed) tokens key around each
 * refresh, sign-in and finishing of one, and must run `task` once while no other holder of
 * a lock on that key (in any process) runs, resolve to `task`'s result and release the lock
 * however `task` ends; writes made by `task` must be visible to the next holder. A holder
 * that dies must lose the lock (a PostgreSQL advisory lock dies with its session), and a
 * waiter should give up after a bounded time: a `lock` that rejects (or resolves without
 * running `task`) fails the request with `authorization_failed`. The repository's
 * `examples/pg-auth-storage.mjs` is such a storage for PostgreSQL.
 *
 * A method that throws makes the request fail with `authorization_failed` and a fixed message
 * (its own text, which may quote stored values, is not passed on).
 */
export interface AuthStorage {
  /** The value stored under `key`, or undefined. */
  get(key: string): unknown | Promise<unknown>;
  /** Stores a JSON-serializable `value` under `key`. */
  set(key: string, value: unknown): void | Promise<void>;
  /** Removes what is under `key`. */
  delete(key: string): void | Promise<void>;
  /** Runs `task` holding the lock on `key` (see above). */
  lock?<T>(key: string, task: () => Promise<T>): Promise<T>;
}

/** A client registered beforehand with an authorization server (MCP `client-registration.mdx` "Pre-registration"). */
export interface ClientInformation {
  /**
   * The issuer of the authorization server it is registered with (exactly as in its
   * metadata): required for a fixed `clientInformation`, which is used there only (another
   * authorization server never sees its id or secret; there the client uses a Client ID
   * Metadata Document or dynamic registration).
   */
  issuer?: string;
  /** The client's id at that authorization server. */
  client_id: string;
  /** Its secret, for a confidential client. */
  client_secret?: string;
  /** Default: `client_secret_basic` (or `client_secret_post` when that is all the server supports) with a secret, `none` without. */
  token_endpoint_auth_method?: 'client_secret_basic' | 'client_secret_post' | 'none';
}

/** What a sign-in is about: the fields of an `mcp_authorization` interrupt. */
export interface AuthorizationRequest {
  /** Where to send the person (the authorization endpoint with PKCE `S256`, `state`, `scope`, `resource`). */
  authorization_url: string;
  /** The MCP server (its canonical URI: without credentials or query), its RFC 8707 resource identifier, and the authorization server's issuer. */
  server: { url: string; resource: string; authorization_server: string };
  /** The scopes asked for (space-separated; empty when none). */
  scope: string;
  /** `sign_in` (no usable token) or `step_up` (`403 insufficient_scope`: more scopes). */
  reason: 'sign_in' | 'step_up';
}

/** Options of {@link OAuthProvider}; `Interrupt` is the type of `interrupt`. */
export interface OAuthProviderOptions<Interrupt extends boolean = boolean> {
  /** The redirect URI registered for this client: where the authorization server sends the person back (https, http on loopback, or an app's own scheme; plain http elsewhere is `invalid_argument`). */
  redirectUrl: string | URL;
  /**
   * How a person is sent to the authorization URL when `interrupt` is not set. It may resolve
   * to the callback URL (a popup, or a test that follows the redirects): the call then
   * continues; or to nothing (the page navigated away): the call fails with
   * `authorization_required`, and `finishAuth(callbackUrl)` completes the sign-in later (a
   * `finishAuth` made while this function runs lets the call go on signed in).
   * A sign-in that continues inside the call counts against the call's `timeoutMs`.
   * A provider runs one sign-in per server at a time: requests that need one meanwhile, from
   * any of its adapters, share it (the same `authorization_required` or interrupt), and a
   * `401` while it is being finished waits for its tokens.
   */
  redirectToAuthorization?: (url: URL, request: AuthorizationRequest) => void | string | URL | Promise<void | string | URL>;
  /**
   * When a person must sign in, resolve the call to an `mcp_authorization` interrupt
   * ({@link AuthorizationInterrupt}) instead of calling `redirectToAuthorization`. Only then
   * do the adapter's result types include that interrupt (`SignInOf` in index.d.ts).
   */
  interrupt?: Interrupt;
  /** Default: {@link memoryStorage} (one per provider). One person's: see {@link AuthStorage}. */
  storage?: AuthStorage;
  /** Put before every storage key (e.g. `user:42:`), to keep several people's entries in one storage apart. Default `""`. */
  keyPrefix?: string;
  /** Pre-registered credentials (highest priority): fixed, for the `issuer` it names only, or a function of the issuer (which decides itself where a client applies). */
  clientInformation?: ClientInformation | ((issuer: string) => ClientInformation | undefined | Promise<ClientInformation | undefined>);
  /** An https URL serving this client's Client ID Metadata Document; used as `client_id` where the server sets `client_id_metadata_document_supported`. */
  clientMetadataUrl?: string;
  /** Extra RFC 7591 metadata for dynamic registration (`client_name`, `logo_uri`, ...). `application_type` defaults to `native` for loopback or custom-scheme redirect URIs, else `web`. */
  clientMetadata?: Record<string, unknown>;
  /** Scopes (space-separated) when the challenge names none; default: all of the protected resource's `scopes_supported`, else none. */
  scope?: string;
  /** Add `offline_access` when the authorization server lists it (default true). */
  offlineAccess?: boolean;
  /**
   * Re-authorizations in a row on `403 insufficient_scope` before failing with
   * `authorization_failed`, whose message names the scope the server keeps asking for (a
   * non-negative integer, default 2). Counted per request, and in the tokens a step-up gives
   * while the server asks for scopes asked for already: so it bounds one call across the
   * resumes of its `mcp_authorization` interrupts, or its `finishAuth` and calls again. After
   * the failure the count starts again.
   */
  maxStepUps?: number;
  /**
   * Refresh this long before `expires_at` (ms, a non-negative integer, default 30000). A
   * refresh the token endpoint refuses (`400`/`401`) forgets the tokens (a sign-in follows);
   * one that fails otherwise (network, timeout, `5xx`) keeps them and fails the request with
   * `authorization_failed` (or uses the access token while it has not expired yet).
   */
  refreshSkewMs?: number;
  /**
   * Each metadata, registration and token request ends after this long (ms, positive integer,
   * default 30000) with `authorization_failed`. Answers larger than 256 KiB are refused too.
   */
  authRequestTimeoutMs?: number;
  /** The fetch for metadata, registration and token requests (default: the adapter's `fetch`, else the global one). */
  fetch?: typeof fetch;
}

/**
 * What a call resolves to when it needs a sign-in and the provider has `interrupt: true`:
 * plain JSON without secrets (the PKCE verifier stays in the storage). Resume it with
 * `adapter.resume(interrupt, { callbackUrl })` in any adapter for the same server whose
 * provider shares the storage: the code is exchanged and the call is sent again.
 */
export interface AuthorizationInterrupt extends AuthorizationRequest {
  /** Always `mcp_authorization`. */
  type: 'mcp_authorization';
  /** The call to send again: `tools/call`, `tools/list`, `resources/read`, `prompts/get`, ... */
  method: string;
  /** The call's params, sent again. */
  params: Record<string, unknown>;
  /** When the adapter made this interrupt, as in `ElicitationInterrupt.created_at` (index.d.ts): ISO 8601 in UTC, as `toISOString()` writes it. */
  created_at: string;
  /** With the adapter's `interruptKey`: the interrupt's signature (see `MCPAdapterOptions.interruptKey` in index.d.ts). */
  signature?: string;
}

/** The adapter-facing side of a provider (what `MCPAdapter` calls). A custom provider implements this. */
export interface AuthSession {
  /** The fetch the adapter sends every request through. */
  fetch: typeof fetch;
  /** The sign-in an `authorization_required` failure refers to. */
  pending(): AuthorizationRequest | undefined;
  /** Finishes a sign-in from its callback URL. */
  finish(callbackUrl: string): Promise<unknown>;
  /** `adapter.resume(interrupt, { callbackUrl })` for an {@link AuthorizationInterrupt}: finishes the sign-in, then makes the interrupted call again with the adapter. */
  resume(adapter: unknown, interrupt: AuthorizationInterrupt, answer: { callbackUrl: string | URL }, options: Record<string, unknown>): Promise<unknown>;
}

/** An auth provider for `MCPAdapterOptions.auth`; `Interrupt` is the type of its `interrupt`. */
export interface AuthProvider<Interrupt extends boolean = boolean> {
  /**
   * Whether a call that needs a sign-in resolves to an {@link AuthorizationInterrupt} (`true`)
   * or fails. The adapter's result types include that interrupt only when it may be `true`:
   * a custom provider that interrupts declares it so.
   */
  readonly interrupt?: Interrupt;
  /** Called once by each adapter with its server URL, its `fetch` option and itself (a provider may wrap its methods, as `interrupt: true` does). */
  bind(serverUrl: string, fetch: typeof globalThis.fetch | undefined, adapter?: unknown): AuthSession;
}

/**
 * The built-in provider: the MCP authorization flow (`Interrupt`: the type of its `interrupt`
 * option, `true` when given `interrupt: true`). On `401` (or a `403` to a request without a
 * token whose Bearer challenge names `resource_metadata`): the `WWW-Authenticate`
 * challenge (`resource_metadata`, `scope`), protected resource metadata (RFC 9728; its
 * `resource` must cover the server), authorization server metadata (RFC 8414 and OpenID
 * Connect Discovery, path-aware; `issuer` must match exactly; PKCE `S256` required), a
 * client (pre-registered, Client ID Metadata Document, kept, or RFC 7591 registration), PKCE
 * authorization code with `state` and the RFC 8707 `resource`, the RFC 9207 `iss` check, the
 * token request (`client_secret_basic`, `client_secret_post` or `none`; JSON or form-encoded
 * answers). Refreshes before expiry and once on a `401`; re-discovers on every `401` (a server
 * that moved to another authorization server gets a new registration there); steps up on
 * `403 insufficient_scope` with the union of scopes, at most `maxStepUps` times. A server
 * on plain `http:` off loopback gets no token (`authorization_failed`); `resource_metadata`
 * must be `https:` (else the well-known places are used) and metadata redirects are not
 * followed.
 */
export interface OAuthProvider<Interrupt extends boolean = false> extends AuthProvider<Interrupt> {
  /** `options.interrupt === true`: calls that need a sign-in resolve to an {@link AuthorizationInterrupt}. */
  readonly interrupt: Interrupt;
  bind(serverUrl: string, fetch: typeof globalThis.fetch | undefined, adapter?: unknown): AuthSession;
  /** Finishes a sign-in from the callback URL, without an adapter (e.g. on the redirect page); resolves to the MCP server URL it was for. Errors: `authorization_failed` (unknown state, `iss` mismatch, token request refused). */
  finishAuth(callbackUrl: string | URL, options?: { fetch?: typeof fetch }): Promise<{ server: string }>;
}
/**
 * `new OAuthProvider(options)`: an `OAuthProvider<true>` with `interrupt: true`, an
 * `OAuthProvider<false>` without it (the overload picks by the options, not by where the
 * provider goes, so an adapter infers its `SignIn` from it).
 */
export declare const OAuthProvider: {
  /** A provider whose calls resolve to an interrupt when they need a sign-in. */
  new (options: OAuthProviderOptions<true> & { interrupt: true }): OAuthProvider<true>;
  /** A provider that signs in through `redirectToAuthorization`. */
  new (options: OAuthProviderOptions<false>): OAuthProvider<false>;
  /** Either, when the options' type does not tell. */
  new (options: OAuthProviderOptions): OAuthProvider<boolean>;
  readonly prototype: OAuthProvider<boolean>;
};

/** The error this module throws (also `instanceof MCPAdapterError`): codes `authorization_required`, `authorization_failed`, `invalid_argument`. */
export declare class MCPAuthError extends Error {
  /** Always `MCPAdapterError`. */
  readonly name: 'MCPAdapterError';
  /** Stable code; switch on this, not on `message`. */
  readonly code: 'authorization_required' | 'authorization_failed' | 'invalid_argument';
}

/** In-memory storage (the default). */
export declare function memoryStorage(): AuthStorage;
/** Storage over `localStorage` (default) or `sessionStorage`, JSON under `prefix` (default `"mcp-auth:"`). */
export declare function webStorage(store?: Storage, prefix?: string): AuthStorage;

/** Browser: `redirectToAuthorization` that navigates the tab; finish on the redirect page with {@link handleRedirect}. */
export declare function redirectFlow(options?: { returnTo?: string }): (url: URL) => void;
/** Browser: `redirectToAuthorization` that opens a popup and resolves to the callback URL the redirect page posts with {@link notifyOpener}. Call from a click. */
export declare function popupFlow(options?: { width?: number; height?: number; timeoutMs?: number }): (url: URL) => Promise<string>;
/** Browser, on the popup's redirect page: posts the page's URL to the opener (same origin). */
export declare function notifyOpener(): boolean;
/** Browser, on the redirect page of {@link redirectFlow}: finishes the sign-in, cleans the address bar, resolves to `{ server, returnTo }`. */
export declare function handleRedirect(provider: OAuthProvider, options?: { url?: string }): Promise<{ server: string; returnTo?: string }>;

/** The RFC 8707 canonical URI of an MCP server URL (lowercase scheme and host; no credentials, query or fragment; no trailing slash). */
export declare function canonicalResource(serverUrl: string | URL): string;
/** Parses a `WWW-Authenticate` header into challenges (`scheme` lowercase; parameter names lowercase). */
export declare function parseChallenges(header: string | null | undefined): { scheme: string; params: Record<string, string> }[];
