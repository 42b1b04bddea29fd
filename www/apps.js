// MCP Apps on the page (MCP Apps 2026-01-26, `apps.mdx`): a tool whose listing names a view
// (`metadata.mcp.ui.resourceUri`) shows it after a call, in a sandboxed iframe on a second
// origin: the sandbox proxy (sandbox.html) that `npm start` serves on another port, with the
// view's CSP as its header (csp.js). The host side of the `ui/*` protocol is the official one,
// `AppBridge` and `PostMessageTransport` of @modelcontextprotocol/ext-apps (bundled for the page
// by scripts/build.sh), without an MCP client of its own: each handler calls this package's
// adapter, so a view's tool calls are checked (`callToolFromApp`: only the app-visible tools of
// its own server) and traced like the page's own calls.
import { AppBridge, PostMessageTransport, buildAllowAttribute } from '/build/app-bridge.js';
import { appCsp } from './csp.js';
import { el, errorBox, json } from './render.js';

const HOST = { name: 'mcp-wasm-adapter demo page', version: '0.1.0' };
/** Where the sandbox proxy is: `npm start` says so in config.json. */
const sandboxUrl = fetch('./config.json').then((r) => r.json()).then((c) => c.sandboxUrl, () => undefined);

/** An MCP `CallToolResult` of an adapter's tool result, as a view expects it. */
function callToolResult(result) {
  const content = result.content.map((b) =>
    b.type === 'text' ? { type: 'text', text: b.text } : b.type === 'image' || b.type === 'audio' ? { type: b.type, data: b.data, mimeType: b.mimeType } : { type: 'text', text: JSON.stringify(b) },
  );
  const out = { content, isError: result.status === 'error' };
  if (result.artifact?.structured_content !== undefined) out.structuredContent = result.artifact.structured_content;
  if (result.artifact?._meta !== undefined) out._meta = result.artifact._meta;
  return out;
}

/** The tool as MCP lists it (`hostContext.toolInfo.tool`), from the adapter's description. */
function mcpTool(tool) {
  const { _meta, annotations } = tool.metadata.mcp.tool;
  const out = { name: tool.mcpName ?? tool.name, description: tool.description, inputSchema: tool.inputSchema };
  for (const [key, value] of Object.entries({ title: tool.title, annotations, _meta })) if (value !== null) out[key] = value;
  return out;
}

/** The text of a `ui/message` or `ui/update-model-context` content (a block, or an array of them). */
const textOf = (content) => [content ?? []].flat().map((b) => (b?.type === 'text' ? b.text : JSON.stringify(b))).join('\n');

/**
 * The view of `tool`'s app after a call with `args` that gave `result`, reached through `app`
 * (`readAppResource`, `callToolFromApp`, `readResource`, `listResources`,
 * `listResourceTemplates`, `listPrompts` of the tool's server), `log` the page's log and
 * `tracked` its history. The element's `teardown(reason)` ends the view (`ui/resource-teardown`).
 */
export function appView({ app, tool, args, result, log, tracked }) {
  const uri = tool.metadata.mcp.ui.resourceUri;
  const frame = el('iframe', { className: 'app-frame', title: `MCP App ${uri}` });
  // the spec's sandbox of the proxy frame: scripts, and its own origin (another than the page's)
  frame.setAttribute('sandbox', 'allow-scripts allow-same-origin');
  const status = el('p', { className: 'muted app-status' }, `loading ${uri}…`);
  const notes = el('div', { className: 'app-notes' });
  const policy = el('details', { className: 'app-csp' });
  const wire = el('ol', { className: 'app-wire' });
  const close = el('button', { type: 'button', className: 'app-close' }, 'Close');
  const view = el('section', { className: 'app-view', dataset: { app: uri } }, [
    el('header', {}, [el('strong', {}, 'MCP App '), el('code', {}, uri), ' ', close]),
    status,
    frame,
    notes,
    policy,
    el('details', { className: 'app-messages' }, [el('summary', {}, 'Messages with the view (postMessage)'), wire]),
  ]);
  const name = `app ${tool.name}`;
  const note = (className, children) => notes.append(el('div', { className: `app-note ${className}` }, children));
  let bridge;
  view.teardown = async (reason) => {
    if (!bridge) return;
    const ending = bridge;
    bridge = undefined;
    // the view may save its state first; a view that does not answer is ended all the same
    await Promise.race([ending.teardownResource({ reason }).catch(() => {}), new Promise((r) => setTimeout(r, 2000))]);
    await ending.close().catch(() => {});
    frame.remove();
    status.textContent = `closed: ${reason}`;
  };
  close.onclick = () => view.teardown('closed by the user');
  start().catch((e) => status.replaceChildren(errorBox(e)));
  return view;

  async function start() {
    const [resource, sandbox] = await Promise.all([tracked(`resources/read ${uri} (MCP App view)`, () => app.readAppResource(uri)), sandboxUrl]);
    if (resource?.type) throw Object.assign(new Error(`reading the view needs a person first (${resource.type})`), { code: 'not_supported' });
    if (!sandbox) throw Object.assign(new Error('no sandbox origin to show the view in: start the page with npm start'), { code: 'not_supported' });
    const { csp, permissions } = resource.ui;
    const applied = appCsp(csp);
    const allow = buildAllowAttribute(permissions);
    if (allow) frame.setAttribute('allow', allow);
    policy.replaceChildren(
      el('summary', {}, csp ? 'Content Security Policy (from the declared domains)' : 'Content Security Policy (the restrictive default: nothing declared)'),
      el('code', { className: 'app-policy' }, applied.policy),
      applied.ignored.length ? el('p', { className: 'bad' }, `Declared but not a plain origin, left out: ${applied.ignored.join(', ')}`) : '',
      el('p', {}, ['Permissions (iframe allow): ', el('code', { className: 'app-allow' }, allow || 'none')]),
      json(resource.ui),
    );
    log({ level: 'info', logger: name, data: `CSP of ${uri}: ${applied.policy}` });
    // what the host grants: the domains it allows, the permissions it delegates
    const sandboxGrant = { csp: applied.approved, permissions: resource.ui.permissions };
    bridge = new AppBridge(null, HOST, { openLinks: {}, serverTools: {}, serverResources: {}, logging: {}, sandbox: sandboxGrant }, {
      hostContext: {
        theme: matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light',
        displayMode: 'inline',
        availableDisplayModes: ['inline'],
        locale: navigator.language,
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        platform: 'web',
        containerDimensions: { maxHeight: 900 },
        toolInfo: { tool: mcpTool(tool) },
      },
    });
    handle(bridge, resource);
    const transport = new PostMessageTransport(frame.contentWindow, frame.contentWindow);
    const record = (direction, message) => wire.append(el('li', { className: direction }, [`${direction} `, el('code', {}, message.method ?? (message.error ? 'error' : 'result')), ` ${JSON.stringify(message).slice(0, 300)}`]));
    const send = transport.send.bind(transport);
    transport.send = (message, options) => {
      record('host→view', message);
      return send(message, options);
    };
    await bridge.connect(transport);
    const receive = transport.onmessage;
    transport.onmessage = (message, extra) => {
      record('view→host', message);
      receive?.(message, extra);
    };
    // the bridge listens before the proxy loads and says it is ready
    frame.src = `${sandbox}?${new URLSearchParams({ csp: JSON.stringify(csp ?? null), allow })}`;
    status.textContent = `${uri} (sandbox ${new URL(sandbox).origin})`;
  }

  /** The bridge's handlers: the view's requests answered by the adapter and the page. */
  function handle(b, resource) {
    b.onsandboxready = () => b.sendSandboxResourceReady({ html: resource.html, csp: resource.ui.csp, permissions: resource.ui.permissions });
    // the call is done: its input, then its result (the view shows nothing before initialized)
    b.oninitialized = async () => {
      await b.sendToolInput({ arguments: args ?? {} });
      await b.sendToolResult(callToolResult(result));
    };
    b.oncalltool = async ({ name: called, arguments: callArgs }) => {
      try {
        const out = await tracked(`tools/call ${called} (from the MCP App)`, () => app.callToolFromApp(called, callArgs ?? {}, { resourceUri: uri }));
        if (out?.type !== 'tool_result') throw new Error(`the tool needs a person first (${out?.type}): call it from its card`);
        return callToolResult(out);
      } catch (e) {
        log({ level: 'warning', logger: name, data: `tools/call ${called} refused or failed: ${e.message}` });
        throw e;
      }
    };
    b.onreadresource = async ({ uri: read }) => {
      const contents = await tracked(`resources/read ${read} (from the MCP App)`, () => app.readResource(read));
      if (!Array.isArray(contents)) throw new Error('the resource needs a person first');
      return { contents: contents.map((c) => ({ uri: c.uri, mimeType: c.mimeType, ...(c.text !== undefined ? { text: c.text } : { blob: c.data }) })) };
    };
    const plain = (list) => list.map(({ read, get, ...entry }) => entry);
    b.onlistresources = async () => ({ resources: plain(await app.listResources()) });
    b.onlistresourcetemplates = async () => ({ resourceTemplates: plain(await app.listResourceTemplates()) });
    b.onlistprompts = async () => ({ prompts: plain(await app.listPrompts()) });
    b.onmessage = async ({ content }) => {
      const text = textOf(content);
      log({ level: 'info', logger: name, data: `message the user would send: ${text}` });
      note('app-message', [el('strong', {}, 'Message the user would send: '), text]);
      return {};
    };
    b.onupdatemodelcontext = async ({ content, structuredContent }) => {
      notes.querySelector('.app-context')?.remove();
      note('app-context', [el('strong', {}, 'Model context (for the next turn): '), textOf(content), structuredContent ? json(structuredContent) : '']);
      return {};
    };
    b.onopenlink = ({ url }) => consent(url);
    b.onloggingmessage = ({ level, logger, data }) => log({ level, logger: logger ? `${name}: ${logger}` : name, data });
    b.onsizechange = ({ height }) => {
      if (height > 0) frame.style.height = `${Math.min(height, 900)}px`;
    };
    b.onrequestteardown = () => view.teardown('asked by the view');
  }

  /** `ui/open-link`: opened only when the person says so, as a URL elicitation is. */
  function consent(url) {
    let target;
    try {
      target = new URL(url);
    } catch {
      target = undefined;
    }
    if (target?.protocol !== 'https:' && target?.protocol !== 'http:') return Promise.reject(new Error('Invalid URL: only http(s) links are opened'));
    return new Promise((resolve, reject) => {
      const box = el('div', { className: 'app-note app-link' }, [
        el('p', {}, ['The app asks to open ', el('code', { className: 'url' }, [`${target.protocol}//`, el('strong', { className: 'host' }, target.host), `${target.pathname}${target.search}${target.hash}`])]),
        el('button', { type: 'button', className: 'primary', onclick: () => {
          box.remove();
          window.open(target.href, '_blank', 'noopener,noreferrer');
          resolve({});
        } }, 'Open'),
        el('button', { type: 'button', onclick: () => {
          box.remove();
          reject(new Error('Link opening denied by user'));
        } }, 'Refuse'),
      ]);
      notes.append(box);
    });
  }
}
