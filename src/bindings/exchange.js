// One HTTP exchange of the wasm core, done on the JS side of the boundary: the headers, the
// timeout and the host's AbortSignal, `fetch`, and the body. The core crosses the
// boundary a handful of times per call (start, then one `read()` per chunk of a streamed
// body) instead of once per header, property and promise. Imported by src/bindings/fetch.rs.
//
// Errors are rejected as plain `{ code, message }` objects, the code from FAILURE_CODES;
// fetch.rs turns them into `Error`s.
//
// The timeout is a timer, cleared by `close()`, raced against every wait: at the deadline the
// call fails with `timeout`, and the request is aborted (its signal, given to `fetch`) and the
// body being read cancelled, which closes the connection: the cancellation of MCP 2026-07-28
// (`basic/patterns/cancellation.mdx`), even for a response that has not begun, so no request
// outlives its call (a Node process exits once its calls end). The host's AbortSignal goes to
// `fetch` beside the deadline's. Waits that host code controls (the `headers` function;
// a custom `fetch` and its body reads) also race the host's signal, so code that ignores the
// signal cannot outlive the call; the global `fetch` honours it itself. Redirects are `manual`: the core follows same-origin 307/308
// only, so host headers (credentials) never reach another origin.
// The host's `onTrace` sees each message here, where the bodies pass anyway, and the events
// of an event stream as the core decodes them, through the trace that pkg-template/trace.js
// makes (loaded only by adapters given `onTrace`).

/** The message of a thrown value, with its `cause` (undici puts the reason there). */
function messageOf(thrown) {
  if (thrown instanceof Error || (thrown && typeof thrown.message === 'string')) {
    const cause = thrown.cause;
    return cause && typeof cause.message === 'string' ? `${thrown.message} (${cause.message})` : thrown.message;
  }
  return typeof thrown === 'string' ? thrown : 'unknown error';
}

/** {@link messageOf}, redacted: a runtime's message may quote a header value. */
function describe(thrown) {
  return redactQuoted(messageOf(thrown));
}

/** `text` with each quoted span (first to last quote of a kind) replaced: runtimes quote a header value they refuse. */
function redactQuoted(text) {
  return String(text).replace(/"[^]*"|'[^]*'|`[^]*`|\u201c[^]*\u201d/g, '"[redacted]"');
}

/** A header name: an HTTP token (RFC 9110, section 5.6.2). */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * The host's headers (object, `Headers` or pairs) as a `Headers`, each checked first (a value
 * holds no CR, LF, NUL: RFC 9110, section 5.5; nothing above U+00FF) so that a bad one is
 * refused by name, never quoting its value.
 */
function checkedHeaders(init) {
  const headers = new Headers();
  if (init === undefined || init === null) return headers;
  if (typeof init !== 'object') throw 'the headers must be an object, a Headers, or [name, value] pairs';
  const pairs = typeof init[Symbol.iterator] === 'function' ? init : Object.entries(init);
  let at = 0;
  for (const pair of pairs) {
    at += 1;
    if (pair === null || typeof pair !== 'object' || pair.length !== 2) throw `header #${at} is not a [name, value] pair`;
    const name = String(pair[0]);
    if (!TOKEN.test(name)) throw `the name of header #${at} is not an HTTP token (RFC 9110, section 5.6.2)`;
    const value = String(pair[1]);
    const why = /[\r\n]/.test(value) ? 'a line break (CR or LF)' : value.includes('\0') ? 'a NUL character' : /[^\0-\xff]/.test(value) ? 'a character above U+00FF (encode such text first)' : '';
    if (why) throw `header ${name}: its value contains ${why}`;
    headers.append(name, value);
  }
  return headers;
}

function mediaType(contentType) {
  return (contentType ?? '').split(';')[0].trim().toLowerCase();
}

function headerOf(headers, name) {
  try {
    const value = headers.get(name);
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

const noop = () => {};

/**
 * A JSON body declared longer than this (bytes) is not read whole here: the core reads it
 * chunk by chunk into one buffer of the declared length (`length` of `start`'s head), so no
 * body-sized copy of it waits in JavaScript for the collector (`arrayBuffer()` holds the
 * chunks and their concatenation at once) beside the wasm's.
 */
const STREAMED_JSON = 1 << 20;

/**
 * Ignores the rejection of a promise a host callback returned (an `async` callback that
 * throws), as what a callback throws is ignored: unhandled, it would end a Node process.
 */
export function ignoreRejection(value) {
  try {
    value?.catch?.(noop);
  } catch {
    // a thenable whose `catch` throws: nothing left to ignore
  }
}

/** The code of each way an exchange fails: an `ErrorCode` string (src/error.rs) fetch.rs reads back. */
export const FAILURE_CODES = Object.freeze({
  timedOut: 'timeout',
  hostAborted: 'aborted',
  fetchFailed: 'network',
  corsRefused: 'cors',
  badResponse: 'network', // fetch resolved to no Response, or a body chunk is not bytes
  undecodedBody: 'content_encoding', // a Content-Encoding the runtime's fetch left as sent (`inspect`)
  headersOption: 'invalid_argument',
  missingRuntimeApi: 'invalid_argument',
  hostCallbackThrew: 'invalid_argument', // onSampling, onElicitation, roots, approval (`callHost`)
  // the auth module's typed failures (pkg-template/auth.js), thrown by the fetch it wraps (HOST_CODES)
  authorizationRequired: 'authorization_required',
  authorizationFailed: 'authorization_failed',
});

/**
/**
 * The cause codes of a `fetch` rejection (Node's undici: `error.cause.code`) that say the
 * request never left: the connection was refused, the host name did not resolve, the
 * network or host is unreachable, or the connect timed out. Other runtimes give no such
 * cause, so their failures are never taken as unsent.
 */
const UNSENT = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'UND_ERR_CONNECT_TIMEOUT'];

/**
 * Whether a `fetch` rejection says the server had closed the kept-alive connection the
 * request went out on, before any byte of a response to it: Node's fetch (undici 6, Node 20)
 * writes a request on a pooled connection whose close it has not read yet (the server
 * restarted, or timed the idle connection out, a moment before), then fails it with
 * `UND_ERR_SOCKET` ("other side closed") and never sends it again, whatever its method. The
 * connection had carried a response before (`bytesRead`), so it was a reused one, not a new
 * one a server took and dropped. The request most likely never reached the server, but one
 * that read it and then died looks the same: so only a request that may be sent twice
 * (`idempotent`, from the core) is sent again, once (see `start`).
 */
function closedUnder(thrown) {
  const cause = thrown?.cause;
  return cause?.code === 'UND_ERR_SOCKET' && cause.socket?.bytesRead > 0;
}

/**
 * The codes an `MCPAdapterError` thrown by host code keeps: in an exchange (a custom `fetch`,
 * the auth module's, a `headers` function, a body stream) with its message, and from a host
 * handler (`callHost`): those that tell of the host's own part. The other codes tell what a
 * server sent, which the core finds out itself and acts on (`stream_ended` resumes,
 * `http_status` falls back to the handshake): such an error, as anything else thrown, is a
 * `network` failure of an exchange, an `invalid_argument` one of a handler.
 */
const HOST_CODES = [
  FAILURE_CODES.hostCallbackThrew, // invalid_argument
  FAILURE_CODES.hostAborted,
  FAILURE_CODES.timedOut,
  FAILURE_CODES.authorizationRequired,
  FAILURE_CODES.authorizationFailed,
];

/** The code of `thrown` when it is an `MCPAdapterError` with one of `HOST_CODES`, else undefined. */
function hostCode(thrown) {
  return thrown?.name === 'MCPAdapterError' && HOST_CODES.includes(thrown.code) ? thrown.code : undefined;
}

/** The failure of a call its host's AbortSignal ended `during` a wait. */
function abortedFailure(during) {
  return { code: FAILURE_CODES.hostAborted, message: `the call was aborted ${during}` };
}

/** The failure of a call whose deadline passed `during` a wait (`total`: `maxTotalTimeoutMs`'s, else `timeoutMs`'s). */
function timedOutFailure(total, during) {
  return { code: FAILURE_CODES.timedOut, message: `the call ${total ? 'reached its total timeout (maxTotalTimeoutMs)' : 'timed out'} ${during}` };
}

/** The reason a deadline aborts a signal with, as `AbortSignal.timeout` gives. */
function timeoutReason() {
  return new DOMException('The operation timed out.', 'TimeoutError');
}

/** `setTimeout(fire, ms)`, `ms` clamped to the most a timer takes (about 24.8 days; past it, timers fire at once). */
function deadlineIn(fire, ms) {
  return setTimeout(fire, Math.min(ms, 2_147_483_647));
}

/** Where a custom fetch lists `[name, value, ...]` of credentials it added to a request. */
const ADDED_HEADERS = Symbol.for('mcp-wasm-adapter.addedHeaders');

/** `url`'s origin if CORS applies to it (another origin, in a page or worker). */
function otherOrigin(url) {
  const here = globalThis.location?.origin;
  if (typeof here !== 'string' || (typeof document !== 'object' && typeof WorkerGlobalScope !== 'function')) return undefined;
  try {
    const there = new URL(url, here).origin;
    return there === here && here !== 'null' ? undefined : there;
  } catch {
    return undefined;
  }
}

/** Headers given as `name NUL value NUL ...`, as a list `[name, value, name, value, ...]`. */
function headerList(ownText) {
  return ownText ? ownText.split('\0') : [];
}

/** Headers given as `name NUL value NUL ...`, as a plain object. */
function plainHeaders(ownText) {
  const own = headerList(ownText);
  const plain = {};
  for (let i = 0; i < own.length; i += 2) plain[own[i]] = own[i + 1];
  return plain;
}

/**
 * The plain headers of the last requests by their text, frozen: a client's calls repeat a
 * few (one per method and tool name), and the global `fetch` only reads them. At most 64,
 * forgotten all at once past that (the values of `x-mcp-header` mirrors vary with the
 * arguments).
 */
const sharedHeaders = new Map();

/** `plainHeaders(ownText)`, one frozen object per text (see `sharedHeaders`). */
function sharedPlainHeaders(ownText) {
  let plain = sharedHeaders.get(ownText);
  if (plain === undefined) {
    if (sharedHeaders.size >= 64) sharedHeaders.clear();
    plain = Object.freeze(plainHeaders(ownText));
    sharedHeaders.set(ownText, plain);
  }
  return plain;
}

/**
 * The exchanges that follow each host AbortSignal, by the one `abort` listener `follow` adds
 * to it, however many calls share it (Node warns of a leak past 10 listeners on a signal);
 * `AbortSignal.any` would keep every call's signal as long as a long-lived host signal lives
 * (Node, Deno). The listener stays, idle, once its exchanges have closed.
 */
const followers = new WeakMap();

/** Calls `fn` once `signal` aborts, until `followers.get(signal).delete(fn)`. */
function follow(signal, fn) {
  let set = followers.get(signal);
  if (!set) {
    followers.set(signal, (set = new Set()));
    signal.addEventListener('abort', () => set.forEach((each) => each()));
  }
  set.add(fn);
}

/** Cancels the body of a response nobody will read (closing its connection). */
function cancelBody(response) {
  try {
    response?.body?.cancel?.()?.catch?.(noop);
  } catch {
    // a locked or errored body: nothing to cancel
  }
}

export class JsExchange {
  /**
   * @param {Function | undefined} fetchFn the host's `fetch` option (undefined: the global one)
   * @param {AbortSignal | undefined} signal the host's signal for this call
   * @param {number} timeoutMs the call's timeout in milliseconds (0: none)
   * @param {Function | undefined} onTrace what adapter.js makes of the host's `onTrace` option:
   *   a function that resolves to this exchange's trace (pkg-template/trace.js)
   * @param {boolean} total the timeout is what is left of the call's total bound
   *   (`maxTotalTimeoutMs`), which its message then names
   */
  constructor(fetchFn, signal, timeoutMs, onTrace, total) {
    this.fetch = fetchFn;
    this.trace = onTrace ? onTrace() : undefined;
    this.host = signal ?? undefined;
    this.reader = undefined;
    this.watch = undefined;
    this.timedOut = false;
    this.timer = undefined;
    this.deadline = undefined;
    this.total = total;
    // the deadline aborts the request itself (Node's fetch spends some 30-40 µs of CPU on a
    // request that carries a signal; a request that outlived its call would keep its server's
    // work and a Node process running until the server answered)
    const controller = timeoutMs > 0 ? new AbortController() : undefined;
    if (controller) {
      this.deadline = new Promise((_, reject) => {
        this.fire = () => {
          this.timedOut = true;
          const reason = timeoutReason();
          reject(reason);
          controller.abort(reason);
          this.cut();
        };
        this.timer = deadlineIn(this.fire, timeoutMs);
      });
      this.deadline.catch(noop);
    }
    // the host's abort aborts the request and the waits that race it (`hostAborted`), until
    // close() (see `follow`)
    const host = this.host;
    if (host?.aborted) controller?.abort(host.reason);
    else if (host) {
      follow(host, (this.follow = () => {
        controller?.abort(host.reason);
        this.watch?.reject(host.reason);
      }));
    }
    this.signal = controller?.signal ?? host;
  }

  /** A progress notification arrived: the timeout starts again (as the constructor's), unless closed or timed out. */
  restart(timeoutMs, total) {
    if (this.timer === undefined || this.timedOut) return;
    clearTimeout(this.timer);
    this.total = total;
    this.timer = deadlineIn(this.fire, timeoutMs);
  }

  /** `{code, message}` for a rejection of fetch, of a body read or of the headers function. */
  classify(thrown, during) {
    // an MCPAdapterError of host code (the auth module's, a custom fetch's) keeps a host code
    const code = hostCode(thrown);
    if (code) return { code, message: String(thrown.message), remembered: this.remembered };
    const hostAborted = this.host?.aborted === true;
    if (!hostAborted && (this.timedOut || thrown?.name === 'TimeoutError')) {
      return timedOutFailure(this.total, during);
    }
    if (hostAborted || thrown?.name === 'AbortError') return abortedFailure(during);
    // with the host's header values (set by `start`), which the core then redacts from the message;
    // `unsent` when the runtime's cause says no byte of the request left (fetch.rs `rejected`)
    const unsent = UNSENT.includes(thrown?.cause?.code);
    return { code: FAILURE_CODES.fetchFailed, message: `fetch failed ${during}: ${describe(thrown)}`, remembered: this.remembered, unsent };
  }

  /**
   * A cross-origin fetch that failed: CORS refused it, or the server is down (scripts cannot
   * tell). A credential-less no-cors HEAD, which needs no CORS permission, can: if it gets an
   * answer the server is up, and the failure is `cors`. It takes the global fetch: nothing
   * of the host's (headers, a custom fetch) goes with it.
   */
  async corsCheck(url, headers, failure) {
    const origin = otherOrigin(url);
    if (origin === undefined) return failure;
    let reached = false;
    try {
      await this.wait(fetch(url, { method: 'HEAD', mode: 'no-cors', credentials: 'omit', cache: 'no-store', signal: this.signal }), true);
      reached = true;
    } catch {
      // down or unreachable
    }
    if (this.timedOut || this.host?.aborted) return this.classify(undefined, 'before the response arrived');
    if (!reached) return { code: failure.code, message: `${failure.message} (${origin} did not answer a no-cors probe either: it is down or unreachable)` };
    const names = [...(headers instanceof Headers ? headers.keys() : Object.keys(headers))].join(', ');
    return {
      code: FAILURE_CODES.corsRefused,
      message:
        `${failure.message}: ${origin} answered a no-cors probe, so the browser most likely refused the request by CORS. ` +
        `The server must allow the origin ${globalThis.location.origin} (Access-Control-Allow-Origin), the methods POST, GET and DELETE, the request headers ` +
        `Content-Type, Authorization, Mcp-Protocol-Version, Mcp-Method, Mcp-Name, Mcp-Session-Id, Last-Event-ID and the tools' Mcp-Param-* ` +
        `(Access-Control-Allow-Headers; this request sent ${names}), and expose Mcp-Session-Id (Access-Control-Expose-Headers)`,
    };
  }

  /**
   * `value`, raced against the call's deadline and (when `race`: waits on host code, which
   * may ignore the signal) against the host's signal, which rejects with its reason.
   */
  wait(value, race) {
    const promise = Promise.resolve(value);
    const host = race ? this.hostAborted() : undefined;
    if (!this.deadline && !host) return promise;
    return Promise.race(host && this.deadline ? [promise, this.deadline, host] : [promise, this.deadline ?? host]);
  }

  /** A promise rejected with the host signal's reason once it aborts (by `this.follow`, until close()). */
  hostAborted() {
    const signal = this.host;
    if (!signal) return undefined;
    if (!this.watch) {
      const watch = {};
      watch.aborted = new Promise((_, reject) => (watch.reject = reject));
      watch.aborted.catch(noop);
      if (signal.aborted) watch.reject(signal.reason);
      this.watch = watch;
    }
    return this.watch.aborted;
  }

  /** At the deadline: cancels the body being read, which closes the connection. */
  cut() {
    const reader = this.reader;
    this.reader = undefined;
    if (reader) {
      try {
        reader.cancel().catch(noop);
      } catch {
        // a reader of an errored stream may throw; nothing to cancel then
      }
    }
  }

  /**
   * The request headers: the host's (object, `Headers`, or what the host's function returns),
   * then the call's own `headers` over them (names compared case-insensitively, as `Headers`
   * does), without any `Mcp-*` names, then ours (`ownText`: name NUL value NUL name NUL
   * value ...), which win.
   * Resolves to `[headers, remembered]`: `remembered` lists the host's names and values
   * (name, value, ...) so the core can redact them from errors.
   */
  async headers(hostHeaders, callHeaders, url, mcpMethod, ownText) {
    const own = headerList(ownText);
    const bad = (e) => ({ code: FAILURE_CODES.headersOption, message: `option headers: ${describe(e)}` });
    let initial = hostHeaders;
    if (typeof hostHeaders === 'function') {
      try {
        initial = await this.wait(hostHeaders({ url, method: mcpMethod }), true);
      } catch (e) {
        const cut = this.classify(e, 'while the headers option was computed');
        throw cut.code === FAILURE_CODES.fetchFailed ? bad(e) : cut;
      }
    }
    let headers;
    try {
      headers = checkedHeaders(initial);
      // the call's own headers (the `headers` call option), checked the same way, win
      if (callHeaders !== undefined) for (const [name, value] of checkedHeaders(callHeaders)) headers.set(name, value);
    } catch (e) {
      throw bad(e);
    }
    const remembered = [];
    for (const [name, value] of [...headers]) {
      if (name.startsWith('mcp-')) headers.delete(name);
      else remembered.push(name, value);
    }
    for (let i = 0; i < own.length; i += 2) headers.set(own[i], own[i + 1]);
    return [headers, remembered];
  }

  /**
   * Sends the request. Resolves to `{ status, contentType, location, sessionId, body,
   * remembered, length? }` (`ResponseHead` in fetch.rs): `body` is the whole body (a
   * `Uint8Array`) for `application/json` responses, read here up to `limit + 1` bytes (the
   * core refuses a larger one; see `readAll`), and `undefined` for any other body, which the
   * core then reads chunk by chunk with `read()`; so is a JSON body declared longer than
   * `STREAMED_JSON` bytes (and within `limit`) of an untraced exchange, whose declared length
   * `length` then gives. An `idempotent` request that failed on a reused connection the server had
   * closed (`closedUnder`) is sent once more, after a turn of the event loop (by then the
   * runtime has read the close of the other connections the server closed), so on a live or
   * a new connection.
   */
  async start(hostHeaders, callHeaders, url, method, mcpMethod, own, body, limit, idempotent) {
    const race = this.fetch !== undefined;
    // without host or call headers, ours as a plain object, with no await in between
    const [headers, remembered] =
      (hostHeaders === undefined || hostHeaders === null) && callHeaders === undefined
        ? [this.fetch === undefined ? sharedPlainHeaders(own) : plainHeaders(own), undefined]
        : await this.headers(hostHeaders, callHeaders, url, mcpMethod, own);
    this.remembered = remembered;
    const init = { method, headers, redirect: 'manual' };
    if (body) init.body = body;
    // a traced exchange waits for its trace (trace.js, loaded with the adapter's first)
    const trace = this.trace && (this.trace = await this.trace);
    if (trace) {
      trace.remember(remembered);
      if (body) trace.tell('send', body);
    }
    if (this.signal) init.signal = this.signal;
    let response;
    for (let again = idempotent; ; again = false) {
      let started;
      try {
        started = (this.fetch ?? fetch)(url, init);
      } catch (e) {
        throw this.classify(e, 'before sending');
      }
      try {
        response = await this.wait(started, race);
        break;
      } catch (e) {
        // a response that arrives after the deadline is not read: its body is cancelled
        if (this.timedOut) Promise.resolve(started).then(cancelBody, noop);
        else if (again && closedUnder(e)) {
          await new Promise((resolve) => setTimeout(resolve, 0));
          continue;
        }
        const failure = this.classify(e, 'before the response arrived');
        throw failure.code === FAILURE_CODES.fetchFailed ? await this.corsCheck(url, headers, failure) : failure;
      }
    }
    if (response === null || typeof response !== 'object' || typeof response.status !== 'number') {
      throw { code: FAILURE_CODES.badResponse, message: 'fetch did not resolve to a Response' };
    }
    const head = response.headers;
    const contentType = headerOf(head, 'content-type');
    const status = response.status;
    const location = status >= 300 && status < 400 ? headerOf(head, 'location') : undefined;
    // credentials a custom fetch added (the auth module's bearer token) are redacted like the host's
    const added = response[ADDED_HEADERS];
    const secrets = Array.isArray(added) ? [...(remembered ?? []), ...added] : remembered;
    const out = { status, contentType, location, sessionId: headerOf(head, 'mcp-session-id'), body: undefined, remembered: secrets };
    trace?.remember(added);
    const json = mediaType(contentType) === 'application/json';
    const declared = headerOf(head, 'content-length');
    // Content-Length counts the bytes as sent: a body fetch decodes (Content-Encoding, RFC
    // 9110 8.4; hidden from a cross-origin response) may be far larger, so it is streamed
    const encoding = headerOf(head, 'content-encoding');
    const plain = !encoding && response.type !== 'cors';
    if (json && plain && /^[0-9]{1,15}$/.test(declared ?? '') && Number(declared) <= limit) {
      // a large one, untraced: the core reads it, into a buffer of its declared length
      // (a custom fetch's Node stream, as node-fetch's, has no getReader: read whole)
      if (Number(declared) > STREAMED_JSON && !trace && response.body?.getReader) {
        this.reader = response.body.getReader();
        out.length = Number(declared);
        return out;
      }
      // declared length that fits: one read, one copy (a custom fetch's may not hold: cut)
      out.body = (await this.whole(response)).subarray(0, limit + 1);
      trace?.received(status, contentType, out.body);
      return out;
    }
    const stream = response.body;
    if (stream !== null && stream !== undefined) {
      if (typeof stream.getReader !== 'function') throw { code: FAILURE_CODES.missingRuntimeApi, message: 'this runtime lacks ReadableStream.getReader' };
      this.reader = stream.getReader();
    }
    // a JSON body of unknown length is read here too, but never past the limit
    if (json) out.body = await this.readAll(limit);
    trace?.received(status, contentType, out.body);
    if (encoding) {
      // the body's first 64 bytes tell whether fetch left it encoded (`inspect`): this JSON
      // body's now, an event stream's as `read()` brings them
      this.encoded = { encoding, status, seen: 0, decoder: new TextDecoder('utf-8', { fatal: true }) };
      if (out.body) this.inspect(out.body);
    }
    return out;
  }

  /**
   * Fails when `chunk`, among the first 64 bytes of a body whose response names a
   * Content-Encoding (`this.encoded`: the coding, the HTTP status, a UTF-8 decoder, the bytes
   * seen), shows that the runtime's fetch left it encoded: bytes that are not UTF-8 text free
   * of control characters other than TAB, LF and CR are neither JSON (RFC 8259: UTF-8) nor an
   * event stream, and `invalid_json` would send the user to the server's JSON. Compressed
   * bytes are not such text (zstd starts 28 B5, gzip 1F 8B).
   *
   * What each runtime's fetch asks for (Accept-Encoding) and decodes, measured: Node 20 (undici
   * 6.24) asks `gzip, deflate` (`br, gzip, deflate` over https) and decodes those three, not
   * zstd; Chromium 156 asks for and decodes `gzip, deflate, br, zstd`; Deno 2.9 asks `gzip,br`
   * and decodes those two, not deflate or zstd; Bun 1.4 asks for and decodes `gzip, deflate,
   * br, zstd`; workerd (2026-11) sends no Accept-Encoding, so a server may pick any coding (RFC
   * 9110, section 12.5.3), and decodes gzip and br only. Any other coding arrives as it was
   * sent, its header kept (in a page, a cross-origin response shows it only if the server
   * exposes it).
   */
  inspect(chunk) {
    const check = this.encoded;
    let text;
    try {
      text = check.decoder.decode(chunk.subarray(0, 64 - check.seen), { stream: true });
    } catch {
      // not UTF-8
    }
    check.seen += chunk.length;
    if (check.seen >= 64) this.encoded = undefined;
    if (text === undefined || /[\0-\x08\x0b\x0c\x0e-\x1f]/.test(text)) {
      this.encoded = undefined;
      const status = check.status < 300 ? '' : ` (HTTP ${check.status})`;
      throw { code: FAILURE_CODES.undecodedBody, message: `the body is still encoded (Content-Encoding: ${JSON.stringify(check.encoding.slice(0, 64))})${status}: this runtime's fetch does not decode it` };
    }
  }

  /** The whole body by `arrayBuffer()` (a JSON body whose declared length fits the limit). */
  async whole(response) {
    if (typeof response.arrayBuffer !== 'function') throw { code: FAILURE_CODES.missingRuntimeApi, message: 'this runtime lacks Response.arrayBuffer' };
    try {
      return new Uint8Array(await this.wait(response.arrayBuffer(), this.fetch !== undefined));
    } catch (e) {
      throw this.classify(e, 'while reading the response');
    }
  }

  /**
   * Reads the whole stream into one `Uint8Array`, stopping once past `limit`: then only its
   * first `limit + 1` bytes are kept, which the core refuses (`body_too_large`) and the trace
   * tells as no message.
   */
  async readAll(limit) {
    if (!this.reader) return new Uint8Array(0);
    const chunks = [];
    let size = 0;
    for (;;) {
      const chunk = await this.read();
      if (chunk === undefined) break;
      chunks.push(chunk);
      size += chunk.length;
      if (size > limit) break;
    }
    if (chunks.length === 1) return chunks[0].subarray(0, limit + 1);
    const whole = new Uint8Array(Math.min(size, limit + 1));
    let at = 0;
    for (const chunk of chunks) {
      const part = chunk.subarray(0, whole.length - at);
      whole.set(part, at);
      at += part.length;
    }
    return whole;
  }

  /** The next chunk of the body (`Uint8Array`), or `undefined` at its end. */
  async read() {
    if (this.timedOut) throw this.classify(undefined, 'while reading the response');
    const reader = this.reader;
    if (!reader) return undefined;
    let step;
    try {
      // The global fetch's body needs no race: at the deadline `cut` cancels it, which ends
      // this read (a custom fetch's stream might ignore the cancel).
      step = await (this.fetch === undefined ? reader.read() : this.wait(reader.read(), true));
    } catch (e) {
      this.reader = undefined;
      throw this.classify(e, 'while reading the response');
    }
    if (this.timedOut) throw this.classify(undefined, 'while reading the response');
    if (step.done) {
      this.reader = undefined;
      return undefined;
    }
    if (!(step.value instanceof Uint8Array)) throw { code: FAILURE_CODES.badResponse, message: 'response body chunk is not a Uint8Array' };
    if (this.encoded) this.inspect(step.value);
    return step.value;
  }

  /**
   * The data of events the core decoded at once from this exchange's event stream, joined by
   * NULs (`EventTrace` in src/transport/body.rs; called only when the host gave `onTrace`):
   * each is a `receive` event of the trace.
   */
  traceEvents(texts) {
    this.trace?.events(texts);
  }

  /** Ends the exchange: clears its timer and abort listener; cancels an unread body. */
  close() {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    followers.get(this.host)?.delete(this.follow);
    this.watch = undefined;
    this.cut();
  }
}

/**
 * Host code that answers for a call (`onElicitation`, `onSampling`, a `roots` function, the
 * `approval` predicate; `call_host` in src/bindings/options.rs): calls `f(arg, { signal })`
 * and waits for what it returns, raced against the call's AbortSignal `host` and a deadline
 * `timeoutMs` from now (0: none; `total`: what is left of `maxTotalTimeoutMs`), as an
 * exchange's waits are, so that code that never settles cannot outlive the call. The
 * `signal` it gets aborts with either (with the host's reason, or a `TimeoutError`), so that
 * it can close its dialog. Resolves to its value; rejects with `{ code, message }`: worded as
 * `classify` words an exchange's when cut off, "`name` threw: …" when `f` threw or rejected,
 * `invalid_argument` unless it threw an `MCPAdapterError` with one of `HOST_CODES`.
 * What `f` settles to after the cut is ignored (raced, so never unhandled).
 */
export async function callHost(f, arg, host, timeoutMs, total, name) {
  const controller = new AbortController();
  const during = `while waiting for ${name}`;
  let timer, failure, stop;
  const cut = new Promise((_, reject) => {
    stop = (cause, reason) => {
      failure = cause;
      reject(failure);
      controller.abort(reason);
    };
  });
  cut.catch(noop);
  const aborted = () => stop(abortedFailure(during), host.reason);
  if (host?.aborted) throw abortedFailure(during);
  if (host) follow(host, aborted);
  if (timeoutMs > 0) timer = deadlineIn(() => stop(timedOutFailure(total, during), timeoutReason()), timeoutMs);
  try {
    return await Promise.race([cut, f(arg, { signal: controller.signal })]);
  } catch (e) {
    // an MCPAdapterError of a host code keeps it: a handler whose own wait gave up is `aborted` or `timeout`
    throw failure ?? { code: hostCode(e) ?? FAILURE_CODES.hostCallbackThrew, message: `${name} threw: ${messageOf(e)}` };
  } finally {
    clearTimeout(timer);
    followers.get(host)?.delete(aborted);
  }
}

/**
 * Resolves after `ms` milliseconds; cut off as a wait on host code is (`callHost`: rejects
 * with `aborted` / `timeout`) when the call's `signal` aborts or its `timeoutMs` passes first.
 */
export function sleep(ms, signal, timeoutMs, total) {
  const wait = (_, { signal: cut }) =>
    new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      cut.addEventListener('abort', () => clearTimeout(timer));
    });
  return callHost(wait, undefined, signal, timeoutMs, total, `the ${ms} ms the server asked to wait (before its stream resumes, or a task's next poll)`);
}

/**
 * Whether progress `params` are the next of the request that sent progress token `token` (an
 * integer, the request's id; `undefined` when it sent none), then remembered in `last` (the
 * call's last progress handed on, by token). MCP 2026-07-28, `basic/patterns/progress.mdx`:
 * a notification names the token of the request it is about (the same JSON type and value,
 * so not the string "7" for 7), and its `progress` MUST increase with each notification, so
 * one not above the last is not passed on.
 */
function nextProgress(params, token, last) {
  const progress = params?.progress;
  if (typeof token !== 'number' || params?.progressToken !== token || typeof progress !== 'number' || !(progress > (last[token] ?? -Infinity))) return false;
  last[token] = progress;
  return true;
}

/**
 * Messages of a call's event stream, as JSON texts joined by NULs (never in JSON text), in
 * order: while they are notifications (JSON-RPC 2.0, section 4.1: a string `method`, no `id`
 * or a null one), each is handed to the host's callbacks here: `notifications/progress`
 * params to `progress` and `callProgress` (the adapter's and the call's `onProgress`) when
 * they are the next of the request that sent progress token `token` (`nextProgress`, by the
 * call's `last`), other progress dropped (a token the server made up, another request's, none
 * asked for, a value not above the last; `onTrace` still shows it); `notifications/message`
 * params to `log`. Each callback gets its own parse of
 * the params, and `context` (`{ server, tool }`, frozen) as second argument; what they throw
 * is swallowed. Stops at the first message that is not a notification (a response, a server
 * request, text that is not JSON), which the core reads. Returns twice the number taken,
 * plus 1 if progress was handed on. See `Listeners` in src/bindings/options.rs.
 */
export function takeNotifications(texts, token, last, progress, callProgress, log, context) {
  const all = texts.split('\0');
  // one context for every callback and notification of a call: none may change it for the others
  if (context) Object.freeze(context);
  let progressed = 0;
  for (let i = 0; i < all.length; i++) {
    let message;
    try {
      message = JSON.parse(all[i]);
    } catch {
      return 2 * i + progressed;
    }
    if (message === null || typeof message !== 'object' || typeof message.method !== 'string' || (message.id !== undefined && message.id !== null)) {
      return 2 * i + progressed;
    }
    let targets = [];
    if (message.method === 'notifications/message') targets = [log];
    else if (message.method === 'notifications/progress' && nextProgress(message.params, token, last)) {
      targets = [progress, callProgress];
      progressed = 1;
    }
    let told = 0;
    for (const f of targets) {
      if (typeof f !== 'function') continue;
      // each callback its own params: what one edits in place, the next does not see
      const params = told++ === 0 ? message.params : JSON.parse(all[i]).params;
      try {
        ignoreRejection(f(params ?? null, context));
      } catch {
        // the host's callback must not break the call that delivered it
      }
    }
  }
  return 2 * all.length + progressed;
}
