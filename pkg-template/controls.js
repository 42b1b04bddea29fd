// Controls for agents at scale, loaded by adapter.js only for an adapter given one of their
// options, so other pages never download it: which tools the adapter lets through
// (`allowTools`, `blockTools`). Nothing here imports the wasm: adapter.js hands in what it
// needs. See index.d.ts for the options.
import * as self from './controls.js';

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
