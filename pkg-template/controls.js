// Controls for agents at scale, loaded by adapter.js only for an adapter given one of their
// options (an `approval` predicate among them), asked for its definitions, given caps per call,
// resuming an approval that records a fingerprint, or while OpenTelemetry is registered, so
// other pages never download it: which tools the adapter lets through (`allowTools`, `blockTools`), a
// fingerprint of each tool's definition and what a later listing changes (`onToolsChanged`,
// `pinTools`, the approval gate), definitions that travel (`toolDefinitions()`,
// `definitions`), the cap on what a result puts into a model's context (`maxResultChars`,
// `maxResultMedia`) and W3C trace context in each request's `_meta` (`traceContext`,
// OpenTelemetry). Nothing here imports the wasm: adapter.js hands in what it needs, and keeps
// only hook points, each `c(hook, next, ...args)` around what it would do without controls
// (`next()`). See index.d.ts for the options.
import { canonicalJson } from './signing.js';
import * as self from './controls.js';

/** The global through which every copy of `@opentelemetry/api` 1.x finds the registered SDK. */
const OTEL = Symbol.for('opentelemetry.js.api.1');
/** The keys under which `@opentelemetry/api` keeps the active span and baggage in a context. */
const SPAN_KEY = Symbol.for('OpenTelemetry Context Key SPAN');
const BAGGAGE_KEY = Symbol.for('OpenTelemetry Baggage Key');
/** W3C Trace Context, `traceparent` (section 3.2): version, trace id, parent id, flags. */
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}(-[\x21-\x7e]*)?$/;
/** What a `tracestate` (W3C Trace Context, 3.3) or a `baggage` (W3C Baggage) may hold. */
const LIST_TEXT = /^[\x20-\x7e]*$/;
/** Their lengths: tracestate at most 32 members of 256 characters, baggage 8192 bytes. */
const MAX_TRACESTATE = 512;
const MAX_BAGGAGE = 8192;

/** The blocks a result cap never cuts in the middle (LangChain v1 blocks of MCP media). */
const MEDIA = new Set(['image', 'audio', 'file']);

function adapterError(MCPAdapterError, code, message, data) {
  const error = new MCPAdapterError(code, message);
  if (data !== undefined) error.data = data;
  return error;
}

// --- fingerprints ------------------------------------------------------------------------------

/**
 * The fingerprint of a listed tool's definition: `"sha256:"` and the lowercase hex SHA-256 of
 * the canonical JSON (RFC 8785, as interrupt signatures use it) of `{ name, description,
 * inputSchema, outputSchema, annotations }`, the MCP name and the server's own values (`null`
 * for one absent). The same in every runtime and run; another description, schema or hint
 * gives another fingerprint; the title, icons and `_meta` do not count (what the model reads
 * and what the gate and the checks act on does).
 */
export async function fingerprint(tool, fields = fieldsOf(tool)) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonicalJson(fields)));
  let hex = '';
  for (const byte of new Uint8Array(digest)) hex += byte.toString(16).padStart(2, '0');
  return `sha256:${hex}`;
}

/** What a fingerprint covers of `tool` (see {@link fingerprint}). */
function fieldsOf(tool) {
  return {
    name: tool?.mcpName ?? tool?.name,
    description: tool?.description ?? null,
    inputSchema: tool?.inputSchema ?? null,
    outputSchema: tool?.outputSchema ?? null,
    annotations: tool?.metadata?.mcp?.tool?.annotations ?? null,
  };
}

// --- the state of one adapter's controls -------------------------------------------------------

/** The adapter options this module acts on (adapter.js `CONTROLS` matches their names). */
const OPTIONS = ['allowTools', 'blockTools', 'pinTools', 'onToolsChanged', 'definitions', 'traceContext', 'maxResultChars', 'maxResultMedia', 'approval'];

/**
 * Sets up `c`, the controls of one adapter (adapter.js `#k`: a function that runs this
 * module's hooks, `c(hook, ...args)` calling `hook(c, ...args)` once this resolved), from the
 * adapter's options `o` (`allowTools`, `blockTools`, `pinTools`, `onToolsChanged`,
 * `definitions`, `traceContext`, `maxResultChars`, `maxResultMedia`, `approval`; `{}` for
 * controls made on first need) and what it hands in: `report` (`server`, `onWarning`),
 * `listing(name)` (the `inputSchema` of tool `name` in its last listing) and
 * `listing(undefined, options)` (its `listTools(options)`).
 * Checks them and takes the definitions; resolves to this module (`c.ready`), or rejects with
 * `invalid_argument`, which then fails each call of the adapter. An adapter tracks its tools'
 * definitions (their fingerprints) for `onToolsChanged`, `pinTools` and `definitions`, and for
 * its approval gate (`c.gated`) where the runtime has Web Crypto's digest (not on a page of an
 * insecure origin).
 */
export async function setup(c, o, report, listing, MCPAdapterError) {
  for (const name of OPTIONS) c[name] = o?.[name] ?? undefined;
  c.report = report;
  c.server = report.server;
  c.gated = typeof c.approval === 'function';
  c.list = (options) => listing(undefined, options);
  c.schema = listing;
  c.MCPAdapterError = MCPAdapterError;
  const bad = (name, what) => {
    throw adapterError(MCPAdapterError, 'invalid_argument', `option ${name} must be ${what}`);
  };
  for (const name of ['allowTools', 'blockTools']) {
    const v = c[name];
    if (v !== undefined && typeof v !== 'function' && !(Array.isArray(v) && v.every((n) => typeof n === 'string'))) bad(name, 'an array of tool names or a function (tool, { server }) => boolean');
  }
  if (c.pinTools !== undefined && typeof c.pinTools !== 'boolean') bad('pinTools', 'a boolean');
  for (const name of ['onToolsChanged', 'traceContext']) if (c[name] !== undefined && typeof c[name] !== 'function') bad(name, 'a function');
  const asked = c.onToolsChanged || c.pinTools || c.definitions;
  if (asked && !globalThis.crypto?.subtle) bad('onToolsChanged, pinTools or definitions', 'used where WebCrypto (crypto.subtle) fingerprints tools, which this runtime lacks');
  c.track = Boolean(asked || (c.gated && globalThis.crypto?.subtle));
  state(c);
  caps(c, c);
  if (c.definitions !== undefined) await takeDefinitions(c, c.definitions, MCPAdapterError);
  return self;
}

/** The caps on what a result puts into a model's context (`[maxResultChars, maxResultMedia]`) of call options `o`, the adapter's otherwise; checked. */
function caps(c, o) {
  return ['maxResultChars', 'maxResultMedia'].map((name) => {
    const value = o[name] ?? c[name];
    if (value == null || (value >= 0 && (Number.isInteger(value) || value === Infinity))) return value ?? undefined;
    throw adapterError(c.MCPAdapterError, 'invalid_argument', `option ${name} must be a non-negative integer`);
  });
}

/** Lists the adapter's tools when `name` is not in its last listing (adapter.js `#ensureListed`). */
async function ensureListed(c, name, options) {
  if (c.schema(name) === undefined) await c.list({ signal: options?.signal, timeoutMs: options?.timeoutMs });
}

/** The option key of a listed tool's `inputSchema` (adapter.js `LISTED_SCHEMA`). */
const LISTED_SCHEMA = Symbol.for('mcp-wasm-adapter.listedSchema');

// --- the hooks adapter.js calls (`c(hook, ...args)`) ----------------------------------------------

/**
 * The adapter's listing (`listTools()`, options `options` after {@link traced}): while the
 * `definitions` option stands for it (it has not had to list since), the definitions, filtered,
 * as the JSON text of `{ tools }`; else what `get()` (the core's `tools/list`) gives.
 */
export function list(c, get, options) {
  const own = options.headers == null;
  if (own && options.cacheMode == null && c.defined) return JSON.stringify({ tools: [...c.definitions.values()].filter((d) => allowed(c, d.name, d) !== false) });
  if (own) c.defined = false;
  return get();
}

/**
 * A call of tool `name` (`next()`: its gate and send, adapter.js `#send`): refused when the
 * filters or pins say so ({@link beforeCall}), an approval it gives marked with its tool's
 * fingerprint ({@link stamp}), a result within the call's caps ({@link capResult}).
 */
export async function call(c, next, name, options) {
  const [chars, media] = caps(c, options);
  const out = stamp(c, name, await beforeCall(c, name, () => ensureListed(c, name, options), next));
  return capResult(out, chars, media);
}

/**
 * `send(options)` of a call of tool `name` (or of the answer to its interrupt) as adapter.js
 * `#relisting` gives it. From definitions, the call mirrors its arguments (x-mcp-header) per
 * the definition's schema; a server that then says it has no such tool (or refuses the
 * mirrors, `-32020`) makes them stale: the adapter lists again (`relist()`, false when that
 * fails or lacks the tool) and sends again, else the call's own outcome stands.
 */
export async function sent(c, send, name, options, relist) {
  if (!c.defined) return send();
  let out;
  try {
    out = await send({ [LISTED_SCHEMA]: c.schema(name), ...options });
    const value = JSON.parse(typeof out === 'string' ? out : out[0]);
    if (!unknownTool(value)) return out;
  } catch (e) {
    if (e?.rpcCode === -32020) c.defined = false;
    if (!unknownTool(e)) throw e;
    out = e;
  }
  c.defined = false;
  if (await relist()) return send();
  if (out instanceof Error) throw out;
  return out;
}

/**
 * The controls of one adapter (`c`, the object adapter.js keeps: its options, then the state
 * kept here): `listed` the names of its last own listing, `filtered` the names that listing
 * left out, `prints` the fingerprints of its tools (when it tracks definitions), `pins` those
 * calls must match (`pinTools`), `changed` the tools whose definition changed since the
 * listing before (the approval gate asks about them whatever the predicate says, once).
 */
function state(c) {
  c.listed ??= new Set();
  c.filtered ??= new Set();
  c.prints ??= new Map();
  c.changed ??= new Set();
  return c;
}

/**
 * Whether the filters let tool `name` through: `false` when one leaves it out, `true` when
 * none does, `undefined` when a predicate would judge it but only its `name` is known. A
 * predicate that throws fails the listing with `invalid_argument`.
 */
function allowed(c, name, tool) {
  let verdict = true;
  for (const [rule, keep, option] of [[c.allowTools, true, 'allowTools'], [c.blockTools, false, 'blockTools']]) {
    if (rule == null) continue;
    const judge = () => {
      try {
        return Boolean(rule(tool, { server: c.server }));
      } catch (e) {
        throw adapterError(c.MCPAdapterError, 'invalid_argument', `option ${option} threw for tool ${JSON.stringify(name)}: ${e?.message ?? e}`);
      }
    };
    const hit = Array.isArray(rule) ? rule.includes(name) : tool === undefined ? undefined : judge();
    if (hit === undefined) verdict &&= undefined;
    else if (hit !== keep) return false;
  }
  return verdict;
}

/**
 * What a listing keeps (adapter.js `#list`): the tools the filters let through, each with its
 * `fingerprint` when the adapter tracks definitions; `maps` (the listing's inputSchemas,
 * outputSchemas and app views by name) lose the others. The adapter's own listing (`own`) is
 * remembered, for the checks of its calls: its fingerprints kept, the first ones pinned
 * (`pinTools: true`), and a change from the listing before told to `onToolsChanged` and marked
 * for the approval gate.
 */
export async function listed(c, _next, tools, own, maps) {
  state(c);
  const kept = [];
  const filtered = new Set();
  for (const tool of tools) {
    if (allowed(c, tool.name, tool)) kept.push(tool);
    else {
      filtered.add(tool.name);
      for (const map of maps) map.delete(tool.name);
    }
  }
  if (c.track) {
    // the fingerprints of the adapter's last listing by the fields' JSON text: a listing that
    // repeats a definition (most of a re-list) hashes it no more (1,000 tools: ~60 ms of
    // canonical JSON and SHA-256, against ~3 ms of JSON.stringify)
    const memo = new Map();
    const prints = await Promise.all(
      kept.map(async (tool) => {
        const fields = fieldsOf(tool);
        const text = JSON.stringify(fields);
        const print = tool.fingerprint ?? c.memo?.get(text) ?? (await fingerprint(tool, fields));
        memo.set(text, print);
        return print;
      }),
    );
    kept.forEach((tool, i) => (tool.fingerprint = prints[i]));
    if (own) c.memo = memo;
  }
  if (!own) return kept;
  c.filtered = filtered;
  c.listed = new Set(kept.map((tool) => tool.name));
  if (!c.track) return kept;
  const before = c.listedOnce ? c.prints : undefined;
  c.prints = new Map(kept.map((tool) => [tool.name, tool.fingerprint]));
  c.listedOnce = true;
  if (c.pinTools === true && c.pins === undefined) c.pins = new Map(c.prints);
  if (before !== undefined) told(c, before);
  return kept;
}

/** Tells `onToolsChanged` what the adapter's new listing changed from `before`, if anything. */
function told(c, before) {
  const changes = { added: [], removed: [], changed: [] };
  for (const [name, print] of c.prints) {
    const was = before.get(name);
    if (was === undefined) changes.added.push(name);
    else if (was !== print) {
      changes.changed.push({ name, previous: was, fingerprint: print });
      c.changed.add(name);
    }
  }
  for (const name of before.keys()) if (!c.prints.has(name)) changes.removed.push(name);
  if (changes.added.length + changes.removed.length + changes.changed.length === 0) return;
  if (typeof c.onToolsChanged !== 'function') return;
  try {
    c.onToolsChanged(changes, { server: c.server })?.catch?.(() => {});
  } catch {
    // a host callback that throws breaks neither the listing nor the process
  }
}

/**
 * Refuses, before anything is sent, a call (or a resume) of tool `name` that the filters
 * leave out (`tool_not_allowed`) or whose definition differs from its pinned one
 * (`tool_definition_changed`), then resolves to what `send()` gives (nothing without it).
 * `ensureListed()` lists the tools when a check needs the tool's listing (a filter predicate,
 * pins, definitions that stand for it) and it is not in the adapter's last one.
 */
export async function beforeCall(c, name, ensureListed, send) {
  let verdict = c.filtered.has(name) ? false : allowed(c, name, undefined);
  if (verdict !== false && (verdict === undefined || c.pinTools === true || c.defined)) {
    await ensureListed();
    if (verdict === undefined) verdict = c.listed.has(name);
  }
  if (!verdict) {
    const why = c.filtered.has(name) || allowed(c, name, undefined) === false ? 'its filters (allowTools, blockTools) leave it out' : 'the server does not list it, so its filter cannot judge it';
    throw adapterError(c.MCPAdapterError, 'tool_not_allowed', `tool ${JSON.stringify(name)} may not be called through this adapter: ${why}`, { tool: name, server: c.server });
  }
  const pinned = c.pins?.get(name);
  const now = c.prints.get(name);
  if (c.pinTools === true && (pinned === undefined || pinned !== now)) {
    const why = pinned === undefined ? 'it is not among the pinned definitions' : 'its definition differs from the pinned one';
    throw adapterError(c.MCPAdapterError, 'tool_definition_changed', `tool ${JSON.stringify(name)} is not called: ${why} (pinTools)`, {
      tool: name,
      expected: pinned ?? null,
      fingerprint: now ?? null,
      reason: 'pinned',
    });
  }
  return send?.();
}

/**
 * The adapter's `approval` predicate as the core calls it: shown the tool's metadata from the
 * definitions when the core has none (an adapter that has not listed), and asking, whatever it
 * says, about a tool whose definition changed since the listing before (once: an approval of
 * the new definition ends that).
 */
export async function gate(c, call, context) {
  state(c);
  if (call?.metadata == null && c.definitions !== undefined) call.metadata = c.definitions.get(call.name)?.metadata ?? null;
  const verdict = await c.approval(call, context);
  return c.changed.has(call?.name) ? verdict || true : verdict;
}

/** `out`, with the fingerprint of the tool it asks about when it is an approval (and the definitions' metadata the core lacked). */
export function stamp(c, name, out) {
  if (out?.type !== 'mcp_approval') return out;
  const print = c.prints?.get(name);
  if (print !== undefined) out.tool_fingerprint = print;
  if (out.metadata == null && c.definitions?.has(name)) out.metadata = c.definitions.get(name).metadata;
  return out;
}

/**
 * What `resume()` checks of a tool call's interrupt before anything is sent: the filters and
 * pins as for a call ({@link beforeCall}), and for an approval that records its tool's
 * fingerprint, that the server's listing now (`relist()`, past the result cache, which a
 * server's `ttlMs` may keep stale) still gives the tool that fingerprint, else `tool_definition_changed` (`reason: "approved"`: the server
 * changed a reviewed tool since the person was asked). An approving answer to a changed
 * tool's approval ends its special gating.
 */
async function beforeResume(c, interrupt, answer, options) {
  const name = interrupt.tool_name;
  await beforeCall(c, name, () => ensureListed(c, name, options));
  const asked = interrupt.tool_fingerprint;
  if (interrupt.type !== 'mcp_approval' || typeof asked !== 'string') return;
  // an adapter that did not track definitions starts, if it can
  if (!globalThis.crypto?.subtle) {
    throw adapterError(c.MCPAdapterError, 'invalid_argument', `the approval of tool ${JSON.stringify(name)} records a fingerprint that this runtime cannot check (no WebCrypto crypto.subtle); resume it where it can`);
  }
  c.track = true;
  if (!c.defined) await c.list({ signal: options?.signal, timeoutMs: options?.timeoutMs, cacheMode: 'refresh' });
  const now = c.prints.get(name);
  if (now !== asked) {
    const why = now === undefined ? 'the server no longer lists it' : 'its definition changed since the person was asked';
    throw adapterError(c.MCPAdapterError, 'tool_definition_changed', `the approval of tool ${JSON.stringify(name)} is not sent: ${why}; ask again`, {
      tool: name,
      expected: asked,
      fingerprint: now ?? null,
      reason: 'approved',
    });
  }
  if (answer?.decision === 'approve' || answer?.decision === 'edit') c.changed.delete(name);
}

/**
 * A resume of a tool call's interrupt (`next()`: the rest of adapter.js `#resume`): its caps
 * checked and {@link beforeResume} first, then its result within the caps (not a rejected
 * approval's, the person's answer, nor a sign-in's, whose call capped its own).
 */
export async function resume(c, next, call, interrupt, answer, options) {
  if (!call) return next();
  const [chars, media] = caps(c, options);
  await beforeResume(c, interrupt, answer, options);
  const out = await next();
  const asIs = (interrupt.type === 'mcp_approval' && answer?.decision === 'reject') || interrupt.type === 'mcp_authorization';
  return asIs ? out : capResult(out, chars, media);
}

/**
 * `onNotification` of a subscription, seeing first each tools `list_changed`: definitions that
 * stood for the listing are stale then, and a host told of changes (`onToolsChanged`) is told
 * after a new listing (`relist()`).
 */
export function listening(c, _next, onNotification) {
  if (typeof onNotification !== 'function') return onNotification;
  return (notification) => {
    if (notification?.method === 'notifications/tools/list_changed') {
      c.defined = false;
      if (c.onToolsChanged) c.list({}).catch(() => {});
    }
    return onNotification(notification);
  };
}

// --- definitions that travel --------------------------------------------------------------------

/** The listed tools as plain JSON definitions, each with its fingerprint (`toolDefinitions()`). */
export async function definitionsOf(_c, tools) {
  const out = [];
  for (const tool of tools) {
    const { invoke, ...plain } = tool;
    const definition = JSON.parse(JSON.stringify(plain));
    definition.fingerprint ??= await fingerprint(definition);
    out.push(definition);
  }
  return out;
}

/**
 * The `definitions` option checked: each an object with a string `name`, object `inputSchema`,
 * `schema` and `metadata.mcp`, and a `fingerprint` that is the one its fields give (else
 * `invalid_argument`: a definition edited or corrupted in storage). Kept by name (`c.definitions`),
 * and pinned when `pinTools` is `true` (the host's definitions are then the pinned ones).
 */
export async function takeDefinitions(c, given, MCPAdapterError) {
  state(c);
  const bad = (why) => adapterError(MCPAdapterError, 'invalid_argument', `option definitions: ${why}`);
  if (!Array.isArray(given)) throw bad('must be an array of tool definitions (adapter.toolDefinitions())');
  const byName = new Map();
  for (const [i, d] of given.entries()) {
    const object = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
    if (!object(d) || typeof d.name !== 'string' || !object(d.inputSchema) || !object(d.schema) || !object(d.metadata?.mcp?.tool)) {
      throw bad(`entry ${i} is not a tool definition (name, inputSchema, schema, metadata.mcp)`);
    }
    const print = await fingerprint(d);
    if (d.fingerprint !== print) throw bad(`the fingerprint of tool ${JSON.stringify(d.name)} is not that of its definition`);
    byName.set(d.name, JSON.parse(JSON.stringify(d)));
  }
  c.definitions = byName;
  c.defined = true;
  c.prints = new Map([...byName].map(([name, d]) => [name, d.fingerprint]));
  c.listed = new Set(byName.keys());
  if (c.pinTools === true) c.pins = new Map(c.prints);
  return byName;
}

/**
 * Whether `value` (a tool result, or a call's error) says the server has no such tool, as
 * servers say it: a JSON-RPC `-32602` (the TypeScript SDK), or an error result whose text
 * starts "Unknown tool" (FastMCP). Definitions that say otherwise are stale.
 */
function unknownTool(value) {
  if (value?.rpcCode === -32602) return /tool/i.test(String(value.message));
  return value?.status === 'error' && /^unknown tool/i.test(value.content?.[0]?.text ?? '');
}

// --- what a result puts into a model's context ---------------------------------------------------

/**
 * A tool result whose model-visible content is within `maxChars` characters of text and
 * `maxMedia` media blocks (images, audio, files; never cut, only left out whole), each
 * undefined or Infinity for no bound. Text over the bound keeps its head and tail (two thirds
 * and one third of the bound) around one text block saying how many characters were left out
 * and that the full result is in the artifact (media kept in that stretch come before it);
 * media past their bound are left out whole, counted by such a block too. The full content
 * goes to `artifact.full_content`, beside the structured content (kept whole); a result within
 * the bounds, and an interrupt, come back as they are.
 */
export function capResult(result, maxChars, maxMedia) {
  if (result?.type !== 'tool_result' || !Array.isArray(result.content)) return result;
  const content = result.content;
  let chars = 0;
  let media = 0;
  for (const block of content) {
    if (block?.type === 'text' && typeof block.text === 'string') chars += block.text.length;
    else if (MEDIA.has(block?.type)) media += 1;
  }
  const cutText = chars > maxChars; // false for undefined and Infinity: no bound
  const cutMedia = media > maxMedia;
  if (!cutText && !cutMedia) return result;
  const head = cutText ? Math.ceil((maxChars * 2) / 3) : Infinity;
  const tail = cutText ? maxChars - head : Infinity;
  // the text offsets (from the start of all the text) of the head's end and the tail's start
  const tailFrom = chars - tail;
  const out = [];
  let at = 0;
  let shown = 0;
  let leftChars = 0;
  let leftMedia = 0;
  const mark = () => {
    if (leftChars === 0 && leftMedia === 0) return;
    const what = [leftChars > 0 && `${leftChars} characters`, leftMedia > 0 && `${leftMedia} media block${leftMedia === 1 ? '' : 's'}`].filter(Boolean).join(' and ');
    out.push({ type: 'text', text: `[… ${what} of this tool result left out here; the full result is in the artifact (full_content) …]` });
    leftChars = leftMedia = 0;
  };
  for (const block of content) {
    if (block?.type === 'text' && typeof block.text === 'string') {
      const text = block.text;
      const start = at;
      at += text.length;
      const keepHead = Math.max(0, Math.min(text.length, head - start));
      const keepTail = Math.max(0, Math.min(text.length - keepHead, at - Math.max(tailFrom, start + keepHead)));
      if (keepHead === text.length) {
        out.push(block);
        continue;
      }
      if (keepHead > 0) out.push({ ...block, text: cut(text, 0, keepHead) });
      leftChars += text.length - keepHead - keepTail;
      if (keepTail > 0) {
        mark();
        out.push({ ...block, text: cut(text, text.length - keepTail, text.length) });
      }
    } else if (MEDIA.has(block?.type)) {
      if (!cutMedia || shown < maxMedia) {
        out.push(block);
        shown += 1;
      } else leftMedia += 1;
    } else out.push(block);
  }
  mark();
  return { ...result, content: out, artifact: { ...result.artifact, full_content: content } };
}

/** `text.slice(from, to)`, moved off a surrogate pair's middle so no character is split. */
function cut(text, from, to) {
  const low = (i) => i > 0 && i < text.length && /[\udc00-\udfff]/.test(text[i]);
  if (low(from)) from += 1;
  if (low(to)) to -= 1;
  return text.slice(from, to);
}

// --- trace context ---------------------------------------------------------------------------------

/**
 * The W3C trace context of a request, as the core writes it into `_meta` (MCP 2026-07-28,
 * `basic/index.mdx`: `traceparent`, `tracestate`, `baggage`): the three values joined by NULs
 * (an empty part for one not set), or undefined for none. From the `traceContext` option when
 * given, else from OpenTelemetry's active span when the host registered an SDK (read through
 * the global every copy of `@opentelemetry/api` 1.x uses, so nothing is imported). A malformed
 * value is dropped with a warning (`warn`); a `traceparent` that is, drops the other two.
 */
export function traceOf(option, warn) {
  let given;
  if (typeof option === 'function') {
    try {
      given = option();
    } catch (e) {
      warn(`option traceContext threw (${e?.message ?? e}); the request carries no trace context`);
      return undefined;
    }
  } else given = fromOpenTelemetry();
  if (given == null) return undefined;
  const { traceparent, tracestate, baggage } = given;
  const m = typeof traceparent === 'string' ? TRACEPARENT.exec(traceparent) : null;
  if (m === null || m[1] === 'ff' || (m[1] === '00' && m[4] !== undefined) || /^0+$/.test(m[2]) || /^0+$/.test(m[3])) {
    if (traceparent !== undefined) warn(`traceparent ${JSON.stringify(String(traceparent)).slice(0, 80)} is not a W3C traceparent; the request carries no trace context`);
    return undefined;
  }
  const part = (value, name, max) => {
    if (value == null || value === '') return '';
    if (typeof value === 'string' && value.length <= max && LIST_TEXT.test(value)) return value;
    warn(`${name} is not a W3C ${name} of at most ${max} characters; it is left out`);
    return '';
  };
  return `${traceparent}\0${part(tracestate, 'tracestate', MAX_TRACESTATE)}\0${part(baggage, 'baggage', MAX_BAGGAGE)}`;
}

/** The option key of a call's trace context, which the core reads (adapter.js `TRACE`). */
const TRACE = Symbol.for('mcp-wasm-adapter.trace');

/**
 * `options` of a request with its trace context ({@link traceOf}) when it has one, warnings to
 * the adapter's `onWarning` (adapter.js `#t`, which calls it for every request of an adapter with
 * controls, or while OpenTelemetry is registered, or for a call given caps).
 */
export function traced(c, options) {
  const option = c.traceContext;
  if (option === undefined && globalThis[OTEL] === undefined) return options;
  const report = c.report;
  const warn = (text) => {
    try {
      (report.onWarning ?? console.warn)(`mcp-wasm-adapter: ${text}`)?.catch?.(() => {});
    } catch {
      // a host callback that throws breaks no request
    }
  };
  const trace = traceOf(option, warn);
  return trace === undefined ? options : { ...options, [TRACE]: trace };
}

/** `{ traceparent, tracestate?, baggage? }` of OpenTelemetry's active span, or undefined. */
function fromOpenTelemetry() {
  const active = globalThis[OTEL]?.context?.active?.();
  const span = active?.getValue?.(SPAN_KEY)?.spanContext?.();
  if (span === undefined || typeof span.traceId !== 'string' || typeof span.spanId !== 'string') return undefined;
  const flags = ((span.traceFlags ?? 0) & 0xff).toString(16).padStart(2, '0');
  const out = { traceparent: `00-${span.traceId}-${span.spanId}-${flags}` };
  const state = span.traceState?.serialize?.();
  if (state) out.tracestate = state;
  const entries = active.getValue(BAGGAGE_KEY)?.getAllEntries?.() ?? [];
  if (entries.length > 0) out.baggage = entries.map(([key, entry]) => `${key}=${encodeURIComponent(entry.value)}${entry.metadata ? `;${entry.metadata.toString()}` : ''}`).join(',');
  return out;
}
