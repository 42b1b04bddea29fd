// MCP Apps (the `io.modelcontextprotocol/ui` extension; MCP Apps 2026-01-26, `apps.mdx`): what an
// agent host needs of a server's apps. adapter.js loads this module only for a listing that has
// tools with `_meta.ui` and for the calls and reads of an app's view, so hosts whose servers
// have no apps never download it. Nothing here imports the wasm: adapter.js hands in what it
// needs.

/** The MIME type of an app's view (`apps.mdx`, "UI Resource Format"). */
const APP_HTML = 'text/html;profile=mcp-app';
/** Who may call a tool whose `visibility` is absent (`apps.mdx`, "Visibility"). */
const BOTH = ['model', 'app'];
/** The largest view `readAppResource` takes by default (the official PDF viewer is 4.3 MB). */
const MAX_VIEW_BYTES = 8 * 1024 * 1024;

/**
 * Reads each tool's `_meta.ui` (and the deprecated flat `_meta["ui/resourceUri"]`) into
 * `metadata.mcp.ui` (`MCPToolUI` in index.d.ts) and returns those of the tools that have one,
 * by name. A `resourceUri` that is not a `ui://` URI is ignored, told to `warn`; `visibility`
 * fails closed: absent means both, an array names who may call (unknown values name no one),
 * anything else no one.
 */
export function readToolUis(tools, warn) {
  const uis = new Map();
  for (const tool of tools) {
    const meta = tool.metadata.mcp.tool._meta;
    if (meta === null) continue;
    const named = (key) => `tool ${JSON.stringify(tool.name)}: _meta${key} ignored`;
    let ui = meta.ui ?? {};
    if (typeof ui !== 'object' || Array.isArray(ui)) {
      warn(`${named('.ui')}: not an object`);
      ui = {};
    }
    let resourceUri = null;
    for (const [key, uri] of [['.ui.resourceUri', ui.resourceUri], ['["ui/resourceUri"]', meta['ui/resourceUri']]]) {
      if (uri == null || resourceUri !== null) continue;
      if (typeof uri === 'string' && uri.startsWith('ui://')) resourceUri = uri;
      else warn(`${named(key)}: not a ui:// URI`);
    }
    const visibility = ui.visibility;
    if (resourceUri === null && visibility == null) continue;
    const who = visibility == null ? BOTH : BOTH.filter((w) => Array.isArray(visibility) && visibility.includes(w));
    uis.set(tool.name, (tool.metadata.mcp.ui = { resourceUri, visibility: who }));
  }
  return uis;
}

/**
 * Refuses (`app_call_refused`) a call of tool `name` by the view `resourceUri` unless the tool
 * is in the adapter's listing (`listed`), the view is one of that listing's (`uis`: a view of
 * this server, so no call crosses servers) and the tool's visibility includes `"app"`
 * (`apps.mdx`, "Visibility": the host MUST reject the others; servers do not).
 */
export function checkAppCall(name, resourceUri, listed, uis, MCPAdapterError) {
  let why;
  if (!listed) why = 'this server lists no such tool';
  else if (![...uis.values()].some((ui) => ui.resourceUri === resourceUri && typeof resourceUri === 'string')) {
    why = `the view ${JSON.stringify(resourceUri)} is not one of this server's (the resourceUri of none of its tools)`;
  } else if (!(uis.get(name)?.visibility ?? BOTH).includes('app')) why = 'its visibility does not include "app"';
  if (why === undefined) return;
  const error = new MCPAdapterError('app_call_refused', `an app may not call tool ${JSON.stringify(name)}: ${why}`);
  error.data = { tool: name, resourceUri };
  throw error;
}

/**
 * The view at `uri` (`resources/read` through `adapter`): `{ uri, html, ui }`, or the read's
 * interrupt. The content item must be of `uri`, `text/html;profile=mcp-app`, and at most
 * `maxBytes` (UTF-8). `ui` is its `_meta.ui` over the `resources/list` entry's (servers put it
 * on either or both): each member the content item has (`csp`, `permissions`, …) wins whole,
 * so neither widens the other's lists of domains.
 */
export async function readAppResource(adapter, uri, options, MCPAdapterError) {
  const target = uri instanceof URL ? uri.href : uri;
  if (typeof target !== 'string' || !target.startsWith('ui://')) {
    throw new MCPAdapterError('invalid_argument', 'readAppResource: the uri must be a ui:// URI');
  }
  const { maxBytes = MAX_VIEW_BYTES, ...readOptions } = options;
  const entryOf = (list) => (Array.isArray(list) ? list.find((r) => r.uri === target) : undefined);
  // a listing that fails leaves the read's own answer
  const [contents, entry] = await Promise.all([adapter.readResource(target, readOptions), adapter.listResources(readOptions).then(entryOf, () => undefined)]);
  if (!Array.isArray(contents)) return contents;
  const content = contents.find((c) => c.uri === target);
  const fail = (code, why) => new MCPAdapterError(code, `readAppResource ${JSON.stringify(target)}: ${why}`);
  if (content === undefined) throw fail('invalid_message', 'the server sent no content of this URI');
  if (String(content.mimeType).replace(/\s/g, '').toLowerCase() !== APP_HTML) {
    throw fail('invalid_message', `its mimeType is ${JSON.stringify(content.mimeType)}, not "${APP_HTML}"`);
  }
  const bytes = content.asBytes();
  if (bytes.length > maxBytes) throw fail('body_too_large', `the view is ${bytes.length} bytes, more than maxBytes (${maxBytes})`);
  const html = content.text ?? new TextDecoder().decode(bytes);
  return { uri: target, html, ui: { ...uiOf(entry?._meta), ...uiOf(content.metadata._meta) } };
}

/** `_meta.ui` if it is an object, else `{}`. */
function uiOf(meta) {
  const ui = meta?.ui;
  return ui !== null && typeof ui === 'object' && !Array.isArray(ui) ? ui : {};
}
