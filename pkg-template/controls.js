// Controls for agents at scale, loaded by adapter.js only for an adapter given one of their
// options, so other pages never download it: which tools the adapter lets through
// (`allowTools`, `blockTools`) and the cap on what a result puts into a model's context
// (`maxResultChars`, `maxResultMedia`). Nothing here imports the wasm: adapter.js hands in
// what it needs. See index.d.ts for the options.
import * as self from './controls.js';

/** The blocks a result cap never cuts in the middle (LangChain v1 blocks of MCP media). */
const MEDIA = new Set(['image', 'audio', 'file']);

function adapterError(MCPAdapterError, code, message, data) {
  const error = new MCPAdapterError(code, message);
  if (data !== undefined) error.data = data;
  return error;
}

// --- the state of one adapter's controls -------------------------------------------------------

/**
 * Checks the options adapter.js collected in `c` (`allowTools`, `blockTools`); resolves to
 * this module (`c.ready`), or rejects with `invalid_argument`, which then fails each call of
 * the adapter.
 */
export async function setup(c, MCPAdapterError) {
  c.MCPAdapterError = MCPAdapterError;
  const bad = (name, what) => {
    throw adapterError(MCPAdapterError, 'invalid_argument', `option ${name} must be ${what}`);
  };
  for (const name of ['allowTools', 'blockTools']) {
    const v = c[name];
    if (v !== undefined && typeof v !== 'function' && !(Array.isArray(v) && v.every((n) => typeof n === 'string'))) bad(name, 'an array of tool names or a function (tool, { server }) => boolean');
  }
  state(c);
  return self;
}

/**
 * The controls of one adapter (`c`, the object adapter.js keeps: its options, then the state
 * kept here): `listed` the names of its last own listing, `filtered` the names that listing
 * left out.
 */
function state(c) {
  c.listed ??= new Set();
  c.filtered ??= new Set();
  return c;
}

/**
 * Whether the filters let tool `name` through: `false` when one leaves it out, `true` when
 * none does, `undefined` when a predicate would judge it but only its `name` is known.
 */
function allowed(c, name, tool) {
  let verdict = true;
  for (const [rule, keep] of [[c.allowTools, true], [c.blockTools, false]]) {
    if (rule == null) continue;
    const hit = Array.isArray(rule) ? rule.includes(name) : tool === undefined ? undefined : Boolean(rule(tool, { server: c.server }));
    if (hit === undefined) verdict &&= undefined;
    else if (hit !== keep) return false;
  }
  return verdict;
}

/**
 * What a listing keeps (adapter.js `#list`): the tools the filters let through; `maps` (the
 * listing's inputSchemas, outputSchemas and app views by name) lose the others. The adapter's
 * own listing (`own`) is remembered, for the checks of its calls.
 */
export async function listed(c, tools, own, maps) {
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
  if (!own) return kept;
  c.filtered = filtered;
  c.listed = new Set(kept.map((tool) => tool.name));
  return kept;
}

/**
 * Refuses, before anything is sent, a call (or a resume) of tool `name` that the filters
 * leave out (`tool_not_allowed`), then resolves to what `send()` gives (nothing without it).
 * `ensureListed()` lists the tools when a filter predicate must see the tool and it is not
 * in the adapter's last listing.
 */
export async function beforeCall(c, name, ensureListed, send) {
  let verdict = c.filtered.has(name) ? false : allowed(c, name, undefined);
  if (verdict === undefined) {
    await ensureListed();
    verdict = c.listed.has(name);
  }
  if (!verdict) {
    const why = c.filtered.has(name) || allowed(c, name, undefined) === false ? 'its filters (allowTools, blockTools) leave it out' : 'the server does not list it, so its filter cannot judge it';
    throw adapterError(c.MCPAdapterError, 'tool_not_allowed', `tool ${JSON.stringify(name)} may not be called through this adapter: ${why}`, { tool: name, server: c.server });
  }
  return send?.();
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
