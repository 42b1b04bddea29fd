// Tamper-evident interrupts (the `interruptKey` option) and the checks `resume()` makes
// before anything is sent. Loaded by adapter.js only when an adapter has an `interruptKey`
// or an approval is resumed (`await import('./signing.js')`).
//
// signature = "v1." + base64url(HMAC-SHA-256(key, "mcp-wasm-adapter interrupt v1\n" + C))
// where C is the canonical JSON of the interrupt without its `signature` member: the JSON
// Canonicalization Scheme (RFC 8785) as JavaScript gives it — the value as `JSON.stringify`
// sees it (members whose value is `undefined`, a function or a symbol left out; `toJSON`
// applied), object members sorted by their names' UTF-16 code units, no whitespace, strings
// and numbers written by `JSON.stringify`. So a signature survives `JSON.stringify` /
// `JSON.parse` and any re-ordering of members, and fails on any other change. Base64url is
// RFC 4648 section 5 without padding. WebCrypto (`crypto.subtle`) signs: Node 20+, browsers,
// workerd, Deno and Bun have it. The key is never quoted in an error.

/** The `type` of every interrupt a call can resolve to. */
const INTERRUPT_TYPES = ['mcp_elicitation', 'mcp_approval', 'mcp_authorization', 'mcp_task'];

/** An `MCPAdapterError` (recognised by `instanceof MCPAdapterError`, which checks `name` and `code`). */
function adapterError(code, message) {
  const error = new Error(message);
  error.name = 'MCPAdapterError';
  error.code = code;
  return error;
}

/** The version prefix of a signature. */
const VERSION = 'v1.';
/** What is signed starts with this, so that no other message of the host's can pass for an interrupt. */
const CONTEXT = 'mcp-wasm-adapter interrupt v1\n';
/** The least key length in bytes (the HMAC-SHA-256 output length; RFC 2104 section 3). */
const MIN_KEY_BYTES = 32;

let processKey;

/** The bytes of a key given as a string (UTF-8), `ArrayBuffer` or view, or undefined. */
function keyBytes(key) {
  if (typeof key === 'string') return new TextEncoder().encode(key);
  if (key instanceof ArrayBuffer) return new Uint8Array(key);
  if (ArrayBuffer.isView(key)) return new Uint8Array(key.buffer, key.byteOffset, key.byteLength);
  return undefined;
}

/**
 * The option's value as a list of HMAC `CryptoKey`s: one key, or a list of them, the current
 * one first (it signs; each verifies, so interrupts signed before a key rotation still
 * resume). Rejects with `invalid_argument` saying what is wrong, never quoting a key.
 */
export async function importKey(option) {
  const keys = [option].flat();
  if (keys.length === 0) throw adapterError('invalid_argument', 'option interruptKey: an empty list has no key to sign with');
  return Promise.all(keys.map(importOne));
}

/**
 * One key as an HMAC `CryptoKey` (`true`: a random key made once per process or isolate).
 */
async function importOne(key) {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw adapterError('invalid_argument', 'option interruptKey needs WebCrypto (crypto.subtle), which this runtime lacks');
  if (Object.prototype.toString.call(key) === '[object CryptoKey]') {
    const algorithm = key.algorithm ?? {};
    if (algorithm.name !== 'HMAC' || algorithm.hash?.name !== 'SHA-256' || !key.usages.includes('sign') || !key.usages.includes('verify')) {
      throw adapterError('invalid_argument', 'option interruptKey: a CryptoKey must be an HMAC SHA-256 key with usages "sign" and "verify"');
    }
    return key;
  }
  if (key === true) {
    processKey ??= crypto.getRandomValues(new Uint8Array(MIN_KEY_BYTES));
    key = processKey;
  }
  const bytes = keyBytes(key);
  if (!bytes || bytes.length < MIN_KEY_BYTES) {
    throw adapterError('invalid_argument', `option interruptKey must be true, a CryptoKey, or a string or bytes of at least ${MIN_KEY_BYTES} bytes`);
  }
  try {
    return await subtle.importKey('raw', bytes.slice(), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  } catch {
    throw adapterError('invalid_argument', 'option interruptKey could not be imported as an HMAC key');
  }
}

/** `value` (JSON data) as canonical JSON text (see the head of this file; controls.js fingerprints with it). */
export function canonicalJson(value) {
  const text = JSON.stringify(value);
  return text === undefined ? 'null' : canonical(JSON.parse(text));
}

function canonical(value) {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const names = Object.keys(value).sort();
  return `{${names.map((name) => `${JSON.stringify(name)}:${canonical(value[name])}`).join(',')}}`;
}

/** The bytes an interrupt's signature covers: every member but `signature`. */
function signedBytes(interrupt) {
  const { signature, ...rest } = interrupt;
  return new TextEncoder().encode(CONTEXT + canonicalJson(rest));
}

function base64url(bytes) {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(text)) return undefined;
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The `signature` of `interrupt` (a plain object) under `key` (a `CryptoKey`). */
async function sign(key, interrupt) {
  const mac = await crypto.subtle.sign('HMAC', key, signedBytes(interrupt));
  return VERSION + base64url(new Uint8Array(mac));
}

/**
 * Why `interrupt` does not carry a valid signature under any of `keys` (from `importKey`), or
 * undefined when it does. The comparison is WebCrypto's `verify` (constant time).
 */
async function verify(keys, interrupt) {
  const signature = interrupt.signature;
  if (signature === undefined) return 'it is not signed';
  const mac = typeof signature === 'string' && signature.startsWith(VERSION) ? fromBase64url(signature.slice(VERSION.length)) : undefined;
  if (!mac) return 'its signature is malformed (expected "v1." and 43 base64url characters)';
  let bytes;
  try {
    bytes = signedBytes(interrupt);
  } catch {
    return 'it is not JSON data'; // a cycle, a BigInt, nesting too deep
  }
  for (const key of keys) if (await crypto.subtle.verify('HMAC', key, mac, bytes)) return undefined;
  return 'its signature does not match: it was altered, or signed with another key';
}

/**
 * `value` with its `signature` added when it is an interrupt made here (none yet); anything
 * else unchanged. `key` is the adapter's promise of its keys; the first signs.
 */
export async function seal(key, value) {
  if (value === null || typeof value !== 'object' || !INTERRUPT_TYPES.includes(value.type) || value.signature !== undefined) return value;
  value.signature = await sign((await key)[0], value);
  return value;
}

/** The decisions an approval can take (LangChain's human-in-the-loop terms). */
const DECISIONS = ['approve', 'edit', 'reject'];

/**
 * What `resume()` checks before anything is sent. With keys (the adapter's promise of them):
 * the interrupt's signature under one of them (`interrupt_signature_invalid`). For an approval: that the
 * decision is one of its `allowed_decisions` (an `approve` whose `args` differ from the
 * interrupt's is an `edit`), and edited `args` against the tool's `inputSchema`, which
 * `schemaOf(name)` gives from the adapter's own listing, never from the interrupt
 * (`invalid_argument` listing each path and why, also as `data.errors`). The core refuses
 * an unknown decision, an edit without args and args that are not an object.
 */
export async function beforeResume(key, interrupt, answer, schemaOf) {
  if (interrupt === null || typeof interrupt !== 'object') return; // the core refuses it
  if (key) {
    const why = await verify(await key, interrupt);
    if (why) throw adapterError('interrupt_signature_invalid', `this adapter resumes only interrupts signed with its interruptKey, and this one is refused: ${why}`);
  }
  if (interrupt.type !== 'mcp_approval') return;
  const args = answer?.args;
  let edit = answer?.decision === 'edit';
  try {
    edit ||= answer?.decision === 'approve' && args != null && canonicalJson(args) !== canonicalJson(interrupt.args);
  } catch {
    throw adapterError('invalid_argument', 'the answer and the interrupt must be JSON data');
  }
  const decision = edit ? 'edit' : answer?.decision;
  const allowed = interrupt.allowed_decisions ?? DECISIONS;
  if (!Array.isArray(allowed)) throw adapterError('invalid_argument', 'interrupt.allowed_decisions must be an array');
  if (DECISIONS.includes(decision) && !allowed.includes(decision)) {
    throw adapterError('invalid_argument', `this approval accepts only the decisions ${JSON.stringify(allowed)}; the answer is ${JSON.stringify(decision)}`);
  }
  const name = interrupt.tool_name;
  if (!edit || args === null || typeof args !== 'object' || Array.isArray(args) || typeof name !== 'string') return;
  const schema = await schemaOf(name);
  const tool = JSON.stringify(name);
  if (schema === undefined) throw adapterError('invalid_argument', `the edited args cannot be checked: the server does not list tool ${tool}`);
  const { compileSchema } = await import('./validate.js');
  let problems;
  try {
    problems = compileSchema(schema)(args);
  } catch (e) {
    throw adapterError('invalid_argument', `the edited args cannot be checked: the inputSchema of tool ${tool} is unusable (${e?.message})`);
  }
  if (problems.length > 0) {
    const list = problems.map((p) => `${p.path || '(root)'}: ${p.message}`).join('; ');
    const error = adapterError('invalid_argument', `the edited args of tool ${tool} do not match its inputSchema: ${list}`);
    error.data = { errors: problems };
    throw error;
  }
}
