// The `onTrace` option: each JSON-RPC message of an exchange told to the host as
// `{ direction, method, message, status }` (index.d.ts `TraceEvent`), the values of the host's
// headers redacted. adapter.js loads this module only for adapters given `onTrace`, so pages
// without a trace do not download it; src/bindings/exchange.js tells the trace what passes.

/** Values of the host's headers seen by traced exchanges, redacted from traced messages (as secrets.rs does for errors). */
const traceSecrets = new Set();

/**
 * Redacts the secrets from the strings of `value`, its keys included (a server may echo a
 * header as one); a `__proto__` key stays a member (`fromEntries`), as `JSON.parse` made it.
 */
function redacted(value, secrets) {
  if (typeof value === 'string') return secrets.reduce((text, secret) => text.split(secret).join('[redacted]'), value);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redacted(item, secrets));
  return Object.fromEntries(Object.keys(value).map((key) => [redacted(key, secrets), redacted(value[key], secrets)]));
}

/**
 * The trace of one exchange, for the host's `onTrace`. The request body and a response body
 * read by exchange.js are told as they pass; an event stream is decoded only by the core
 * (src/transport/sse.rs), which hands the data of its events over as it reads them
 * (`JsExchange.traceEvents`), so that the trace shows what the core read.
 */
class Trace {
  constructor(onTrace) {
    this.onTrace = onTrace;
    /** This exchange's own header values, redacted however many others the process has seen since. */
    this.own = new Set();
  }

  /**
   * Remembers the host's header values `[name, value, ...]` as secrets.rs does (of 8 characters
   * or more, with the token of `Scheme token`): this exchange's own, and the process's last 32
   * (a server may echo another exchange's).
   */
  remember(pairs) {
    for (let i = 1; i < (Array.isArray(pairs) ? pairs.length : 0); i += 2) {
      if (/^(accept|accept-encoding|accept-language|cache-control|content-type|origin|pragma|referer|user-agent)$/i.test(pairs[i - 1])) continue;
      const value = String(pairs[i]).trim();
      for (const secret of [value, value.slice(value.indexOf(' ') + 1)]) {
        if (secret.length < 8) continue;
        this.own.add(secret);
        traceSecrets.add(secret);
      }
    }
    for (const old of traceSecrets) if (traceSecrets.size > 32) traceSecrets.delete(old);
  }

  tell(direction, text) {
    let message;
    try {
      message = JSON.parse(text);
      // longest first, so that a whole value goes before its token
      const secrets = new Set([...this.own, ...traceSecrets]);
      if (secrets.size) message = redacted(message, [...secrets].sort((a, b) => b.length - a.length));
    } catch {
      // no body, not JSON, or too deep to redact (the core refuses it too): told without a message
      message = undefined;
    }
    if (direction === 'send') this.method = message?.method;
    try {
      // what an async callback rejects with is ignored, as what it throws (unhandled, it
      // would end a Node process)
      this.onTrace({ direction, method: this.method, message, status: direction === 'send' ? undefined : this.status })?.catch?.(() => {});
    } catch {
      // the host's callback must not break the call
    }
  }

  /** The response head, with the whole body unless it is an event stream, whose events come from `events`. */
  received(status, contentType, body) {
    this.status = status;
    const stream = (contentType ?? '').split(';')[0].trim().toLowerCase() === 'text/event-stream';
    if (!stream) this.tell('receive', body && new TextDecoder().decode(body));
  }

  /** The data of events the core decoded from the event stream, joined by NULs: tells each, in order. */
  events(texts) {
    for (const text of texts.split('\0')) this.tell('receive', text);
  }
}

/** What exchange.js is given for the host's `onTrace`: a function making each exchange's trace. */
export function tracer(onTrace) {
  return () => new Trace(onTrace);
}
