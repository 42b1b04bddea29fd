/**
 * mcp-wasm-adapter: an MCP (Model Context Protocol) client over `fetch`, compiled to
 * WebAssembly, that hands a remote server's tools to JavaScript agents in LangChain.js shapes.
 *
 * Protocol: MCP 2026-07-28 streamable HTTP (sessionless: per-request `_meta`,
 * `server/discover`, `Mcp-*` headers) first; handshake-era servers (2025-11-25, 2025-06-18:
 * `initialize` + `Mcp-Session-Id`) through a negotiated fallback.
 * Specification: https://modelcontextprotocol.io/specification/2026-07-28
 *
 * Written by hand. `tests/contract.rs` fails when an error code, an interrupt `type`, a field
 * of a shape the adapter emits (tool, tool result, content block, interrupt, resource
 * content, prompt message, subscription filter) or an option name here differs from the
 * Rust side (`src/error.rs`, `src/adapter/`, `src/convert/`, `src/bindings/options.rs`).
 * Shipped once, as `index.d.cts` (the types of `require`); the package's ESM `index.d.ts`
 * re-exports it (scripts/build.sh), and `init.d.cts` adds mcp-wasm-adapter/init to it.
 *
 * @module mcp-wasm-adapter
 */

/** Stable error codes (the `code` of an {@link MCPAdapterError}). */
export type MCPErrorCode =
  /** The target is not an `http:`/`https:` URL. Thrown by the constructor. */
  | 'invalid_url'
  /** A host argument or option is malformed (nothing was sent). */
  | 'invalid_argument'
  /** `fetch` failed (connection refused, DNS, TLS, or a CORS refusal that could not be told apart from those). */
  | 'network'
  /**
   * In a browser, a request to another origin failed without a response although the server
   * answered a credential-less `no-cors` probe: the server most likely does not allow this
   * origin by CORS. It must allow the page's origin, the methods `POST`, `GET` and `DELETE`,
   * and the request headers MCP sends (`Content-Type`, `Accept`, `Authorization` when used,
   * `Mcp-Protocol-Version`, `Mcp-Method`, `Mcp-Name`, `Mcp-Session-Id`, `Last-Event-ID`,
   * `Mcp-Param-*`), and expose `Mcp-Session-Id` (`Access-Control-Expose-Headers`).
   */
  | 'cors'
  /** `timeoutMs` elapsed before the response was complete. */
  | 'timeout'
  /** The call's `AbortSignal` fired. */
  | 'aborted'
  /** A non-2xx HTTP status without a JSON-RPC error body (`status` is set). */
  | 'http_status'
  /** The response was neither `application/json` nor `text/event-stream`. */
  | 'content_type'
  /**
   * The response names a `Content-Encoding` that the runtime's `fetch` left as it was sent, so
   * its body is still compressed (zstd in Node 20; deflate and zstd in Deno and workerd, which
   * sends no `Accept-Encoding`); the message names the coding. The server must answer with a
   * coding the request accepts, or none.
   */
  | 'content_encoding'
  /** The body or an SSE event was not valid JSON. */
  | 'invalid_json'
  /** Valid JSON, but not a JSON-RPC response / MCP result of the expected shape. */
  | 'invalid_message'
  /** The SSE stream ended before the response arrived. */
  | 'stream_ended'
  /** The body exceeded `maxResponseBytes`, or a list's pages together held more JSON values than one body that large can (half as many as its bytes). */
  | 'body_too_large'
  /** The server answered a JSON-RPC error (`rpcCode`, `data`). */
  | 'rpc_error'
  /** No protocol version in common (`-32022` without overlap). */
  | 'unsupported_protocol_version'
  /** The server only speaks the handshake era (initialize + sessions). */
  | 'handshake_era_server'
  /** A result carried an unknown `resultType`. */
  | 'invalid_result_type'
  /** A list did not end (repeated cursor, or more than `maxPages` pages). */
  | 'pagination'
  /** A call needed more input-required rounds than `maxRounds`. */
  | 'too_many_rounds'
  /** The server needs sampling or roots the host gave no handler for (or answered -32021). */
  | 'missing_client_capability'
  /** A redirect to another origin (or a non-307/308 redirect) was refused. */
  | 'redirect'
  /** Handshake era: the server needs the person to open a URL (`-32042`); `data.elicitations` lists `{ mode: "url", url, message, elicitationId }`. */
  | 'url_elicitation_required'
  /** `resources/read` of a resource the server does not have (`-32602`, legacy `-32002`); the error's `uri` names it. */
  | 'resource_not_found'
  /** The server does not offer it: a capability it did not advertise (subscriptions, completion) or a method it answered `-32601`. */
  | 'not_supported'
  /** A person must sign in (`auth` option): the provider sent them to the authorization URL, or (with `interrupt: true`) the call resolves to an {@link AuthorizationInterrupt} instead. */
  | 'authorization_required'
  /** OAuth failed (`auth` option): metadata, registration, callback (`state`, `iss`) or token request refused, or `insufficient_scope` beyond the step-up limit. */
  | 'authorization_failed'
  /** Two servers of an {@link MCPAdapterGroup} (or two adapters given to `toLangChainTools`) offer a tool under the same name; `data` is `{ tool, servers: [first, second] }`. */
  | 'tool_name_collision'
  /**
   * `resume()` of an adapter with an `interruptKey` refused the interrupt before anything was
   * sent: it is unsigned, its `signature` is malformed, or it does not match (the interrupt
   * was altered, or signed with another key).
   */
  | 'interrupt_signature_invalid'
  /**
   * The person's answers to an interrupt could not be delivered: the server refused them (a
   * `-32602` not about the `requestState`), or a replay after a refused `requestState` (see
   * {@link ElicitationInterrupt.answers}) was refused again or reached `maxRounds` before it
   * told them all. `rpcCode` and `data` are the server's refusal, when it sent one.
   */
  | 'answers_undelivered'
  /**
   * A tool call's task (the Tasks extension, see {@link TaskHandle}) ended `failed`: the
   * server met a JSON-RPC error running it. `rpcCode`, `data` and the message are the task's
   * `error`. (A tool's own failure is a `completed` task with an `isError` result: a result.)
   */
  | 'task_failed'
  /** A tool call's task ended `cancelled`, by the server or another client (one this call cancels ends it with `aborted` or `timeout`). */
  | 'task_cancelled'
  /** A tool call's task is past its `ttlMs` since it was created and not done: the adapter gave it up. */
  | 'task_expired'
  /** The server no longer knows a task (`-32602`): it restarted, or dropped the task after its `ttlMs`. `rpcCode` and `data` are the server's. */
  | 'task_not_found'
  /**
   * With `handleToolErrors: false`: the tool's result was an error (`isError: true`, or
   * structured content that does not match its `outputSchema`). `data` is a {@link ToolErrorData}.
   */
  | 'tool_error'
  /** {@link MCPAdapter.callToolFromApp} refused the call (nothing was sent); `data` is `{ tool, resourceUri }`. */
  | 'app_call_refused'
  /** A call or resume of a tool the `allowTools` / `blockTools` filters leave out, refused before anything was sent; `data` is `{ tool, server }`. */
  | 'tool_not_allowed'
  /** A tool whose definition is not the one it must be (its fingerprint differs from the pinned one with `pinTools`, or changed since an approval was asked), refused before anything was sent; `data` is `{ tool, expected, fingerprint, reason: 'pinned' | 'approved' }`. */
  | 'tool_definition_changed';

import type { AuthProvider, AuthorizationInterrupt } from './auth.js';
export type { AuthProvider, AuthorizationInterrupt };

/** One `interruptKey`: see {@link MCPAdapterOptions.interruptKey}. */
export type InterruptKey = string | ArrayBuffer | ArrayBufferView | CryptoKey | true;

/**
 * Every adapter failure. Transport and protocol failures throw this; a tool's own failure
 * (`isError: true`) does not throw: it comes back as a result with `status: "error"` (unless
 * `handleToolErrors: false`, which makes it a `tool_error`).
 */
export declare class MCPAdapterError extends Error {
  /** Always `MCPAdapterError`. */
  readonly name: 'MCPAdapterError';
  /** Stable code; switch on this, not on `message`. */
  readonly code: MCPErrorCode;
  /** HTTP status of the failing response, when there was one. */
  readonly status?: number;
  /** JSON-RPC error code sent by the server (e.g. -32602), for `rpc_error`. */
  readonly rpcCode?: number;
  /**
   * JSON-RPC error `data` sent by the server, verbatim; for `tool_error`, a {@link ToolErrorData};
   * for a `network` error whose request certainly never left (the runtime said the connection
   * was refused or the host name did not resolve: Node's `cause.code` `ECONNREFUSED`,
   * `ENOTFOUND`, `EAI_AGAIN`, `ENETUNREACH`, `EHOSTUNREACH`, `UND_ERR_CONNECT_TIMEOUT`),
   * `{ sent: false }`: sending it again cannot run anything twice. Other runtimes give no such
   * cause, so their `network` errors never say it.
   */
  readonly data?: unknown;
  /** For `resource_not_found`: the resource URI that was read. */
  readonly uri?: string;
  /** Set by an {@link MCPAdapterGroup} on a server's error: the server's key. */
  readonly server?: string;
}

/**
 * `data` of a `tool_error` (`handleToolErrors: false`), with the host's header values
 * redacted like every error's.
 */
export interface ToolErrorData {
  /** The error result's content as v1 blocks (the server's own for `isError`; the mismatch text for an output that fails its schema). */
  content: ContentBlock[];
  /** The server's `structuredContent`, when it sent one. */
  structured_content?: unknown;
  /** For an output that fails its `outputSchema`: the mismatches (`path` a JSON Pointer into the structured content, `""` for its root). */
  validation_errors?: Array<{ path: string; message: string }>;
}

/**
 * The second argument of the progress and logging callbacks: where the notification comes
 * from. Frozen: one object serves every notification of a call and both `onProgress`
 * callbacks (the adapter's and the call's), each of which gets its own copy of the params.
 */
export interface NotificationContext {
  /** The adapter's `serverName` (default: its URL as given; in an `MCPAdapterGroup`, the server's key). */
  server: string;
  /** The tool being called, or null outside a tool call (lists, reads, prompts, subscriptions). */
  tool: string | null;
}

/** An MCP `Implementation` (`{ name, version, title?, description?, websiteUrl?, icons? }`). */
export interface Implementation {
  /** Programmatic name. */
  name: string;
  /** Version string. */
  version: string;
  [key: string]: unknown;
}

/**
 * `notifications/progress` params (MCP 2026-07-28 `basic/patterns/progress.mdx`). Only those
 * under the `progressToken` a request sent, with a `progress` above the last one passed on
 * under it, reach the callbacks: progress under any other token (one the server made up,
 * another request's, the same number written as a string), or that stands still or goes back
 * (the specification says it MUST increase), is dropped, and restarts no timeout
 * (`resetTimeoutOnProgress`).
 */
export interface Progress {
  /** The token of the request this progress is about: the request's JSON-RPC id, as sent. */
  progressToken: string | number;
  /** Above the last one passed on for this token (others are dropped); may be fractional. */
  progress: number;
  /** The total, when known. */
  total?: number;
  /** A description of the current step. */
  message?: string;
}

/** `notifications/message` params (MCP 2026-07-28 `server/utilities/logging.mdx`). */
export interface LoggingMessage {
  /** Severity. */
  level: LoggingLevel;
  /** The server's name for the source of the message. */
  logger?: string;
  /** Any JSON value. */
  data: unknown;
}

/** The MCP logging levels (RFC 5424 syslog severities), least severe first. */
export type LoggingLevel = 'debug' | 'info' | 'notice' | 'warning' | 'error' | 'critical' | 'alert' | 'emergency';

/**
 * Headers to add to every request; MCP headers (`Mcp-*`, `Accept`, `Content-Type`) always win.
 * Each name must be an HTTP token (RFC 9110, section 5.6.2) and each value free of CR, LF and
 * NUL, with no character above U+00FF (encode other text first). Otherwise the call rejects
 * with `invalid_argument` naming the header and saying why, never quoting its value.
 */
export type HeadersOption =
  | Record<string, string>
  | Headers
  | Iterable<[string, string]>
  /** Called before every request; may be async (e.g. to fetch a fresh token). */
  | ((request: { url: string; method: string }) => Record<string, string> | Headers | Promise<Record<string, string> | Headers>);

/** A server's request for input (`elicitation/create` params, MCP 2025-11-25 `client/elicitation.mdx`). */
export interface ElicitRequest {
  /** What to tell the person. */
  message: string;
  /** Form mode (default): a flat object schema of primitive properties (`type`, `title`, `description`, `default`, `enum`, `minimum`, …). */
  requestedSchema?: { type: 'object'; properties: Record<string, Record<string, unknown>>; required?: string[] };
  /** `"form"` when absent. */
  mode?: 'form' | 'url';
  /** URL mode: the URL the person is asked to open. */
  url?: string;
}

/**
 * The second argument of the host code that answers for a call: `onElicitation`,
 * `onSampling`, a `roots` function and the `approval` predicate.
 *
 * What such a callback throws fails the call with `invalid_argument`, message "`name` threw:
 * …" (`name`: `onSampling`, `roots`, …), except an {@link MCPAdapterError} (or an error named
 * so, with a `code`) whose code is `aborted`, `timeout`, `authorization_required` or
 * `authorization_failed` (a wait of its own that gave up, a sign-in it needs): the call fails
 * with that code. A handshake-era server, which asks in the middle of a call, is told that
 * the handler failed (a JSON-RPC error), and the call ends as the server decides, unless it
 * failed with one of those codes (after `aborted` or `timeout` the server's run is cancelled
 * instead).
 */
export interface HostCallbackContext {
  /**
   * Aborts when the call stops waiting for this callback: when the call's `signal` aborts
   * (with its reason; the call rejects with `aborted`) or when the call's `timeoutMs` passes
   * while it waits (with a `TimeoutError`; the call rejects with `timeout`; with
   * `resetTimeoutOnProgress`, what is left of `maxTotalTimeoutMs`). Each wait gets
   * `timeoutMs` afresh, as each HTTP request of the call does. Close any dialog then: what
   * the callback settles to afterwards is ignored. Never aborts for a callback the adapter
   * calls outside any call.
   */
  signal: AbortSignal;
}

/** The answer to an {@link ElicitRequest}. For `accept` in form mode, `content` holds the fields; schema defaults fill fields left out. */
export interface ElicitResult {
  /** What the person did. */
  action: 'accept' | 'decline' | 'cancel';
  /** Form mode, `accept` only: the fields. */
  content?: Record<string, string | number | boolean | string[]>;
}

/**
 * Options of an {@link MCPAdapter}. `SignIn`: whether its `auth` resolves a call that needs a
 * sign-in to an {@link AuthorizationInterrupt} (its provider's `interrupt`; see {@link SignInOf}).
 */
export interface MCPAdapterOptions<SignIn extends boolean = boolean, Wait extends number | undefined = number | undefined> {
  /**
   * Which protocol era to speak. `"auto"` (default) probes with `server/discover` and falls
   * back to `initialize` + sessions (2025-11-25, 2025-06-18) when the answer shows a
   * handshake-era server; `"2026-07-28"` never falls back (`handshake_era_server` error);
   * `"legacy"` skips the probe. 401/403, 408, 429, 5xx, `-32603`, network errors and timeouts
   * are errors, not fallback evidence (except an opaque network error in a browser, usually
   * CORS). Under `"auto"`, a session whose server refuses the handshake revisions with
   * `-32022` naming 2026-07-28 is dropped for a new probe.
   */
  protocol?: 'auto' | '2026-07-28' | 'legacy';
  /**
   * Answers a server's questions in place, in both eras: `elicitation/create` requests of
   * handshake-era servers (which arrive in the middle of a call) and the `elicitation/create`
   * input requests of a 2026-07-28 `input_required` result (form or URL mode). Schema
   * `default`s fill the fields the answer leaves out. Without it, every question becomes an
   * {@link ElicitationInterrupt} (the default, and what the LangChain glue needs).
   * `context.signal` aborts when the call stops waiting (its `signal` or `timeoutMs`: see
   * {@link HostCallbackContext}, which says what it throws fails the call with).
   */
  onElicitation?: (request: ElicitRequest, context: HostCallbackContext) => ElicitResult | Promise<ElicitResult>;
  /**
   * Extra request headers (e.g. `Authorization`). They are sent only to the target's origin:
   * redirects to other origins are refused. Their values are redacted (`[redacted]`) from
   * every error's message and data, and quoted text in a runtime's own failure message (which
   * may quote a header value) is replaced by `"[redacted]"`. A name that is not an HTTP token,
   * or a value with CR, LF, NUL or a character above U+00FF, fails the call with
   * `invalid_argument` naming the header (see {@link HeadersOption}); the adapter stays usable.
   */
  headers?: HeadersOption;
  /**
   * A `fetch` to use instead of the global one (same signature). What it throws fails the
   * call with `network`, except an {@link MCPAdapterError} (or an error named so, with a
   * `code`) whose code is `invalid_argument`, `aborted`, `timeout`, `authorization_required`
   * or `authorization_failed`: that one reaches the caller with its code and message.
   */
  fetch?: typeof fetch;
  /**
   * Told every JSON-RPC message the adapter sends and receives, for logging and debugging
   * (a page's request history, a log line per exchange). Called synchronously, in order;
   * what it throws is ignored. Without it nothing is parsed or copied for tracing.
   */
  onTrace?: (event: TraceEvent) => void;
  /**
   * OAuth for protected servers (MCP 2026-07-28 `basic/authorization`): an auth provider,
   * usually `new OAuthProvider({...})` from `mcp-wasm-adapter/auth`. With its
   * `interrupt: true`, any call (lists included) that needs a sign-in resolves to an
   * {@link AuthorizationInterrupt}, resumed with `resume(interrupt, { callbackUrl })`: such an
   * adapter's result types include it, and only such an adapter's ({@link SignInOf}).
   */
  auth?: AuthProvider<SignIn>;
  /**
   * How the adapter names itself: `_meta["io.modelcontextprotocol/clientInfo"]` on every
   * 2026-07-28 request, `clientInfo` of `initialize` in the handshake era. Default
   * `{ name: "mcp-wasm-adapter", version }`. Without a string `name` and `version` the
   * constructor throws `invalid_argument`.
   */
  clientInfo?: Implementation;
  /**
   * Timeout of each call in milliseconds, body included. Default 60000; 0 disables. At the
   * deadline the call rejects with code `timeout` and the response stream is closed. Each
   * wait on host code that answers for the call (`onElicitation`, `onSampling`, a `roots`
   * function, `approval`) is bounded by it too (see {@link HostCallbackContext}). The
   * request is aborted at the deadline even before its response begins, which a 2026-07-28
   * server takes as the call's cancellation (MCP 2026-07-28 `basic/patterns/cancellation.mdx`).
   */
  timeoutMs?: number;
  /**
   * Restart a call's `timeoutMs` on each progress notification (MCP 2026-07-28
   * `basic/patterns/progress.mdx`), so a slow tool that keeps reporting progress is not cut
   * off; it makes every request carry a `progressToken`. The call is still bounded by
   * `maxTotalTimeoutMs`. Default false. Per call too ({@link CallOptions}).
   */
  resetTimeoutOnProgress?: boolean;
  /**
   * With `resetTimeoutOnProgress`: the most a whole call may take, in milliseconds, however
   * much progress it reports (counted from the call's start, over all its requests). At the
   * bound the call rejects with `timeout`, its message naming `maxTotalTimeoutMs`. Default
   * 600000 (10 minutes); 0: no bound. Without `resetTimeoutOnProgress` it has no effect.
   */
  maxTotalTimeoutMs?: number;
  /**
   * true: the host renders MCP Apps, so every request declares the extension
   * (`io.modelcontextprotocol/ui`, `mimeTypes: ["text/html;profile=mcp-app"]`; MCP Apps
   * 2026-01-26, `apps.mdx`). Default false.
   */
  apps?: boolean;
  /**
   * The `server` of the callbacks' {@link NotificationContext}. Default: the URL as given.
   * `MCPAdapterGroup` names its adapters by their keys.
   */
  serverName?: string;
  /** Receives progress of every call, with where it comes from; setting it makes every request carry a `progressToken`. */
  onProgress?: (progress: Progress, context: NotificationContext) => void;
  /**
   * Receives log messages, with where they come from; setting it opts every request in at
   * `logLevel` (default "info"). The adapter's own warnings about a tool (an `outputSchema`
   * that cannot be used) come here too, as `{ level: "warning", logger: "mcp-wasm-adapter",
   * data: text }`.
   */
  onLoggingMessage?: (message: LoggingMessage, context: NotificationContext) => void;
  /**
   * false: a tool's error result (`isError: true`, or structured content that fails its
   * `outputSchema`) throws an {@link MCPAdapterError} with code `tool_error` and the result
   * in `data` ({@link ToolErrorData}) instead of resolving to a `status: "error"` result.
   * Default true (the result). Per call too ({@link ToolCallOptions}). The result of a
   * rejected approval (`resume(…, { decision: "reject" })`) is the person's answer and never
   * throws.
   */
  handleToolErrors?: boolean;
  /**
   * Check each tool result's `structuredContent` against the tool's `outputSchema` from the
   * last `listTools()` (MCP 2026-07-28 `server/tools.mdx`: clients SHOULD validate; JSON
   * Schema 2020-12 by default, draft-07 and 2019-09 by `$schema`; no `$ref` is fetched).
   * A mismatch, or no `structuredContent` at all from a tool that declares an `outputSchema`,
   * becomes a `status: "error"` result whose text names each failing path and why, the
   * structured content kept in `artifact`. `isError` results are never checked; a schema that
   * cannot be used turns checking off for that tool, with a warning to `onWarning` and
   * `onLoggingMessage`. The validator loads on the first call that needs it. Default true;
   * per call too ({@link ToolCallOptions}).
   */
  validateOutput?: boolean;
  /**
   * The least severe log level the server should send, asked on every 2026-07-28 request
   * through `_meta["io.modelcontextprotocol/logLevel"]` (a handshake-era server logs at its
   * own level). Default: none, or `"info"` with `onLoggingMessage`. Another value throws
   * `invalid_argument` from the constructor.
   */
  logLevel?: LoggingLevel;
  /**
   * Answers `sampling/createMessage` input requests in place (no interrupt); the `sampling`
   * capability is declared only when this is set. Gets `CreateMessageRequest` params
   * (`messages`, `maxTokens`, …), returns a `CreateMessageResult` (`role`, `content`, `model`).
   * `context.signal` aborts when the call stops waiting (its `signal` or `timeoutMs`: see
   * {@link HostCallbackContext}, which says what it throws fails the call with).
   */
  onSampling?: (
    params: Record<string, unknown>,
    context: HostCallbackContext,
  ) => Record<string, unknown> | Promise<Record<string, unknown>>;
  /**
   * Answers `roots/list` input requests; the `roots` capability is declared only when set.
   * A function gets the request's params (`null` when it has none) and, as for
   * `onSampling`, a {@link HostCallbackContext}.
   */
  roots?:
    | Array<{ uri: string; name?: string }>
    | ((
        params: Record<string, unknown> | null,
        context: HostCallbackContext,
      ) => Array<{ uri: string; name?: string }> | Promise<Array<{ uri: string; name?: string }>>);
  /**
   * Human-in-the-loop gate: called before every tool call; when it returns `true` (or
   * `{ allowedDecisions }`) the call is not sent and resolves to an {@link ApprovalInterrupt}
   * instead. `allowedDecisions` lists what the person may answer, in LangChain's
   * human-in-the-loop terms (default all three): `"approve"` (send as is), `"edit"` (send
   * with edited `args`), `"reject"`. `metadata` is the tool's from the last `listTools()`
   * without call `headers` (a listing with them is the caller's alone);
   * when the tool is not in it the adapter lists the tools first, so `metadata` is `null` only
   * for a tool the server does not list (a predicate should fail closed on it). For example
   * `({ metadata }) => metadata?.mcp?.tool?.annotations?.destructiveHint === true`, or
   * `() => ({ allowedDecisions: ["approve", "reject"] })`. A list that is empty or names
   * anything else fails the call with `invalid_argument`. The call's `signal` and `timeoutMs`
   * bound the wait for a verdict, and `context.signal` aborts then (see
   * {@link HostCallbackContext}, which says what it throws fails the call with).
   */
  approval?: (
    call: { name: string; args: Record<string, unknown>; metadata: MCPToolMetadata | null },
    context: HostCallbackContext,
  ) => ApprovalVerdict | Promise<ApprovalVerdict>;
  /**
   * Makes interrupts tamper-evident. With a key, every interrupt a call resolves to
   * (`mcp_elicitation`, `mcp_approval`, `mcp_authorization`) carries a `signature`
   * (`"v1."` + base64url HMAC-SHA-256 over its other fields, canonical JSON: see the README,
   * "When a person is needed"), and {@link MCPAdapter.resume} refuses, before anything is
   * sent, an interrupt that is unsigned, altered or signed with another key
   * (`interrupt_signature_invalid`). Adapters given the same key (in any process) resume
   * each other's interrupts.
   *
   * A secret: a string of at least 32 bytes (UTF-8), at least 32 bytes (`Uint8Array`,
   * `ArrayBuffer`), or a WebCrypto HMAC SHA-256 `CryptoKey` with usages `sign` and `verify`;
   * or `true` for a random key made once per process (isolate), which protects resumes in
   * this process only (an interrupt resumed in another process, or after a restart, is then
   * refused). Anything else throws `invalid_argument` from the constructor (a `CryptoKey`
   * of another kind: from the first call that makes an interrupt); the key never appears in
   * an error. Needs WebCrypto (`crypto.subtle`: Node 20+, browsers, workerd, Deno,
   * Bun).
   *
   * Without a key (the default) interrupts are not signed: they are trusted input, to be kept
   * server-side (as LangGraph's checkpointer keeps them) and never taken back from a client
   * that could edit them, since whoever edits one chooses the tool, the arguments and the
   * answers the adapter sends with its credentials. There is no per-process key by default,
   * since it would refuse resumes in another process or from a durable checkpoint after a
   * restart; pass `true` for one. A signature is not single-use: an interrupt resumed twice
   * sends its call twice.
   *
   * A list of keys rotates them: the first signs, and an interrupt signed with any of them
   * resumes (`[newKey, oldKey]` until the interrupts signed with the old one are answered or
   * expired, then `[newKey]`). An empty list, or one unusable key in it, throws as above.
   */
  interruptKey?: InterruptKey | InterruptKey[];
  /**
   * Wrap every tool call (`callTool`, `invoke`), the first outermost; see
   * {@link ToolCallInterceptor}. `resume()` is not intercepted.
   */
  interceptors?: ToolCallInterceptor[];
  /** Told, one sentence each, about tools left out of `listTools()` (see there). Default `console.warn`. */
  onWarning?: (text: string) => void;
  /** Most input-required rounds one call may take before a `too_many_rounds` error. Default 10. */
  maxRounds?: number;
  /**
   * Handshake era (2025-11-25 / 2025-06-18 servers, which ask in the middle of a call): whether
   * a call whose question became an {@link ElicitationInterrupt} is held open for a live
   * resume by this adapter. Default `true`: the call's HTTP request stays open for up to its
   * `timeoutMs` (and keeps a Node process alive that long), and the server's tool waits on
   * its question until the answer, that timeout, or {@link MCPAdapter.close}. `false`, for
   * hosts that always resume elsewhere (a serverless function, a queue worker): nothing is
   * held; the call is cancelled at once (`notifications/cancelled`, MCP 2025-11-25
   * `basic/utilities/cancellation.mdx`), which ends the server's waiting tool where it waits,
   * and the call resolves to the interrupt (no `open_call`), which always resumes by replay
   * (the tool runs again up to its question).
   */
  holdCalls?: boolean;
  /**
   * Largest response body accepted, in bytes (JSON body or whole SSE stream). Default 33554432
   * (32 MiB). The pages of one list call together may hold at most half as many JSON values
   * (each takes at least two bytes of text), so that a list's memory is bounded as one
   * response's is; more fails the call with `body_too_large`.
   */
  maxResponseBytes?: number;
  /** Most pages one list call follows. Default 64. */
  maxPages?: number;
  /**
   * Whether tool calls may run as tasks (the Tasks extension `io.modelcontextprotocol/tasks`,
   * SEP-2663, at MCP 2026-07-28): every 2026-07-28 request declares the extension, so a server
   * may answer a `tools/call` with a task, which the adapter follows to its end (see
   * {@link TaskHandle}). Default `true`: a tool that must run as a task refuses a client that
   * does not declare the extension (`-32021`, a `missing_client_capability` error naming this
   * option). `false` declares nothing, and a server that sends a task anyway gives
   * `invalid_result_type`. On a handshake-era session (MCP 2025-11-25, the experimental
   * core tasks of `basic/utilities/tasks.mdx`) `true` declares the `tasks` capability in
   * `initialize`, and a server whose capabilities include `tasks.requests.tools.call` gets
   * the call of a tool whose `execution.taskSupport` in the adapter's last `listTools()` is
   * `"required"` (or `"optional"`, for a call with a `taskWaitMs`) with `task: { ttl: 3600000 }`,
   * followed the same way (`tasks/get` at its `pollInterval`, `tasks/result`); `false` sends
   * every call plain.
   */
  tasks?: boolean;
  /**
   * The default of {@link CallOptions.taskWaitMs} for every tool call. Default: none (a call
   * waits for its task to end). With it, the adapter's tool calls may resolve to a
   * {@link TaskHandle} (`MCPAdapter<SignIn, number>`, inferred; see {@link TaskOf}). Not in an
   * {@link MCPAdapterGroup} (give it per call there).
   */
  taskWaitMs?: Wait;
  /**
   * Only these tools may be used through the adapter: a list of MCP names, or a predicate
   * `(tool, { server }) => boolean` given each listed {@link MCPTool} and the `serverName`
   * (in a group, the server's key). A boundary, not a view: a tool left out is absent from
   * `listTools()` (a group's and `toLangChainTools`' too), and a call to it by name
   * (`callTool`, an interceptor's `override({ name })`, the resume of an interrupt naming it)
   * is refused with `tool_not_allowed` before it is sent. With a list, nothing is listed to
   * decide; with a predicate, a tool not in the last listing is listed first, and one the
   * server does not list is refused (the predicate cannot judge it). Default: every tool.
   * Malformed (neither a list of strings nor a function), the calls fail with
   * `invalid_argument`.
   */
  allowTools?: string[] | ((tool: MCPTool, context: { server: string }) => boolean);
  /** Tools that may not be used through the adapter: as {@link allowTools}, but the names (or the predicate's `true`) are those left out. Default: none. */
  blockTools?: string[] | ((tool: MCPTool, context: { server: string }) => boolean);
  /**
   * Told when a later listing of the adapter's own (after a `tools/list_changed`, which with
   * a subscription makes the adapter list again at once, a `ttlMs` refresh, a `-32020`
   * re-list) adds, removes or changes tools: `changed` names each tool whose fingerprint
   * ({@link MCPTool.fingerprint}) differs, with the one before. Its tools then have a
   * fingerprint. Default: none.
   */
  onToolsChanged?: (changes: ToolsChanged, context: { server: string }) => void;
  /**
   * `true`: a call of a tool whose fingerprint differs from the one the adapter's first
   * listing gave it (or its `definitions` did), or that was not in that listing, is refused with
   * `tool_definition_changed` (`reason: "pinned"`) before it is sent. The adapter lists
   * before its first call. Default `false`.
   */
  pinTools?: boolean;
  /**
   * Tool definitions from {@link MCPAdapter.toolDefinitions} (of any adapter of the server,
   * in any process, after a JSON round trip): they stand for the adapter's listing, so that
   * calls (with their `x-mcp-header` mirrors), `listTools()`, the approval gate and output
   * validation need no `tools/list`. A `-32020`, a `tools/list_changed` on a subscription,
   * an unknown-tool answer (`-32602`, or an error result "Unknown tool") or a list with
   * `cacheMode` makes the adapter list again. Each definition's `fingerprint` must be that of
   * its fields, else the calls fail with `invalid_argument` (a check against corruption, not
   * a signature: store definitions where a server cannot write). Default: none.
   */
  definitions?: MCPToolDefinition[];
  /**
   * Most characters of text a tool result shows the model (its `content`): past it, a head
   * (two thirds) and a tail of the text are kept around one text block saying how many
   * characters were left out and that the full result is in `artifact.full_content`.
   * Per call too ({@link ToolCallOptions}). Default: no cap (`toLangChainTools` caps at
   * 40,000). A non-negative integer, or `Infinity` for none; else `invalid_argument`.
   */
  maxResultChars?: number;
  /**
   * Most media blocks (`image`, `audio`, `file`) a tool result shows the model; those past it
   * are left out whole (never cut), counted by the same kind of marker, and kept in
   * `artifact.full_content`. Default: no cap.
   */
  maxResultMedia?: number;
  /**
   * The W3C trace context of each request (`traceparent`, and `tracestate` and `baggage` when
   * set), sent in `params._meta` of every request (`server/discover`, `initialize`, lists,
   * calls, reads, each resume round; MCP 2026-07-28, `basic/index.mdx`, "_meta"). Called as
   * each call starts. Without it, when an OpenTelemetry SDK is registered (`@opentelemetry/api`
   * 1.x, not imported by the package) and a span is active, its span context and baggage.
   * Malformed values are dropped with a warning (`onWarning`): a bad `traceparent` drops all
   * three. Default: OpenTelemetry's active span, if any.
   */
  traceContext?: () => { traceparent: string; tracestate?: string; baggage?: string } | undefined;
}

/** What a new listing changed ({@link MCPAdapterOptions.onToolsChanged}): tool names, and the fingerprints of each changed one. */
export interface ToolsChanged {
  /** Names of the tools the new listing has and the one before did not. */
  added: string[];
  /** Names of the tools the listing before had and the new one does not. */
  removed: string[];
  /** Tools listed in both whose definition changed: the fingerprint before (`previous`) and now. */
  changed: { name: string; previous: string; fingerprint: string }[];
}

/** A listed tool as plain JSON ({@link MCPAdapter.toolDefinitions}): an {@link MCPTool} without `invoke`, with its `fingerprint`. */
export type MCPToolDefinition = Omit<MCPTool, 'invoke' | 'fingerprint'> & { fingerprint: string };

/**
 * One JSON-RPC message on the wire (MCP 2026-07-28 `basic/transports/streamable-http.mdx`),
 * handed to {@link MCPAdapterOptions.onTrace}. Headers are not part of it, and the values of
 * the host's headers (tokens, keys; as for errors) are redacted (`[redacted]`) from every
 * string in `message`, including what a server echoes back.
 */
export interface TraceEvent {
  /** `"send"`: a request, notification or response the adapter POSTed; `"receive"`: what came back. */
  direction: 'send' | 'receive';
  /**
   * The JSON-RPC method of the message sent in this HTTP exchange (`"tools/call"`, …), on
   * its `receive` events too, so that they can be matched; undefined when the adapter sent
   * a response (handshake era) or nothing (a GET stream).
   */
  method: string | undefined;
  /**
   * The parsed JSON-RPC message (a copy: changing it changes nothing). A response body that
   * held none (a `202` to a notification, an error page, a redirect) is one `receive` event
   * with `message` undefined; an event stream gives one `receive` event per event with data
   * that the adapter read, as its SSE decoder read it (an event without data, such as a
   * priming event, gives none; data that is not JSON gives `message` undefined). A response
   * past `maxResponseBytes` ends with one `receive` event with `message` undefined: the
   * whole of a JSON body, or where an event stream was cut, after the events read before.
   */
  message: Record<string, unknown> | undefined;
  /** The HTTP status of the response, on `receive` events. */
  status: number | undefined;
}

/** Options of one call. */
export interface CallOptions {
  /**
   * Aborting closes the response stream, which cancels the request on the server (2026-07-28),
   * and ends a wait on host code that answers for the call (see {@link HostCallbackContext}).
   */
  signal?: AbortSignal;
  /** Overrides the adapter's `timeoutMs` for this call. */
  timeoutMs?: number;
  /** Progress of this call only (after the adapter's `onProgress`); makes this request carry a `progressToken`. */
  onProgress?: (progress: Progress, context: NotificationContext) => void;
  /**
   * Headers of this call only (tool calls, lists, reads, prompts; not `subscribe`), set over
   * the adapter's `headers` with names compared case-insensitively: `{ authorization: "…" }`
   * replaces an adapter's `Authorization`. They go to the target's origin only, `Mcp-*` names
   * are dropped, and their values are redacted from errors, as for the adapter's.
   */
  headers?: Record<string, string> | Headers;
  /** Overrides the adapter's `resetTimeoutOnProgress` for this call. */
  resetTimeoutOnProgress?: boolean;
  /** Overrides the adapter's `maxTotalTimeoutMs` for this call. */
  maxTotalTimeoutMs?: number;
  /**
   * A key the server may deduplicate this call on (a string of 1 to 256 bytes), sent in
   * `_meta` under `"io.github.mcp-wasm-adapter/idempotencyKey"` (a `_meta` key of this
   * package's own prefix, MCP 2026-07-28 `basic/index.mdx`), in both eras: as given on the
   * call's first request, as `<key>.<n>` on the n-th after it (an answer given in place by a
   * handler, a replay's call and answers), so that no request gets an earlier one's result.
   * Give the same key when the same call (the same round of it) is sent again after a failure
   * whose outcome is unknown, and a new one for a new call. A server that ignores it runs the
   * call again. The LangChain tools derive one per tool call and round (see
   * `mcp-wasm-adapter/langchain`).
   */
  idempotencyKey?: string;
  /**
   * Tool calls (and `resume` of a task): the most the call waits for its task (see
   * {@link TaskHandle}), in milliseconds, before it resolves to the task's handle instead; the
   * task goes on meanwhile. 0 hands the task back at once. Default: the adapter's `taskWaitMs`,
   * else the call waits until the task ends. Either way `timeoutMs` bounds the wait too, and
   * cancels the task when it comes first: keep `taskWaitMs` below it. On a handshake-era
   * session it also runs a tool whose `execution.taskSupport` is `"optional"` as a task.
   */
  taskWaitMs?: number;
}

/** Options of one tool call (`callTool`, `invoke`, and `resume` of a tool call's interrupt). */
export interface ToolCallOptions extends CallOptions {
  /** Overrides the adapter's `handleToolErrors` for this call. */
  handleToolErrors?: boolean;
  /** Overrides the adapter's `validateOutput` for this call. */
  validateOutput?: boolean;
  /** Overrides the adapter's {@link MCPAdapterOptions.maxResultChars} for this call (`Infinity`: no cap). */
  maxResultChars?: number;
  /** Overrides the adapter's {@link MCPAdapterOptions.maxResultMedia} for this call. */
  maxResultMedia?: number;
}

/**
 * One tool call as interceptors see it. Frozen (a field cannot be set): {@link
 * ToolCallRequest.override} makes a changed copy to pass to `next`; `args` is its own copy, to
 * edit in place or not.
 */
export interface ToolCallRequest {
  /** The MCP tool name the call goes out under. */
  readonly name: string;
  /**
   * The call's arguments: this request's own deep copy, made as the call sends them (by
   * `JSON.stringify`). An interceptor may edit it in place, as LangChain's `wrapToolCall`
   * middleware edits `request.toolCall.args`: `next()` sends the edit, and neither the caller's
   * object (a LangChain tool call's arguments, in the graph's state) nor another request sees
   * it.
   * @throws {MCPAdapterError} `invalid_argument` (from the call) for arguments with no JSON
   * form (a `BigInt`, a cycle).
   */
  readonly args: Record<string, unknown>;
  /** The server's key in an {@link MCPAdapterGroup}; for an adapter on its own, its URL. */
  readonly server: string;
  /**
   * What this call sends over the adapter's own `headers` option (names lower-case; `{}` when
   * nothing): set as the call's {@link CallOptions.headers}. A frozen copy: an edit in place
   * throws a `TypeError` (it could add a second spelling of a name); `override({ headers })`
   * merges names case-insensitively.
   */
  readonly headers: Readonly<Record<string, string>>;
  /** The call's `AbortSignal`, if any. */
  readonly signal?: AbortSignal;
  /**
   * Through `toLangChainTools`: the LangChain tool runtime of the call (`toolCallId`,
   * `state`, `context`, `store`, `config`: the run's own objects, not copies, as LangChain
   * hands them to its middleware); undefined for calls made otherwise.
   */
  readonly runtime?: ToolCallRuntime;
  /**
   * A copy with `name` and `args` replaced and `headers` set over this request's (names
   * compared case-insensitively; a value of the same name in any case replaces the old one).
   * @throws {MCPAdapterError} `invalid_argument` for a name that is not a string or args that are not an object.
   */
  override(changes: { name?: string; args?: Record<string, unknown>; headers?: Record<string, string> | Headers }): ToolCallRequest;
}

/** The LangChain tool runtime an interceptor reads through `toLangChainTools` (`request.runtime`). */
export interface ToolCallRuntime {
  /** The id of the model's tool call, when the tool was called with one. */
  toolCallId?: string;
  /** The graph state of the run (in `createAgent`: `messages` and the rest). */
  state?: unknown;
  /** The run's context (`invoke(input, { context })`). */
  context?: unknown;
  /** The run's LangGraph store, if any. */
  store?: unknown;
  /** The `RunnableConfig` the tool was called with. */
  config?: Record<string, unknown>;
}

/**
 * Wraps tool calls, onion-like: the first interceptor of a list is the outermost. It may call
 * `next` zero times (and answer itself), once (with `request` or `request.override(...)`;
 * `next()` passes `request` on), or several times (a retry), and may change what `next`
 * resolved to. Errors reach it unchanged (`MCPAdapterError` with its `code`); interrupts are
 * results like any other, to be returned untouched.
 * Through `toLangChainTools` it may also resolve to a LangChain `ToolMessage` or a LangGraph
 * `Command`, which become the tool's output as they are.
 *
 * @example
 * const retryOnce = async (request, next) => {
 *   try { return await next(); } catch (e) { if (e.code === "http_status") return next(); throw e; }
 * };
 * const asUser = (request, next) => next(request.override({ headers: { "X-User": currentUser() } }));
 */
export type ToolCallInterceptor = (
  request: ToolCallRequest,
  next: (request?: ToolCallRequest) => Promise<any>,
) => Promise<any> | any;

/** LangChain.js v1 content blocks (camelCase field names), as produced from MCP content. */
export type ContentBlock =
  /** MCP text; an embedded text resource (uri in `metadata.uri`); a resource link (described in `text`, fields in `metadata`). */
  | { type: 'text'; text: string; metadata?: Record<string, unknown> }
  /** MCP image / audio, or an embedded blob resource of that media type: base64 `data` + `mimeType`. */
  | { type: 'image' | 'audio' | 'video'; data: string; mimeType: string; metadata?: Record<string, unknown> }
  /** Any other embedded blob resource: base64 `data`, `mimeType`, `metadata.uri`, `metadata.filename`. */
  | { type: 'file'; data: string; mimeType: string; metadata?: Record<string, unknown> };

/**
 * What a tool call returns: the shape of LangChain's `ToolMessage` content, artifact and
 * status. `type` tells it from an interrupt: `if (out.type === "tool_result")`, or switch on it.
 */
export interface ToolResult {
  /** Always `tool_result`. */
  type: 'tool_result';
  /**
   * The server's content as v1 blocks (on `status: "error"`, the server's own error content).
   * Never empty, since model APIs refuse an empty (error) tool result: a result without
   * blocks gets one text block, its `structuredContent` as JSON text when it has one, else
   * "The tool reported an error without details." (`status: "error"`) or
   * "The tool returned no content." (`status: "success"`).
   */
  content: ContentBlock[];
  /**
   * What the server sent for a UI rather than the model: `structuredContent` (any JSON
   * value) and the result's `_meta` (less the envelope's `io.modelcontextprotocol/serverInfo`);
   * absent when it sent neither. `full_content`: the whole content, when `maxResultChars` or
   * `maxResultMedia` left some of it out of `content`.
   */
  artifact?: { structured_content?: unknown; _meta?: Record<string, unknown>; full_content?: ContentBlock[] };
  /**
   * `"error"` when the server set `isError: true`, or (`validateOutput`) when the structured
   * content does not match the tool's `outputSchema`: then `content` is one text block naming
   * each failing path and why, and `artifact` keeps the structured content.
   */
  status: 'success' | 'error';
}

/** One thing a server asks a person for (an `elicitation/create` input request). */
export type ElicitationRequest =
  | {
      /** The server's key of this input request; answer under it. */
      key: string;
      /** What to tell the person. */
      message: string;
      mode: 'form';
      /** Flat object schema of primitive fields (string, number, integer, boolean, enums). */
      requested_schema: { type: 'object'; properties: Record<string, Record<string, unknown>>; required?: string[] };
      /** The schema's `default`s, to prefill the form. */
      defaults: Record<string, unknown>;
    }
  | {
      /** The server's key of this input request; answer under it. */
      key: string;
      /** What to tell the person. */
      message: string;
      /** Show the full URL and ask for consent; never open it inside the agent. `accept` means the person agreed to open it; completion is found by resuming. */
      mode: 'url';
      /** The server's URL, verbatim. */
      url: string;
    };

/**
 * The server needs a person before the call can finish (MCP 2026-07-28 `input_required`).
 * Plain JSON: store it, send it elsewhere, and resume it with any adapter for `server.url`.
 */
export interface ElicitationInterrupt {
  /** Always `mcp_elicitation`. */
  type: 'mcp_elicitation';
  /** The tool being called, or null for `prompts/get` / `resources/read`. */
  tool_name: string | null;
  /** The server the retry goes to (`url` must be the resuming adapter's); `name` and `version` as it described itself. */
  server: { url: string; name: string | null; version: string | null };
  /** What to ask the person: one entry per input request, each answered under its `key`. */
  requests: ElicitationRequest[];
  /** What the retry needs; treat as opaque. `request_state` is echoed byte for byte. */
  method: 'tools/call' | 'prompts/get' | 'resources/read';
  /** The original params, sent again on the retry. */
  params: Record<string, unknown>;
  /** The server's `requestState`; absent when it sent none. */
  request_state?: string;
  /** Answers the adapter gave in place this round (sampling, roots), sent with the person's; absent when none. */
  input_responses?: Record<string, unknown>;
  /** How many input-required rounds this call has taken (handshake era: how many questions the server asked in it). */
  round: number;
  /**
   * Handshake era only (2025-11-25 / 2025-06-18 servers, which ask in the middle of a call):
   * the session's revision. Such an interrupt has one request, under the key `"elicitation"`.
   */
  protocol_version?: string;
  /**
   * Every answer the person gave earlier in this call, in order (2026-07-28: those of earlier
   * rounds, absent before any; handshake era: always there). When the call has to be sent
   * again (a 2026-07-28 server refuses an expired or unknown `request_state`; a handshake-era
   * call no longer held), each question the server asks again is answered from them when it
   * is the same question, and a question that changed is asked anew.
   */
  answers?: GivenAnswer[];
  /** Handshake era only: the call the adapter that made this interrupt holds open for the answer; other adapters replay the call. */
  open_call?: number;
  /**
   * When a tool call's task asks (its `input_required` status): the task, where the answers
   * go (`tasks/update`), not a retry of the call; `params` then holds only the tool's `name`,
   * and `requests` only the questions not answered yet (their keys exactly as the server gave
   * them). Such an interrupt may be answered in part: the questions left are asked again.
   * A handshake-era task (with `protocol_version`, MCP 2025-11-25) asks on its `tasks/result`
   * stream, one question at a time as any call of that era: the answer goes to the held
   * `tasks/result`, or, from another adapter, `tasks/result` is sent again and told it.
   * No key otherwise.
   */
  task?: TaskState;
  /** When the adapter made this interrupt, by its clock: ISO 8601 in UTC, as `toISOString()` writes it (`"2026-07-28T09:30:00.000Z"`). A server may bound how long its `request_state` stays valid (FastMCP: 10 minutes). */
  created_at: string;
  /** With the adapter's `interruptKey`: `"v1."` + base64url HMAC-SHA-256 over every other field (see {@link MCPAdapterOptions.interruptKey}); absent without one. */
  signature?: string;
}

/** An answer given earlier in a call: the question asked and the `ElicitResult` sent. */
export interface GivenAnswer {
  /** What the server asked: an {@link ElicitationRequest} without `key` and `defaults`. */
  request: Record<string, unknown>;
  /** What it was told: `{ action, content? }`. */
  response: Record<string, unknown>;
}

/** The `approval` option gated this call; nothing was sent yet. */
export interface ApprovalInterrupt {
  /** Always `mcp_approval`. */
  type: 'mcp_approval';
  /** The tool the model called. */
  tool_name: string;
  /** The call's arguments (`{}` when none). */
  args: Record<string, unknown>;
  /** The server the call goes to, as in {@link ElicitationInterrupt.server}. */
  server: { url: string; name: string | null; version: string | null };
  /** The tool's metadata from the last `listTools()`, or null when it was not listed. */
  metadata: MCPToolMetadata | null;
  /** The request an approval sends: always `tools/call`. */
  method: 'tools/call';
  /** What the person may answer (the `approval` option's `allowedDecisions`; all three by default). */
  allowed_decisions: ApprovalDecision[];
  /**
   * The fingerprint of the tool's definition when the person was asked ({@link
   * MCPTool.fingerprint}); `resume()` (of any adapter) refuses the answer with
   * `tool_definition_changed` when the server's listing gives the tool another one since (a
   * "rug pull"). Absent where the runtime has no `crypto.subtle` (a page of an insecure
   * origin).
   */
  tool_fingerprint?: string;
  /** When the adapter made this interrupt, as in {@link ElicitationInterrupt.created_at}. */
  created_at: string;
  /** With the adapter's `interruptKey`: `"v1."` + base64url HMAC-SHA-256 over every other field (see {@link MCPAdapterOptions.interruptKey}); absent without one. */
  signature?: string;
}

/** A decision on an approval, in LangChain's human-in-the-loop terms. */
export type ApprovalDecision = 'approve' | 'edit' | 'reject';

/** What the `approval` option returns: gate the call (`true`, or the decisions it accepts) or let it through (`false`). */
export type ApprovalVerdict = boolean | { allowedDecisions: ApprovalDecision[] };

/**
 * Where a tool call's task stands, as the adapter last learned it (the Tasks extension,
 * `io.modelcontextprotocol/tasks`, SEP-2663): the fields of a {@link TaskHandle}, and the
 * `task` of an {@link ElicitationInterrupt} the task asks.
 */
export interface TaskState {
  /** The server's `taskId` (a token: with the credentials it was made with, it reaches the task). */
  task_id: string;
  /** `"working"`, or `"input_required"` (a handle whose questions were all answered, the server not yet on). */
  status: 'working' | 'input_required';
  /** The server's last `statusMessage` (also handed to `onProgress`); absent before any. */
  status_message?: string;
  /** The server's last `pollIntervalMs`, or null: the next poll is no sooner than this after `checked_at` (at least 100 ms, at most 10 minutes apart; 1 s when null). */
  poll_interval_ms: number | null;
  /** The server's last `ttlMs` (how long the task lives from its creation), or null for no limit. */
  ttl_ms: number | null;
  /** Which arguments the task was made for, without them: FNV-1a, 64 bits as 16 hex digits, of their JSON with members sorted by name. It tells calls apart; the `signature` is what makes a handle tamper-evident. */
  args_digest: string;
  /** The input request keys already answered, never answered again (the newest 64); absent before any. */
  answered?: string[];
  /** When the task was created, by the adapter's clock (ISO 8601 in UTC, as `toISOString()` writes it). Past `created_at` + `ttl_ms` the adapter gives it up (`task_expired`). */
  created_at: string;
  /** When the adapter last learned the task's status (its creation or last `tasks/get`), by its clock. */
  checked_at: string;
  /** A handshake-era task only (MCP 2025-11-25 `basic/utilities/tasks.mdx`, `"2025-11-25"`): the session's revision. Absent in a task of the Tasks extension (2026-07-28). A task resumes only on a session of its own generation: the other's refuse it with `invalid_argument` before anything about it is sent. */
  protocol_version?: string;
}

/**
 * A tool call's task that the call stopped waiting for (`taskWaitMs`). A server of the Tasks
 * extension (`io.modelcontextprotocol/tasks`, SEP-2663) may answer a `tools/call` with a task,
 * which the adapter follows by polling `tasks/get` at the server's `pollIntervalMs`: to the
 * tool's result (an `isError` result too), to `task_failed`, `task_cancelled`,
 * `task_expired` or `task_not_found`, to an {@link ElicitationInterrupt} when the task asks a
 * person (with `task`), or, past the call's `taskWaitMs`, to this handle. Plain JSON: store it
 * and {@link MCPAdapter.resume} it later (with `{}`), in any process, with any adapter for
 * `server.url` that sends the same credentials (the server binds a task to them); or
 * {@link MCPAdapter.cancelTask} it. A call's `signal` and `timeoutMs` cancel its task
 * (`tasks/cancel`) before the call rejects with `aborted` / `timeout`.
 */
export interface TaskHandle extends TaskState {
  /** What this is: a tool call's task the call stopped waiting for. */
  type: 'mcp_task';
  /** The tool called. */
  tool_name: string;
  /** The server the task runs on (`url` must be the resuming adapter's), as in {@link ElicitationInterrupt.server}. */
  server: { url: string; name: string | null; version: string | null };
  /** The request whose task this is: always `tools/call`. */
  method: 'tools/call';
  /** With the adapter's `interruptKey`: `"v1."` + base64url HMAC-SHA-256 over every other field (see {@link MCPAdapterOptions.interruptKey}); absent without one. */
  signature?: string;
}

/**
 * The {@link TaskHandle} a tool call may resolve to: with a wait limit (`Wait`, the type of the
 * adapter's or the call's `taskWaitMs`), else `never` (a call without one waits for its task
 * to end).
 */
export type TaskOf<Wait extends number | undefined> = [Wait] extends [undefined] ? never : TaskHandle;

/**
 * A call paused for the host; switch on `type`. Each carries `created_at`, when the adapter
 * made it (ISO 8601 in UTC, as `toISOString()` writes it), the sign-in of the auth module
 * (`mcp_authorization`) too.
 */
export type MCPInterrupt = ElicitationInterrupt | ApprovalInterrupt | AuthorizationInterrupt | TaskHandle;

/**
 * Anything `toLangChainTools` (mcp-wasm-adapter/langchain) and `toAISDKTools`
 * (mcp-wasm-adapter/ai) can list tools from: an `MCPAdapter`, an `MCPAdapterGroup`, or
 * the like. `callTool` is needed only when an interceptor renames a call.
 */
export interface MCPToolSource {
  /** The tools, as {@link MCPAdapter.listTools} gives them. */
  listTools(options?: CallOptions): Promise<Array<MCPTool<boolean>> | AuthorizationInterrupt>;
  /** Resumes an interrupt of one of the tools: {@link MCPAdapter.resume}. */
  resume: MCPAdapter<boolean>['resume'] | MCPAdapterGroup<boolean>['resume'];
  /** Calls a tool by name: {@link MCPAdapter.callTool}. */
  callTool?: MCPAdapter<boolean>['callTool'] | MCPAdapterGroup<boolean>['callTool'];
}

/**
 * Why a tool paused again with the same question (the `asked_again` member the glue adds to the
 * MCP interrupt it shows): `invalid_answer`, the adapter refused the answer before sending
 * (`message` its verdict, `errors` the `{ path, message }` of edited args); `outcome_unknown`,
 * an approved call was sent but what came of it is not known (approve it again to send it
 * again, with the same idempotency key).
 */
export interface AskedAgain {
  /** Why it asks again (see above). */
  reason: 'invalid_answer' | 'outcome_unknown';
  /** What to tell the person. */
  message: string;
  /** `invalid_answer` of edited args: each failing argument path and why. */
  errors?: Array<{ path: string; message: string }>;
}

/**
 * Which MCP tool annotation hints (MCP 2026-07-28 `server/tools.mdx`, "ToolAnnotations") gate
 * a tool behind a person's approval: `interruptOnFromAnnotations` (mcp-wasm-adapter/langchain)
 * and `toAISDKTools` (mcp-wasm-adapter/ai) read them.
 */
export interface AnnotationRules {
  /** Gate tools that are `destructiveHint: true` (and not `readOnlyHint: true`). Default true. */
  destructive?: boolean;
  /** Gate tools that are `openWorldHint: true`. Default false. */
  openWorld?: boolean;
  /** Gate tools that are `readOnlyHint: false`. Default false. */
  mutating?: boolean;
  /** Gate tools that are `idempotentHint: false` (and not read-only). Default false. */
  nonIdempotent?: boolean;
  /**
   * Hints a server left out count with the MCP defaults (`readOnlyHint` false,
   * `destructiveHint` true, `idempotentHint` false, `openWorldHint` true). Default false: only
   * hints the server set count. Annotations are the server's claims, not guarantees.
   */
  specDefaults?: boolean;
}

/** The methods whose calls may pause for a person (and so be resumed). */
export type InterruptedMethod = 'tools/call' | 'resources/read' | 'prompts/get';

/**
 * The sign-in a call of `method` may resolve to: an {@link AuthorizationInterrupt} of that
 * method when `SignIn` may be true (the adapter's `auth` provider interrupts: an
 * `OAuthProvider` made with `interrupt: true`), else `never` (no `auth`, or a provider that
 * redirects). {@link MCPAdapter} infers `SignIn` from its options.
 */
export type SignInOf<SignIn extends boolean, M extends string = string> = SignIn extends true ? AuthorizationInterrupt & { method: M } : never;

/**
 * The interrupts a call of `method` may resolve to: an {@link ElicitationInterrupt}, for
 * `tools/call` an {@link ApprovalInterrupt}, and with `SignIn` (the adapter's `auth`
 * interrupts; false by default) an {@link AuthorizationInterrupt} of that method, and for
 * `tools/call` with a wait limit (`Wait`: see {@link TaskOf}) a {@link TaskHandle}. `callTool`
 * gives `InterruptOf<'tools/call', SignIn, Wait>`, so an interrupt narrowed by its `type`
 * resumes to a tool result again.
 */
export type InterruptOf<M extends string, SignIn extends boolean = false, Wait extends number | undefined = undefined> =
  | (ElicitationInterrupt & { method: M })
  | SignInOf<SignIn, M>
  | ('tools/call' extends M ? ApprovalInterrupt | TaskOf<Wait> : never);

/**
 * What a finished call of `method` resolves to: a {@link ToolResult} for `tools/call`,
 * {@link ResourceContent}s for `resources/read`, {@link PromptMessage}s for `prompts/get`
 * (`unknown` for any other method, such as a list a sign-in interrupted).
 */
export type ResultOf<M extends string> = M extends 'tools/call'
  ? ToolResult
  : M extends 'resources/read'
    ? ResourceContent[]
    : M extends 'prompts/get'
      ? PromptMessage[]
      : unknown;

/** The answer to an {@link ElicitationInterrupt}: one entry per request key, no more, no less. */
export interface ElicitationAnswer {
  /** By request key: `accept` (with the form's `content`; none in URL mode), `decline` or `cancel`. */
  responses: Record<string, { action: 'accept'; content?: Record<string, string | number | boolean | string[]> } | { action: 'decline' | 'cancel' }>;
}

/**
 * The answer to an {@link ApprovalInterrupt}: approve, edit (send with other `args`) or reject
 * (the call resolves to an error-status result). What the person changes travels here, never
 * in the interrupt. The decision must be one of the interrupt's `allowed_decisions`.
 */
export interface ApprovalAnswer {
  /**
   * `approve` sends the call as it is, `edit` with `args`, `reject` sends nothing. An
   * `approve` with `args` that differ from the interrupt's counts as an `edit`.
   */
  decision: ApprovalDecision;
  /**
   * The edited arguments (`edit`). Checked before anything is sent against the tool's
   * `inputSchema` from this adapter's last `listTools()` (listed now when the tool is not in
   * it): a mismatch is `invalid_argument` listing each path and why (also as
   * `data.errors: { path, message }[]`), and the interrupt can be answered again.
   */
  args?: Record<string, unknown>;
  /** Why it was rejected; shown to the model. */
  message?: string;
}

/** MCP tool metadata for human-in-the-loop policies (`metadata.mcp`). */
export interface MCPToolMetadata {
  /** What MCP says about the tool and its server. */
  mcp: {
    /**
     * The tool's own MCP fields, verbatim, or null when absent or not of the type MCP gives
     * them (see {@link MCPAdapter.listTools}; so is a member of `annotations` of the wrong type).
     */
    tool: {
      /** `ToolAnnotations`: `readOnlyHint`, `destructiveHint`, `idempotentHint`, `openWorldHint`, `title` (hints, untrusted). */
      annotations: Record<string, unknown> | null;
      /** The tool's `_meta`. */
      _meta: Record<string, unknown> | null;
      /** The tool's own `title` (not `annotations.title`). */
      title: string | null;
      /** The tool's `icons`. */
      icons: Array<{ src: string; mimeType?: string; sizes?: string[]; theme?: 'light' | 'dark' }> | null;
    };
    /** `name` and `version` of the server's `Implementation`. */
    server: { name: string | null; version: string | null };
    /**
     * What {@link MCPTool.schema} relaxed of the `inputSchema` to give model providers a plain
     * object root, one sentence per kind: a root `allOf` merged; a root `anyOf` / `oneOf`
     * merged into one object that requires only what every alternative requires; a root
     * `type` other than `"object"` replaced; a `required` that is not an array of strings or
     * a `properties` that is not an object dropped; a schema too deep or too large to prepare
     * (then only its root is rewritten). Absent (never empty) when nothing was relaxed.
     */
    schema_warnings?: string[];
    /** The tool's MCP Apps metadata (see {@link MCPToolUI}), from `listTools()` (not in the `approval` predicate's); absent for a plain tool. */
    ui?: MCPToolUI;
  };
}

/** Who may call a tool of an MCP App: the agent's model, or a view (`"app"`) of its server. */
export type MCPAppVisibility = 'model' | 'app';

/**
 * A tool's `_meta.ui` (MCP Apps 2026-01-26, `apps.mdx`, "Resource Discovery"): its view and
 * who may call it. `toLangChainTools` leaves out a tool without `"model"`; an app's call goes
 * through {@link MCPAdapter.callToolFromApp}.
 */
export interface MCPToolUI {
  /** `_meta.ui.resourceUri` (else the deprecated `_meta["ui/resourceUri"]`): a `ui://` URI (another is ignored, with a warning), or null. */
  resourceUri: string | null;
  /** Absent `visibility`: both; else the values it names (none for `[]`, unknown values or a non-array: failing closed). */
  visibility: MCPAppVisibility[];
}

/** An MCP App's view, from {@link MCPAdapter.readAppResource}. */
export interface MCPAppResource {
  /** The view's `ui://` URI, as read. */
  uri: string;
  /** The HTML (`text`, or `blob` decoded as UTF-8). */
  html: string;
  /**
   * `_meta.ui` (`UIResourceMeta`) of the content item over the `resources/list` entry's, each
   * member the item has winning whole; the server's values, unchecked (build a CSP from them
   * with care).
   */
  ui: {
    csp?: { connectDomains?: string[]; resourceDomains?: string[]; frameDomains?: string[]; baseUriDomains?: string[] };
    permissions?: { camera?: {}; microphone?: {}; geolocation?: {}; clipboardWrite?: {} };
    domain?: string;
    prefersBorder?: boolean;
  };
}

/** A server's tool, ready for an agent; `SignIn` and `Wait` are its adapter's (see {@link MCPAdapter}). */
export interface MCPTool<SignIn extends boolean = false, Wait extends number | undefined = undefined> {
  /** The name to call it by. */
  name: string;
  /** `title`, else `annotations.title`, else null. */
  title: string | null;
  /** The server's description, or "". */
  description: string;
  /** The server's input schema, verbatim (JSON Schema 2020-12 or draft-07). */
  inputSchema: Record<string, unknown>;
  /**
   * The input schema made LLM-ready: local `$ref`s inlined (cycles end in `{}`), `$defs` and
   * `$schema` dropped, `properties: {}` on bare objects, malformed `required` / `properties`
   * dropped, unions below the root kept. Its root is always
   * `{ type: "object", properties: {…}, … }` with no `allOf` / `anyOf` / `oneOf`, the shape
   * every model provider takes: a root `allOf` is merged, and a root `anyOf` / `oneOf` of
   * objects becomes one object with every alternative's properties, requiring only what all
   * of them require, the choice told in the descriptions of the properties concerned
   * ("(give exactly one of: content | source_url)"). What was relaxed is listed in
   * `metadata.mcp.schema_warnings`; the server still validates against `inputSchema`.
   * When making it LLM-ready changed nothing, it is the same object as `inputSchema` (no
   * second copy is made): treat both as read-only, since the adapter checks edited
   * arguments against `inputSchema`.
   */
  schema: Record<string, unknown> & { type: 'object'; properties: Record<string, unknown> };
  /** The server's output schema, verbatim, or null. */
  outputSchema: Record<string, unknown> | null;
  /** MCP metadata for human-in-the-loop policies. */
  metadata: MCPToolMetadata;
  /**
   * `"sha256:"` and the hex SHA-256 of the canonical JSON (RFC 8785) of `{ name, description,
   * inputSchema, outputSchema, annotations }` (the MCP name; `null` for one absent): the same
   * in every runtime and run, another when the server changes what the model reads or the
   * gate and checks act on. Set when the adapter tracks definitions (`approval`,
   * `onToolsChanged`, `pinTools`, `definitions`), and in {@link MCPAdapter.toolDefinitions}.
   */
  fingerprint?: string;
  /**
   * Calls the tool (`tools/call`) with `args` sent verbatim (`{}` when omitted).
   * Resolves to a {@link ToolResult}, or to an {@link MCPInterrupt} when a person is needed
   * (answer it with {@link MCPAdapter.resume}); rejects with {@link MCPAdapterError} on
   * transport or protocol failure only. A tool of a listing made with call `headers` (another
   * user's, perhaps) is called with those headers unless `options.headers` gives others.
   * With a `taskWaitMs` (the call's or the adapter's) it may resolve to a {@link TaskHandle}.
   */
  invoke(args: Record<string, unknown> | undefined, options: ToolCallOptions & { taskWaitMs: number }): Promise<ToolResult | InterruptOf<'tools/call', SignIn, number>>;
  /** As above; with no `taskWaitMs` of the call's, the adapter's (`Wait`) decides whether a {@link TaskHandle} may come back. */
  invoke(args?: Record<string, unknown>, options?: ToolCallOptions): Promise<ToolResult | InterruptOf<'tools/call', SignIn, Wait>>;
}

/** What `server/discover` said. */
export interface ServerDescription {
  /** The revisions the server speaks (handshake era: the negotiated one). */
  supportedVersions: string[];
  /** The server's `ServerCapabilities`, verbatim, or null when it sent none. */
  capabilities: Record<string, unknown> | null;
  /** How the server describes itself, or null. */
  serverInfo: Implementation | null;
  /** The server's instructions for the model, or null. */
  instructions: string | null;
}

/**
 * A client of one remote MCP server over streamable HTTP (`fetch` only). `SignIn`, inferred
 * from the constructor's `auth` option, says whether a call that needs a sign-in resolves to
 * an {@link AuthorizationInterrupt}: true for `new OAuthProvider({ interrupt: true, ... })`,
 * false without `auth` or for a provider that redirects. Only with it do the results' types
 * include `mcp_authorization` ({@link SignInOf}). `MCPAdapter` is an adapter without it,
 * `MCPAdapter<true>` one with it, `MCPAdapter<boolean>` either. `Wait`, inferred from the
 * `taskWaitMs` option, says whether its tool calls may resolve to a {@link TaskHandle}
 * (`number`) or not (`undefined`, without the option).
 *
 * @example
 * const adapter = new MCPAdapter("https://host/mcp", { headers: { Authorization: "Bearer …" } });
 * const [weather] = await adapter.listTools();
 * const out = await weather.invoke({ city: "Oslo" }); // { type: "tool_result", content, artifact, status }
 */
export declare class MCPAdapter<SignIn extends boolean = false, Wait extends number | undefined = undefined> {
  /**
   * @param url an `http:` or `https:` URL (string or `URL`). Anything else (a path, `file:`,
   *   `ws:`, "") throws {@link MCPAdapterError} `invalid_url` before any request.
   * @throws {MCPAdapterError} `invalid_url`, `invalid_argument` (bad options; from
   *   `mcp-wasm-adapter/init`, or `require()` in a browser bundle: before `initialize()`)
   */
  constructor(url: string | URL, options?: MCPAdapterOptions<SignIn, Wait>);
  /** The server's URL, as given (a `URL` as its string). */
  readonly url: string;
  /** The negotiated revision ("2026-07-28", or "2025-11-25" / "2025-06-18" for handshake-era servers); undefined until the first call settles it. */
  readonly protocolVersion: string | undefined;
  /** What `server/discover` (or, handshake era, `initialize`) returned; undefined until the first call. */
  readonly server: ServerDescription | undefined;
  /**
   * The server's `instructions` (`server/discover`, or `initialize`): `null` when it gave
   * none, undefined before the first call. Server text, not trusted text: never added to a
   * prompt by the package unless the host asks (`instructionsPrompt` in
   * `mcp-wasm-adapter/langchain`).
   */
  readonly instructions: string | null | undefined;
  /**
   * The adapter's listing (`listTools(options)`) as plain JSON, each tool with its
   * `fingerprint`: what another adapter of the server takes as its `definitions` option (a
   * fresh edge isolate then calls tools without listing them).
   */
  toolDefinitions(options?: ListOptions): Promise<MCPToolDefinition[]>;
  /**
   * All tools, following `nextCursor` to the end (at most `maxPages` pages; a repeated cursor
   * is a `pagination` error). The first call of an adapter runs `server/discover`. Each
   * tool's fields are held to their MCP types (MCP 2026-07-28 `server/tools.mdx`, "Tool"):
   * a tool whose `name` is not a string or whose `inputSchema` is there but not an object is
   * left out (a missing or `null` one reads as `{ type: "object" }`, no arguments);
   * an optional field of the wrong type (`title: 42`, `annotations: "x"`, `readOnlyHint:
   * "yes"`, an icon without a string `src`, `outputSchema: []`) is treated as absent; each
   * with a warning naming the tool and the field (see `onWarning`). Tools with
   * invalid `x-mcp-header` annotations or an earlier tool's name are left out too;
   * valid annotations make later calls mirror those arguments into
   * `Mcp-Param-*` headers (MCP 2026-07-28 `basic/transports/streamable-http.mdx`, "Custom
   * Headers from Tool Parameters"). A listing with call `headers` (another user's, whose tools
   * MAY differ) leaves the adapter's mirrors as they are: only the `invoke` of its own tools
   * mirrors per those tools, and so does `resume()` of the very interrupt object such an
   * `invoke` returned (a copy of it, e.g. from storage, only through toLangChainTools, whose
   * resumes carry the tool's schema); every other call, `callTool` with the same `headers`
   * included, mirrors per the adapter's own last listing; such a call (or answer) the server
   * refuses with `-32020` (header mismatch: an adapter that has not listed the tool yet, as a
   * fresh one resuming a stored interrupt) lists the tools and is sent once more.
   * Pages are cached by their `ttlMs` / `cacheScope` (see {@link ListOptions.cacheMode}).
   */
  listTools(options?: ListOptions): Promise<MCPTool<SignIn, Wait>[] | SignInOf<SignIn, 'tools/list'>>;
  /**
   * Ends a handshake-era session: lets go of the calls held open for a live resume (their
   * HTTP requests are closed; their interrupts still resume, by replay), then HTTP DELETE of
   * `Mcp-Session-Id`, which ends the session and, on servers that end a session's requests
   * with it (FastMCP does), the tools waiting on a question. Does nothing for sessionless
   * servers. The next call negotiates again. A process that made handshake-era calls calls
   * it before it exits: held calls keep it running (up to their `timeoutMs`) and the session
   * stays on the server.
   */
  close(): Promise<void>;
  /** Calls a tool by name; see {@link MCPTool.invoke}. */
  callTool(name: string, args: Record<string, unknown> | undefined, options: ToolCallOptions & { approved?: boolean; taskWaitMs: number }): Promise<ToolResult | InterruptOf<'tools/call', SignIn, number>>;
  callTool(name: string, args?: Record<string, unknown>, options?: ToolCallOptions & { approved?: boolean }): Promise<ToolResult | InterruptOf<'tools/call', SignIn, Wait>>;
  /**
   * A `tools/call` from the view `resourceUri` of an MCP App, as {@link MCPAdapter.callTool}
   * once allowed: the tool must be in the last `listTools()` (listed first when not), with
   * `"app"` in its {@link MCPToolUI.visibility}, and the view must be one of this server's
   * (a tool's `resourceUri`): servers do not enforce visibility, the host must.
   * @throws {MCPAdapterError} `app_call_refused` (nothing sent), and what `callTool` throws.
   */
  callToolFromApp(name: string, args: Record<string, unknown> | undefined, options: ToolCallOptions & { resourceUri: string }): Promise<ToolResult | InterruptOf<'tools/call', SignIn>>;
  /**
   * Reads an MCP App's view (`resources/read` of a `ui://` URI, with `resources/list` for the
   * entry's `_meta.ui`): its content item must be `text/html;profile=mcp-app`, at most
   * `maxBytes` (default 8 MiB).
   * @throws {MCPAdapterError} `invalid_argument` (not `ui://`), `invalid_message`, `body_too_large`, and what `readResource` throws.
   */
  readAppResource(uri: string | URL, options?: ListOptions & { maxBytes?: number }): Promise<MCPAppResource | InterruptOf<'resources/read', SignIn>>;
  /**
   * Continues a call that returned an interrupt: the same method with the original params,
   * only this round's answers, the exact `requestState`, a new JSON-RPC id. Resolves to what
   * the interrupted method gives ({@link ResultOf} its `method`: a tool result for a tool
   * call, what {@link MCPAdapter.readResource} / {@link MCPAdapter.getPrompt} give for those)
   * or to its next interrupt; an interrupt of unknown method (e.g. parsed from storage)
   * resolves to the union of them. An interrupt is plain data and keeps no headers: answer one
   * of a call made with its own `headers` (or through an entry of a listing made with them)
   * with the same `options.headers`, else the answer goes out with the adapter's. The answer
   * to the interrupt object a listed tool's `invoke` returned mirrors `x-mcp-header` arguments
   * as that call did (see {@link MCPAdapter.listTools}).
   * @throws {MCPAdapterError} `interrupt_signature_invalid` (with an `interruptKey`) for an
   *   unsigned, altered or foreign-key interrupt; `invalid_argument` before anything is sent
   *   when keys are missing or extra, an action is unknown, form content breaks the schema,
   *   the interrupt belongs to another server URL or era, the decision is not one of the approval's
   *   `allowed_decisions`, or edited `args` break the tool's `inputSchema`;
   *   `too_many_rounds`; transport/protocol errors.
   */
  resume<M extends InterruptedMethod>(interrupt: ElicitationInterrupt & { method: M }, answer: ElicitationAnswer, options: ToolCallOptions & { taskWaitMs: number }): Promise<ResultOf<M> | InterruptOf<M, SignIn, number>>;
  resume<M extends InterruptedMethod>(interrupt: ElicitationInterrupt & { method: M }, answer: ElicitationAnswer, options?: ToolCallOptions): Promise<ResultOf<M> | InterruptOf<M, SignIn, Wait>>;
  resume(interrupt: ApprovalInterrupt, answer: ApprovalAnswer, options: ToolCallOptions & { taskWaitMs: number }): Promise<ToolResult | InterruptOf<'tools/call', SignIn, number>>;
  resume(interrupt: ApprovalInterrupt, answer: ApprovalAnswer, options?: ToolCallOptions): Promise<ToolResult | InterruptOf<'tools/call', SignIn, Wait>>;
  /**
   * Follows a task on ({@link TaskHandle}): the first poll no sooner than its
   * `poll_interval_ms` after `checked_at`, then as a call does, with this call's
   * `taskWaitMs` (after which it resolves to the updated handle) and `timeoutMs` (which
   * cancels the task). The answer is ignored (`{}`). Refused before anything is sent
   * (`invalid_argument`) when it belongs to another server URL or era, or a field is not of its type;
   * with an `interruptKey`, when it is not signed with it.
   * @throws {MCPAdapterError} `task_failed`, `task_cancelled`, `task_expired`,
   *   `task_not_found`, `aborted`, `timeout`, transport/protocol errors.
   */
  resume(interrupt: TaskHandle, answer?: Record<string, never>, options?: ToolCallOptions): Promise<ToolResult | InterruptOf<'tools/call', SignIn, number>>;
  /** Finishes the sign-in (the URL the authorization server redirected to) and sends the interrupted call again: resolves to what that call gives. @throws {MCPAdapterError} `authorization_failed` (used or unknown `state`, `iss` mismatch, token request refused). */
  resume<M extends string>(interrupt: AuthorizationInterrupt & { method: M }, answer: { callbackUrl: string | URL }, options?: ToolCallOptions): Promise<ResultOf<M> | InterruptOf<M, SignIn>>;

  /**
   * Checks `answer` as {@link MCPAdapter.resume} does before anything is sent, and sends
   * nothing: with an `interruptKey`, the signature; for an approval, the decision and edited
   * `args` (listing the tools first when the tool is not in the last listing); for an
   * elicitation, the keys, actions and form content. A held handshake-era call is not
   * answered. For a sign-in (`mcp_authorization`) only the signature is checked. So a service
   * can refuse a person's answer (and ask again) before resuming.
   * @returns resolves when `resume()` would take the answer.
   * @throws {MCPAdapterError} what `resume()` would throw before sending:
   *   `interrupt_signature_invalid`, `invalid_argument` (with `data.errors` for edited args).
   */
  validateAnswer(interrupt: ElicitationInterrupt, answer: ElicitationAnswer): Promise<void>;
  validateAnswer(interrupt: ApprovalInterrupt, answer: ApprovalAnswer): Promise<void>;
  validateAnswer(interrupt: AuthorizationInterrupt, answer: { callbackUrl: string | URL }): Promise<void>;
  validateAnswer(interrupt: TaskHandle, answer?: Record<string, never>): Promise<void>;

  /**
   * Cancels a tool call's task (`tasks/cancel` of the Tasks extension): of a
   * {@link TaskHandle}, or of an {@link ElicitationInterrupt} the task asked. Resolves once the
   * server acknowledged it; cancellation is cooperative, so the task may still end otherwise.
   * Checked as `resume()` checks a handle before anything is sent.
   * @throws {MCPAdapterError} `invalid_argument`, `interrupt_signature_invalid`,
   *   `task_not_found` (the server no longer knows it), transport/protocol errors.
   */
  cancelTask(task: TaskHandle | ElicitationInterrupt, options?: CallOptions): Promise<void>;

  /** Finishes a sign-in the `auth` provider started (callback style): `callbackUrl` is where the authorization server sent the person back. */
  finishAuth(callbackUrl: string | URL): Promise<void>;

  /**
   * All resources (`resources/list`, MCP 2026-07-28 `server/resources.mdx`), following
   * `nextCursor` to the end (at most `maxPages`). Each is the server's `Resource`, verbatim,
   * plus `read()`. Entries without a string `uri` are left out (see `onWarning`). Pages are
   * cached by their `ttlMs` (see {@link ListOptions.cacheMode}).
   * @throws {MCPAdapterError} `not_supported` (`-32601`), `pagination`, transport/protocol errors.
   */
  listResources(options?: ListOptions): Promise<MCPResource<SignIn>[] | SignInOf<SignIn, 'resources/list'>>;
  /** All resource templates (`resources/templates/list`; RFC 6570 `uriTemplate`s), cached like {@link MCPAdapter.listResources}. */
  listResourceTemplates(options?: ListOptions): Promise<MCPResourceTemplate[] | SignInOf<SignIn, 'resources/templates/list'>>;
  /**
   * Reads a resource (`resources/read`; `Mcp-Name` is the URI). Resolves to its contents (one
   * or more; `[]` for an empty resource), or to an {@link ElicitationInterrupt} with `method:
   * "resources/read"` when the server needs input first (answer it with
   * {@link MCPAdapter.resume}, which then resolves to the contents). Tell them apart with
   * `Array.isArray(result)`. A complete first answer
   * is cached by its `ttlMs`/`cacheScope` (2026-07-28 only); answers after input never are.
   * @throws {MCPAdapterError} `resource_not_found` (with `uri`), `invalid_argument`, `not_supported`, transport/protocol errors.
   */
  readResource(uri: string | URL, options?: ListOptions): Promise<ResourceContent[] | InterruptOf<'resources/read', SignIn>>;
  /**
   * Reads several resources one after the other — `uris`, or every listed resource when
   * omitted — and resolves to all their contents in order; a read that needs input puts its
   * interrupt in place of its contents (`'type' in entry` tells an interrupt). When the
   * listing itself needs a sign-in (an `auth` that interrupts), resolves to that
   * {@link AuthorizationInterrupt} (`method: "resources/list"`) instead, as
   * {@link MCPAdapter.listResources} does: `Array.isArray(result)` tells.
   */
  getResources(request?: { uris?: string | URL | Array<string | URL> }, options?: ListOptions): Promise<Array<ResourceContent | InterruptOf<'resources/read', SignIn>> | SignInOf<SignIn, 'resources/list'>>;
  /**
   * All prompts (`prompts/list`, MCP 2026-07-28 `server/prompts.mdx`), every page, each with
   * `get()`; their declared arguments are remembered for {@link MCPAdapter.getPrompt}'s checks
   * (not those of a listing with call `headers`, which is the caller's alone).
   */
  listPrompts(options?: ListOptions): Promise<MCPPrompt<SignIn>[] | SignInOf<SignIn, 'prompts/list'>>;
  /**
   * Gets a prompt (`prompts/get`) as chat messages `{ role, content: [v1 block] }` — a
   * LangChain.js `BaseMessageLike[]`, so `model.invoke(await adapter.getPrompt(...))` works,
   * and `toLangChainMessages` (from `mcp-wasm-adapter/langchain`) makes `HumanMessage` /
   * `AIMessage`s. `args` values are strings (numbers and booleans are converted). Required
   * arguments (from the adapter's own `prompts/list`, listed once if needed; with call
   * `headers` and the prompt not in it, from a listing with those headers, neither cached nor
   * remembered) are checked before sending.
   * Resolves to an {@link ElicitationInterrupt} (`method: "prompts/get"`) when the server
   * needs input; tell them apart with `Array.isArray(result)`.
   * @throws {MCPAdapterError} `invalid_argument` (missing required or non-string arguments; nothing sent), `rpc_error` (`-32602`: unknown prompt), `not_supported`, transport/protocol errors.
   */
  getPrompt(name: string, args?: Record<string, string | number | boolean>, options?: CallOptions): Promise<PromptMessage[] | InterruptOf<'prompts/get', SignIn>>;
  /**
   * `completion/complete` (MCP 2026-07-28 `server/utilities/completion.mdx`): suggestions for
   * `argument.value` of a prompt argument or a resource template variable. `context.arguments`
   * gives the values already chosen for the others. Debounce calls from UIs.
   * @throws {MCPAdapterError} `not_supported` (no `completions` capability — nothing sent — or `-32601`), `invalid_argument`.
   */
  complete(
    ref: { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string },
    argument: { name: string; value: string },
    context?: { arguments?: Record<string, string> },
    options?: CallOptions,
  ): Promise<CompletionResult | SignInOf<SignIn, 'completion/complete'>>;
  /**
   * Listens for change notifications (MCP 2026-07-28 `subscriptions/listen`; handshake era:
   * the session's GET event stream plus `resources/subscribe`). Asks only for what the
   * server advertises (`tools.listChanged`, `prompts.listChanged`, `resources.listChanged`,
   * `resources.subscribe`), checks the server's acknowledgement, and resolves once it
   * arrived. Each notification then first drops the cached results it makes stale, then
   * goes to `onNotification`. The stream is read in the background: other calls go on.
   * `options.timeoutMs` bounds the wait for the acknowledgement only; `options.signal`
   * closes the subscription whenever it fires.
   * @throws {MCPAdapterError} `not_supported` (nothing advertised — nothing sent —, `-32601`,
   *   nothing acknowledged, no GET stream), `invalid_argument` (empty or malformed filter),
   *   `timeout` (no acknowledgement in time), `invalid_message` (the stream did not start
   *   with the acknowledgement of this request).
   */
  subscribe(filter: SubscriptionFilter, onNotification: (notification: MCPNotification) => void, options?: CallOptions): Promise<Subscription>;
  /** Forgets every cached result of this adapter (and the shared public results of its server). */
  clearCache(): void;
}

/** One server of an {@link MCPAdapterGroup}: a URL, a URL with its own adapter options, or an adapter used as built. */
export type MCPGroupServer<SignIn extends boolean = boolean> = string | URL | (MCPAdapterOptions<SignIn, undefined> & { url: string | URL }) | MCPAdapter<SignIn>;

/**
 * Options of an {@link MCPAdapterGroup}: adapter options shared by every adapter it builds, and
 * its own. An `approval` predicate (shared or a server's own) of an adapter the group builds is
 * shown each tool's metadata as {@link MCPAdapterGroup.listTools} gives it, with
 * `mcp.server.key` (the `mcp_approval` interrupt keeps the adapter's own metadata).
 */
export interface MCPAdapterGroupOptions<SignIn extends boolean = boolean> extends MCPAdapterOptions<SignIn, undefined> {
  /**
   * Name every tool `{server}_{tool}` (the server's key, an underscore, its name); calls still
   * go out under the server's own name. Default false: names stay as the servers give them.
   */
  toolNamePrefix?: boolean;
  /**
   * What a server that fails a list does (it is unreachable, refuses, times out, or needs a
   * sign-in first): `"throw"` (default) rejects with its error (the message starts with
   * `server "key":`, and `error.server` is the key); `"skip"` reports it through `onWarning`
   * (default `console.warn`) and lists the other servers; a function is told
   * `(error, { server, operation })` instead and the other servers are listed.
   */
  onServerError?: 'throw' | 'skip' | ((error: MCPAdapterError, context: { server: string; operation: string }) => void);
  /** Wrap every tool call made through the group, outside each adapter's own interceptors (`server` is the key). */
  interceptors?: ToolCallInterceptor[];
}

/** A tool of an {@link MCPAdapterGroup}: an {@link MCPTool} that says its server. */
export type MCPGroupTool<SignIn extends boolean = false> = Omit<MCPTool<SignIn>, 'metadata'> & {
  /** The server's own name of the tool (`name` is `{server}_{mcpName}` with `toolNamePrefix`). */
  mcpName: string;
  /** {@link MCPToolMetadata}, with the server's group key in `mcp.server.key`. */
  metadata: { mcp: Omit<MCPToolMetadata['mcp'], 'server'> & { server: MCPToolMetadata['mcp']['server'] & { key: string } } };
};

/**
 * Several MCP servers behind one object, each under a key of the host's choosing, as
 * LangChain's `MultiServerMCPClient` has them. Lists run on every server concurrently; calls,
 * reads and prompts go to the server they name. `SignIn` (inferred from the servers and the
 * shared options, as for {@link MCPAdapter}) is true when the `auth` of any of them interrupts.
 *
 * @example
 * const group = new MCPAdapterGroup(
 *   { crm: "https://crm.example.com/mcp", math: { url: "https://math.example.com/mcp", headers: { "X-Key": key } }, local: existingAdapter },
 *   { timeoutMs: 30_000, toolNamePrefix: true },
 * );
 * const tools = await group.listTools();           // crm_search, math_add, …
 * const tools2 = await toLangChainTools(group);    // from mcp-wasm-adapter/langchain
 */
export declare class MCPAdapterGroup<SignIn extends boolean = false> {
  /**
   * @param servers by key: a URL, `{ url, ...options }` (its options over the shared ones),
   *   or an `MCPAdapter`, used as built: its own options and handlers (`onElicitation`,
   *   `approval`, `interceptors`, …) are kept, and the shared options do not reach it.
   * @param options adapter options for every adapter the group builds (shared `headers` go
   *   to every such server: give credentials per server), plus the group's own.
   * @throws {MCPAdapterError} `invalid_argument` (no servers, bad options), `invalid_url`
   *   (the message names the server).
   */
  constructor(servers: Record<string, MCPGroupServer<SignIn>>, options?: MCPAdapterGroupOptions<SignIn>);
  /** The server keys, in the order given. */
  readonly servers: string[];
  /** The adapter of server `key`. @throws {MCPAdapterError} `invalid_argument` for an unknown key. */
  adapter(key: string): MCPAdapter<SignIn>;
  /**
   * Every server's tools, listed concurrently, in the order of the keys. Each tool's `invoke`
   * calls it on its server through the group's interceptors.
   * @throws {MCPAdapterError} `tool_name_collision` when two tools would have one name
   *   (whatever `onServerError` says; with `toolNamePrefix` only if keys and names happen to
   *   meet, as `a` + `b_c` and `a_b` + `c`); a server's error under `onServerError: "throw"`.
   */
  listTools(options?: ListOptions): Promise<MCPGroupTool<SignIn>[]>;
  /** Calls tool `name` (the server's own name) on server `key`, through the group's interceptors, then the adapter's. */
  callTool(key: string, name: string, args: Record<string, unknown> | undefined, options: ToolCallOptions & { approved?: boolean; taskWaitMs: number }): Promise<ToolResult | InterruptOf<'tools/call', SignIn, number>>;
  callTool(key: string, name: string, args?: Record<string, unknown>, options?: ToolCallOptions & { approved?: boolean }): Promise<ToolResult | InterruptOf<'tools/call', SignIn>>;
  /**
   * Continues an interrupt on the adapter it came from: the server this group handed that very
   * object out for (a call, read, prompt or resume of the group), else the adapter whose URL is
   * the interrupt's `server.url` (for an {@link AuthorizationInterrupt}, whose `server.url` is
   * the canonical URI, the adapters whose URL without query, fragment and trailing slash is
   * that URI, when none matches as is). An interrupt that went through JSON names no key: when
   * several servers have its URL (two accounts on one server), resume it with
   * `group.adapter(key).resume()`.
   * @throws {MCPAdapterError} `invalid_argument` when no server has it, or several do.
   */
  resume<M extends InterruptedMethod>(interrupt: ElicitationInterrupt & { method: M }, answer: ElicitationAnswer, options: ToolCallOptions & { taskWaitMs: number }): Promise<ResultOf<M> | InterruptOf<M, SignIn, number>>;
  resume<M extends InterruptedMethod>(interrupt: ElicitationInterrupt & { method: M }, answer: ElicitationAnswer, options?: ToolCallOptions): Promise<ResultOf<M> | InterruptOf<M, SignIn>>;
  resume(interrupt: ApprovalInterrupt, answer: ApprovalAnswer, options: ToolCallOptions & { taskWaitMs: number }): Promise<ToolResult | InterruptOf<'tools/call', SignIn, number>>;
  resume(interrupt: ApprovalInterrupt, answer: ApprovalAnswer, options?: ToolCallOptions): Promise<ToolResult | InterruptOf<'tools/call', SignIn>>;
  resume<M extends string>(interrupt: AuthorizationInterrupt & { method: M }, answer: { callbackUrl: string | URL }, options?: ToolCallOptions): Promise<ResultOf<M> | InterruptOf<M, SignIn>>;
  resume(interrupt: TaskHandle, answer?: Record<string, never>, options?: ToolCallOptions): Promise<ToolResult | InterruptOf<'tools/call', SignIn, number>>;
  /** {@link MCPAdapter.cancelTask} on the adapter the task came from, found as for {@link MCPAdapterGroup.resume}. */
  cancelTask(task: TaskHandle | ElicitationInterrupt, options?: CallOptions): Promise<void>;
  /** Every server's resources, each with `server` (its key). */
  listResources(options?: ListOptions): Promise<Array<MCPResource<SignIn> & { server: string }>>;
  /** Every server's resource templates, each with `server` (its key). */
  listResourceTemplates(options?: ListOptions): Promise<Array<MCPResourceTemplate & { server: string }>>;
  /** Every server's prompts, each with `server` (its key). */
  listPrompts(options?: ListOptions): Promise<Array<MCPPrompt<SignIn> & { server: string }>>;
  /** {@link MCPAdapter.readResource} on server `key`. */
  readResource(key: string, uri: string | URL, options?: ListOptions): Promise<ResourceContent[] | InterruptOf<'resources/read', SignIn>>;
  /** {@link MCPAdapter.readAppResource} on server `key`. */
  readAppResource(key: string, uri: string | URL, options?: ListOptions & { maxBytes?: number }): Promise<MCPAppResource | InterruptOf<'resources/read', SignIn>>;
  /** {@link MCPAdapter.callToolFromApp} on server `key` (its view's), then through the group's interceptors as {@link MCPAdapterGroup.callTool}. */
  callToolFromApp(key: string, name: string, args: Record<string, unknown> | undefined, options: ToolCallOptions & { resourceUri: string }): Promise<ToolResult | InterruptOf<'tools/call', SignIn>>;
  /** {@link MCPAdapter.getPrompt} on server `key`. */
  getPrompt(key: string, name: string, args?: Record<string, string | number | boolean>, options?: CallOptions): Promise<PromptMessage[] | InterruptOf<'prompts/get', SignIn>>;
  /** {@link MCPAdapter.close} on every server. */
  close(): Promise<void>;
}

/**
 * How a list or read call uses the result cache (MCP 2026-07-28 `server/utilities/caching.mdx`).
 * Results carry `ttlMs` and `cacheScope`: a result is fresh until `ttlMs` after it arrived;
 * `ttlMs` 0 or absent means never cached. `private` results are kept per adapter — one
 * adapter is one authorization context: use one adapter per user/credential (an adapter
 * whose `headers` function switches users per call should pass `cacheMode: "bypass"`; a call
 * with its own `headers` always bypasses the cache);
 * `public` results are shared by all adapters of the process for the same server URL.
 * Handshake-era results, and answers after input-required rounds, are never cached.
 * List-changed and resource-updated notifications of a {@link MCPAdapter.subscribe}
 * invalidate at once.
 */
export type CacheMode =
  /** Serve a fresh cached result; store what is fetched (default). */
  | 'use'
  /** Fetch anyway and store the answer. */
  | 'refresh'
  /** Neither read nor write the cache. */
  | 'bypass';

/** Options of list and read calls. */
export interface ListOptions extends CallOptions {
  /** How this call uses the result cache (results the server gave a `ttlMs`); default `use`. */
  cacheMode?: CacheMode;
}

/** An MCP `Resource` (verbatim) with `read()`; `SignIn` is its adapter's (see {@link MCPAdapter}). */
export interface MCPResource<SignIn extends boolean = false> {
  /** The resource's URI, to read it by. */
  uri: string;
  /** Its name (an identifier). */
  name: string;
  /** A name for people. */
  title?: string;
  /** What it holds. */
  description?: string;
  /** Its media type, if known. */
  mimeType?: string;
  /** Size in bytes, if the server knows it. */
  size?: number;
  /** Who it is for, how much it matters (0 to 1), when it last changed (ISO 8601). */
  annotations?: { audience?: Array<'user' | 'assistant'>; priority?: number; lastModified?: string };
  /** Icons to show it with (MCP `Icon`). */
  icons?: Array<{ src: string; mimeType?: string; sizes?: string[]; theme?: 'light' | 'dark' }>;
  /** The server's `_meta`. */
  _meta?: Record<string, unknown>;
  /**
   * {@link MCPAdapter.readResource} of this resource; with the `headers` of the listing it came
   * from unless `options.headers` gives others (they are not data of this object).
   */
  read(options?: ListOptions): Promise<ResourceContent[] | InterruptOf<'resources/read', SignIn>>;
}

/** An MCP `ResourceTemplate` (verbatim): read a resource by filling its RFC 6570 `uriTemplate`. */
export interface MCPResourceTemplate {
  /** The RFC 6570 URI template. */
  uriTemplate: string;
  /** Its name (an identifier). */
  name: string;
  /** A name for people. */
  title?: string;
  /** What its resources hold. */
  description?: string;
  /** The media type of its resources, when they all have one. */
  mimeType?: string;
  /** As {@link MCPResource.annotations}. */
  annotations?: Record<string, unknown>;
  /** Icons to show it with (MCP `Icon`). */
  icons?: Array<{ src: string; mimeType?: string; sizes?: string[]; theme?: 'light' | 'dark' }>;
  /** The server's `_meta`. */
  _meta?: Record<string, unknown>;
}

/**
 * One content of a resource (`TextResourceContents` or `BlobResourceContents`), Blob-like.
 * Exactly one of `text` (text contents) and `data` (base64, binary contents) is set.
 * Serializes to plain JSON (`{ uri, text | data, mimeType, metadata }`). Not a `Blob`
 * itself (a Blob's `text()` method would clash with `text`): `toBlob()` makes one.
 */
export interface ResourceContent {
  /** Same as `metadata.uri` (a resource may return contents for sub-URIs). */
  readonly uri: string;
  /** The text, for text contents. */
  readonly text?: string;
  /** Base64 (standard alphabet, checked by the adapter). */
  readonly data?: string;
  /** The server's, else `text/plain` (text) or `application/octet-stream` (binary). */
  readonly mimeType: string;
  /** `uri` plus the content's other fields under their wire names (`_meta`, ...). */
  readonly metadata: { uri: string; [key: string]: unknown };
  /** The contents as a string (binary contents decoded as UTF-8). */
  asString(): string;
  /** The contents as bytes (text contents encoded as UTF-8). */
  asBytes(): Uint8Array;
  /** A standard `Blob` typed with `mimeType`. @throws {MCPAdapterError} `not_supported` where the runtime has no `Blob`. */
  toBlob(): Blob;
}

/** An MCP `Prompt` (verbatim) with `get()`; `SignIn` is its adapter's (see {@link MCPAdapter}). */
export interface MCPPrompt<SignIn extends boolean = false> {
  /** The name to get it by. */
  name: string;
  /** A name for people. */
  title?: string;
  /** What it is for. */
  description?: string;
  /** The arguments `get()` takes (MCP `PromptArgument`). */
  arguments?: Array<{ name: string; title?: string; description?: string; required?: boolean }>;
  /** Icons to show it with (MCP `Icon`). */
  icons?: Array<{ src: string; mimeType?: string; sizes?: string[]; theme?: 'light' | 'dark' }>;
  /** The server's `_meta`. */
  _meta?: Record<string, unknown>;
  /**
   * {@link MCPAdapter.getPrompt} of this prompt; with the `headers` of the listing it came
   * from unless `options.headers` gives others (they are not data of this object).
   */
  get(args?: Record<string, string | number | boolean>, options?: CallOptions): Promise<PromptMessage[] | InterruptOf<'prompts/get', SignIn>>;
}

/**
 * One message of a prompt: an MCP `PromptMessage` whose content block is converted to a
 * LangChain.js v1 block (an embedded resource becomes a text block with `metadata.uri`, or a
 * data block for binary ones; see {@link ContentBlock}).
 */
export interface PromptMessage {
  /** `user` (a `HumanMessage`) or `assistant` (an `AIMessage`). */
  role: 'user' | 'assistant';
  /** The message's content, as v1 blocks (one, or several when the server sent an array). */
  content: ContentBlock[];
}

/** The answer of `completion/complete`. */
export interface CompletionResult {
  /** The completions (at most 100). */
  values: string[];
  /** How many matches exist in all, if the server knows. */
  total?: number;
  /** Whether there are more than `values`. */
  hasMore?: boolean;
}

/** What to listen for (MCP 2026-07-28 `SubscriptionFilter`); at least one member. */
export interface SubscriptionFilter {
  /** `notifications/tools/list_changed`. */
  toolsListChanged?: boolean;
  /** `notifications/prompts/list_changed`. */
  promptsListChanged?: boolean;
  /** `notifications/resources/list_changed`. */
  resourcesListChanged?: boolean;
  /** `notifications/resources/updated` for these URIs (and resources below them). At most 1000. */
  resourceSubscriptions?: string[];
}

/** A notification delivered to {@link MCPAdapter.subscribe}'s callback. */
export interface MCPNotification {
  /** What changed. */
  method:
    | 'notifications/tools/list_changed'
    | 'notifications/prompts/list_changed'
    | 'notifications/resources/list_changed'
    | 'notifications/resources/updated';
  /** `{ uri }` for `resources/updated`; `_meta["io.modelcontextprotocol/subscriptionId"]` on 2026-07-28 servers. */
  params: { uri?: string; _meta?: Record<string, unknown>; [key: string]: unknown };
}

/** An open subscription. */
export interface Subscription {
  /** What the server agreed to deliver (a subset of the filter; handshake era: what it advertises). */
  readonly acknowledged: SubscriptionFilter;
  /**
   * Settles once the subscription is over (never rejects): `closed` (by `close()` or the
   * signal), `server_closed` (the server ended it), or `error` (the stream dropped —
   * subscribe again to resume — or failed).
   */
  readonly closed: Promise<{ reason: 'closed' | 'server_closed' | 'error'; error?: MCPAdapterError }>;
  /** Closes the stream (which ends the subscription on the server). Idempotent. */
  close(): void;
}
