// The demo page: an MCP client in a browser tab, running on the adapter's wasm package
// (`/pkg/`, no framework; the build bundles only MCP Apps' host bridge). Connect to a server,
// see what it offers, call its tools through generated forms, answer its questions, follow
// and cancel tools that run as tasks (task.js), read resources, get prompts, show MCP Apps'
// views (apps.js), and see every JSON-RPC message exchanged (the adapter's `onTrace` option).
import { MCPAdapter, MCPAdapterGroup } from '/pkg/index.browser.js';
import { el, errorBox, json, outcome } from './render.js';
import { missingError, schemaForm } from './form.js';
import { interruptView } from './interrupt.js';
import { taskView } from './task.js';
/** MCP Apps' views (apps.js, with the host bridge it imports), loaded by the first view shown. */
const loadApps = () => import('./apps.js');

const $ = (selector) => document.querySelector(selector);
const RECENT_KEY = 'mcp-wasm-adapter.demo.recent';
/** sessionStorage: where a sign-in that left the tab was going (`{ url, clientId }`). */
const SIGNIN_KEY = 'mcp-wasm-adapter.demo.signin';

/**
 * An OAuth provider (mcp-wasm-adapter/auth, loaded only when signing in) that sends this
 * tab to the authorization server and back to this page, tokens in sessionStorage.
 */
async function authProvider(clientId) {
  const { OAuthProvider, redirectFlow, webStorage } = await import('/pkg/auth.js');
  return new OAuthProvider({
    redirectUrl: `${location.origin}${location.pathname}`,
    storage: webStorage(sessionStorage),
    clientInformation: clientId ? () => ({ client_id: clientId }) : undefined,
    redirectToAuthorization: redirectFlow(),
  });
}

/** The connection shown in the tabs: its key, adapter, URL and options, the tools by name. */
const state = { key: undefined, adapter: undefined, url: undefined, timeoutMs: 30_000, tools: new Map(), generation: 0 };

/**
 * Every connected server by key (from its name): `{ key, adapter, url, timeoutMs, tools }`.
 * "Connect" replaces the server shown; "Add server" keeps it and adds another. With two or
 * more, the "Side by side" tab shows them through one MCPAdapterGroup of their adapters.
 */
const servers = new Map();

/** How the tabs' cards reach the server shown (a column's cards get their own, from the group). */
const shown = {
  get url() {
    return state.url;
  },
  get timeoutMs() {
    return state.timeoutMs;
  },
  schemaOf: (name) => state.tools.get(name)?.schema,
  resume: (interrupt, answer, options) => state.adapter.resume(interrupt, answer, options),
  cancelTask: (task) => state.adapter.cancelTask(task),
  getPrompt: (name, args) => state.adapter.getPrompt(name, args),
  complete: (ref, argument) => state.adapter.complete(ref, argument),
  readLink: (uri) => readResource(uri),
  // what an MCP App's view reaches of its server (apps.js)
  get app() {
    return state.adapter;
  },
};

// --- history: each call with the JSON-RPC messages exchanged while it ran ------------------

/** Calls still running; each trace event goes to all of them. */
const running = new Set();
const history = [];

function onTrace(event) {
  const at = performance.now();
  for (const entry of running) entry.trace.push({ ...event, at });
}

/** Runs `task` as a history entry titled `title`; resolves to what it resolves to. */
async function tracked(title, task) {
  const entry = { title, started: new Date(), t0: performance.now(), trace: [], outcome: 'running' };
  running.add(entry);
  history.unshift(entry);
  try {
    const value = await task();
    entry.outcome = value?.type?.startsWith?.('mcp_') ? value.type : value?.status === 'error' ? 'error result' : 'ok';
    return value;
  } catch (e) {
    entry.outcome = `failed: ${e?.code ?? e?.message ?? e}`;
    throw e;
  } finally {
    entry.ms = Math.round(performance.now() - entry.t0);
    running.delete(entry);
    renderHistory();
  }
}

function traceLine(event) {
  const arrow = event.direction === 'send' ? '→' : '←';
  const what = event.message?.method ?? (event.message?.error ? 'error' : event.message ? 'result' : 'no message');
  return el('li', { className: `trace ${event.direction}` }, [
    el('div', { className: 'trace-head' }, [el('span', { className: 'arrow' }, arrow), ` ${event.direction === 'send' ? 'sent' : `HTTP ${event.status}`} `, el('code', {}, what), event.method && event.method !== what ? ` (for ${event.method})` : '']),
    event.message ? json(event.message) : '',
  ]);
}

function renderHistory() {
  $('#history-count').textContent = history.length ? `(${history.length})` : '';
  $('#history').replaceChildren(
    ...history.map((entry) =>
      el('li', { className: `entry ${entry.outcome.startsWith('failed') ? 'failed' : ''}` }, [
        el('details', {}, [
          el('summary', {}, [
            el('time', {}, entry.started.toLocaleTimeString()),
            ' ',
            el('strong', {}, entry.title),
            ` — ${entry.outcome}`,
            entry.ms !== undefined ? ` (${entry.ms} ms, ${entry.trace.length} message${entry.trace.length === 1 ? '' : 's'})` : '',
          ]),
          entry.trace.length ? el('ol', { className: 'traces' }, entry.trace.map(traceLine)) : el('p', { className: 'muted' }, 'No message exchanged (answered from the cache, or refused before sending).'),
        ]),
      ]),
    ),
  );
}

// --- log panel --------------------------------------------------------------------------

function onLoggingMessage({ level, logger, data }) {
  const text = typeof data === 'string' ? data : JSON.stringify(data);
  $('#log').append(el('li', { className: `log level-${level}` }, [el('time', {}, new Date().toLocaleTimeString()), ' ', el('span', { className: 'level' }, level), logger ? el('span', { className: 'logger' }, ` ${logger}`) : '', ` ${text}`]));
  $('#log').lastChild.scrollIntoView({ block: 'nearest' });
}

// --- connecting -------------------------------------------------------------------------

/** Headers from the form: `Name: value` lines, plus the bearer token. */
function headersFromForm() {
  const headers = {};
  for (const line of $('#headers').value.split('\n')) {
    const at = line.indexOf(':');
    if (at > 0) headers[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  const token = $('#token').value.trim();
  if (token) headers.Authorization = `Bearer ${token}`;
  return Object.keys(headers).length ? headers : undefined;
}

function recent() {
  try {
    const list = JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((u) => typeof u === 'string') : [];
  } catch {
    return [];
  }
}

/** Remembers `url` (only the URL: never tokens or headers) among the recent connections. */
function remember(url) {
  try {
    localStorage.setItem(RECENT_KEY, JSON.stringify([url, ...recent().filter((u) => u !== url)].slice(0, 8)));
  } catch {
    // storage refused (private mode): nothing remembered
  }
  renderRecent();
}

function renderRecent() {
  const list = recent();
  $('#recent-options').replaceChildren(...list.map((u) => el('option', { value: u })));
  $('#recent').replaceChildren(
    ...(list.length ? [el('span', { className: 'muted' }, 'Recent: ')] : []),
    ...list.map((u) => el('button', { type: 'button', className: 'link', onclick: () => {
      $('#url').value = u;
      connect();
    } }, u)),
  );
}

/** A key for a server named `name` that no connected server has (`name`, `name_2`, …). */
function freeKey(name) {
  const base = String(name ?? '').replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 32) || 'server';
  let key = base;
  for (let n = 2; servers.has(key); n++) key = `${base}_${n}`;
  return key;
}

/**
 * Connects to the URL of the form: lists the tools (which negotiates), then the rest. It
 * replaces the server shown, or with `keep` adds it beside the connected ones (and shows it).
 */
async function connect({ keep = false } = {}) {
  const url = $('#url').value.trim();
  const generation = ++state.generation;
  const status = $('#connect-status');
  status.replaceChildren(el('span', { className: 'muted' }, `connecting to ${url}…`));
  $('#connect-error').replaceChildren();
  if (!keep) {
    const previous = state.adapter;
    servers.delete(state.key);
    Object.assign(state, { key: undefined, adapter: undefined });
    previous?.close().catch(() => {});
    document.body.classList.remove('connected');
  }
  const timeoutMs = Number($('#timeout').value) * 1000 || 0;
  const signIn = $('#oauth').checked;
  let adapter;
  try {
    const clientId = $('#client-id').value.trim();
    if (signIn) sessionStorage.setItem(SIGNIN_KEY, JSON.stringify({ url, clientId }));
    adapter = new MCPAdapter(url, {
      auth: signIn ? await authProvider(clientId) : undefined,
      headers: headersFromForm(),
      timeoutMs,
      protocol: $('#protocol').value,
      onTrace,
      onLoggingMessage,
      logLevel: 'debug',
      // the page renders MCP Apps (apps.js)
      apps: true,
      // human in the loop: tools the server marks destructive wait for approval
      approval: ({ metadata }) => $('#approve-destructive').checked && metadata?.mcp?.tool?.annotations?.destructiveHint === true,
    });
    const tools = await tracked(`connect ${url}`, () => adapter.listTools());
    if (generation !== state.generation) return;
    const entry = { key: freeKey(adapter.server?.serverInfo?.name), adapter, url, timeoutMs, tools: new Map(tools.map((t) => [t.name, t])) };
    servers.set(entry.key, entry);
    remember(url);
    status.replaceChildren(el('span', { className: 'ok' }, 'connected'));
    await Promise.all([show(entry), renderGroup()]);
  } catch (e) {
    if (generation !== state.generation) return;
    if (keep) {
      // the servers connected before stay as they were
      status.replaceChildren(el('span', { className: 'bad' }, 'not added'));
      $('#connect-error').replaceChildren(errorBox(e, url, timeoutMs));
      return;
    }
    renderGroup();
    if (signIn && e?.code === 'authorization_required' && !/[?&](code|error)=/.test(location.search)) {
      // redirectFlow is taking the tab to the authorization server
      status.replaceChildren(el('span', { className: 'muted' }, 'signing in…'));
      return;
    }
    status.replaceChildren(el('span', { className: 'bad' }, 'not connected'));
    $('#connect-error').replaceChildren(errorBox(e, url, timeoutMs));
    for (const id of ['#server', '#tools', '#tools-count', '#resources', '#templates', '#prompts', '#resource-output']) $(id).replaceChildren();
  }
}

/** Shows connected server `entry` in the tabs. */
async function show(entry) {
  Object.assign(state, { key: entry.key, adapter: entry.adapter, url: entry.url, timeoutMs: entry.timeoutMs, tools: entry.tools });
  document.body.classList.add('connected');
  renderServer(entry.adapter);
  renderTools([...entry.tools.values()]);
  await Promise.all([loadResources(), loadPrompts()]);
}

/** Ends the session of server `key` and takes it off the page; the tabs show another one. */
async function removeServer(key) {
  const entry = servers.get(key);
  if (!entry) return;
  servers.delete(key);
  entry.adapter.close().catch(() => {});
  if (state.key === key) {
    state.generation++;
    const next = [...servers.values()].at(-1);
    if (next) {
      await show(next);
    } else {
      Object.assign(state, { key: undefined, adapter: undefined });
      document.body.classList.remove('connected');
      $('#connect-status').replaceChildren(el('span', { className: 'muted' }, 'no server'));
      for (const id of ['#server', '#tools', '#tools-count', '#resources', '#templates', '#prompts', '#resource-output']) $(id).replaceChildren();
    }
  }
  await renderGroup();
}

function renderServer(adapter) {
  const server = adapter.server ?? {};
  const info = server.serverInfo ?? {};
  const capabilities = Object.keys(server.capabilities ?? {});
  $('#server').replaceChildren(
    el('h2', {}, [el('span', { className: 'server-name' }, info.title ?? info.name ?? 'unnamed server'), ' ', el('span', { className: 'server-version' }, info.version ?? '')]),
    el('dl', {}, [
      el('dt', {}, 'revision'), el('dd', { className: 'server-revision' }, adapter.protocolVersion ?? '?'),
      el('dt', {}, 'offers'), el('dd', {}, capabilities.join(', ') || 'nothing declared'),
      el('dt', {}, 'URL'), el('dd', {}, el('code', {}, adapter.url)),
    ]),
    server.instructions ? el('div', { className: 'instructions' }, [el('h3', {}, 'Instructions'), el('p', { className: 'server-instructions' }, server.instructions)]) : '',
  );
}

// --- tools ------------------------------------------------------------------------------

const BADGES = [
  ['readOnlyHint', 'read-only'],
  ['destructiveHint', 'destructive'],
  ['idempotentHint', 'idempotent'],
  ['openWorldHint', 'open-world'],
];

/** The badges of an MCP App's tool: it shows a view; only its view may call it. */
function appBadges(ui) {
  if (!ui) return [];
  return [ui.resourceUri ? el('span', { className: 'badge app-view-badge' }, 'MCP App') : '', ui.visibility.includes('model') ? '' : el('span', { className: 'badge app-only' }, 'for its view only')];
}

/** Where a call's outcome goes: a result, an interrupt to answer, a task to follow, or an error. */
function showOutcome(out, method, value, conn = shown) {
  if (value?.type === 'mcp_elicitation' || value?.type === 'mcp_approval') {
    out.replaceChildren(interruptView(value, interruptContext(out, conn)));
  } else if (value?.type === 'mcp_task') {
    out.replaceChildren(taskView(value, taskContext(out, conn)));
  } else {
    out.replaceChildren(outcome(method, value, { readLink: conn.readLink }));
  }
  out.dataset.state = 'done';
}

/** A tool call resolves to a task's handle at once, for the page to follow it (task.js). */
const TASK_AT_ONCE = { taskWaitMs: 0 };

/** How an interrupt shown in `out` is answered; `done(method, value)`: what the answer led to. */
function interruptContext(out, conn, done = (method, value) => showOutcome(out, method, value, conn)) {
  return {
    url: conn.url,
    timeoutMs: conn.timeoutMs,
    schemaOf: conn.schemaOf,
    resume: (interrupt, answer) => tracked(`resume ${interrupt.tool_name ?? interrupt.method}`, () => conn.resume(interrupt, answer, interrupt.method === 'tools/call' ? TASK_AT_ONCE : {})),
    done,
  };
}

/** How the task panel in `out` follows and cancels its task. */
function taskContext(out, conn) {
  return {
    url: conn.url,
    timeoutMs: conn.timeoutMs,
    readLink: conn.readLink,
    waitMs: () => Math.max(0, Number($('#task-wait').value) || 0) * 1000,
    // the follow ends with the handle after `waitMs`: its timeout (which would cancel the
    // task) counts from there
    follow: (handle, waitMs, onProgress) => tracked(`resume ${handle.tool_name} (its task)`, () => conn.resume(handle, {}, { taskWaitMs: waitMs, timeoutMs: conn.timeoutMs && conn.timeoutMs + waitMs, onProgress })),
    cancel: (task) => tracked(`tasks/cancel ${task.tool_name}`, () => conn.cancelTask(task)),
    answering: (done) => interruptContext(out, conn, done),
  };
}

/** The card of `tool`, called through `tool.invoke`; `conn` says how to reach its server. */
function toolCard(tool, conn = shown) {
  const annotations = tool.metadata?.mcp?.tool?.annotations ?? {};
  const form = schemaForm(tool.schema, undefined);
  const out = el('div', { className: 'output' });
  const bar = el('progress', { hidden: true });
  const progressText = el('span', { className: 'progress-text' });
  const cancel = el('button', { type: 'button', className: 'cancel', hidden: true }, 'Cancel');
  const call = el('button', { type: 'submit', className: 'primary' }, 'Call');
  const run = async (event) => {
    event.preventDefault();
    let args;
    try {
      args = form.read();
    } catch (e) {
      out.replaceChildren(errorBox({ code: 'invalid_argument', message: e.message }, conn.url));
      return;
    }
    // a view shown by the last call ends before the next one (ui/resource-teardown)
    await out.querySelector('.app-view')?.teardown('the tool was called again');
    const controller = new AbortController();
    cancel.onclick = () => controller.abort();
    cancel.hidden = false;
    call.disabled = true;
    bar.hidden = true;
    bar.removeAttribute('value');
    progressText.textContent = '';
    out.replaceChildren(el('p', { className: 'muted' }, 'calling…'));
    out.dataset.state = 'running';
    try {
      const value = await tracked(`tools/call ${tool.name}`, () =>
        tool.invoke(args, {
          ...TASK_AT_ONCE,
          signal: controller.signal,
          onProgress: (p) => {
            bar.hidden = false;
            if (p.total) {
              bar.max = p.total;
              bar.value = p.progress;
            }
            progressText.textContent = `${p.progress}${p.total ? ` / ${p.total}` : ''}${p.message ? ` · ${p.message}` : ''}`;
          },
        }),
      );
      showOutcome(out, 'tools/call', value, conn);
      // an MCP App's tool: its view, above the result
      if (value?.type === 'tool_result' && tool.metadata?.mcp?.ui?.resourceUri && conn.app) {
        out.prepend((await loadApps()).appView({ app: conn.app, tool, args, result: value, log: onLoggingMessage, tracked }));
      }
    } catch (e) {
      out.replaceChildren(errorBox(e, conn.url, conn.timeoutMs));
      out.dataset.state = 'failed';
    } finally {
      cancel.hidden = true;
      call.disabled = false;
    }
  };
  return el('article', { className: 'card tool', dataset: { tool: tool.name } }, [
    el('header', {}, [
      el('h3', {}, tool.title ?? tool.name),
      tool.title ? el('code', {}, tool.name) : '',
      el('span', { className: 'badges' }, [...BADGES.filter(([key]) => annotations[key] === true).map(([key, text]) => el('span', { className: `badge ${key}` }, text)), ...appBadges(tool.metadata?.mcp?.ui)]),
    ]),
    el('p', { className: 'description' }, tool.description),
    el('details', { className: 'try' }, [
      el('summary', {}, 'Call it'),
      el('form', { onsubmit: run, noValidate: true }, [form.element, el('div', { className: 'actions' }, [call, cancel, bar, progressText])]),
    ]),
    out,
  ]);
}

function renderTools(tools) {
  $('#tools-count').textContent = `(${tools.length})`;
  $('#tool-filter').value = '';
  $('#tools').replaceChildren(...(tools.length ? tools.map((tool) => toolCard(tool)) : [el('p', { className: 'muted' }, 'This server offers no tools.')]));
}

// --- resources --------------------------------------------------------------------------

/** Reads `uri` into the resources output (a resource link's "Read it" too). */
async function readResource(uri) {
  const out = $('#resource-output');
  if (!$('#tab-resources').classList.contains('active')) showTab('resources');
  out.replaceChildren(el('p', { className: 'muted' }, `reading ${uri}…`));
  try {
    const value = await tracked(`resources/read ${uri}`, () => state.adapter.readResource(uri));
    showOutcome(out, 'resources/read', value);
  } catch (e) {
    out.replaceChildren(errorBox(e, state.url, state.timeoutMs));
  }
}

/** The variables of an RFC 6570 template (`{name}`, `{+path}`, `{?a,b}`): `[{ expression, op, names }]`. */
function templateParts(template) {
  return [...template.matchAll(/\{([+#./;?&]?)([^}]+)\}/g)].map((m) => ({ expression: m[0], op: m[1], names: m[2].split(',').map((n) => n.replace(/\*$|:\d+$/, '')) }));
}

/** Fills a template (levels 1–2 and query expressions, which cover what servers use). */
function expand(template, values) {
  return template.replace(/\{([+#./;?&]?)([^}]+)\}/g, (_, op, names) => {
    const list = names.split(',').map((n) => n.replace(/\*$|:\d+$/, '')).filter((n) => values[n] !== '');
    const raw = op === '+' || op === '#';
    const enc = (v) => (raw ? encodeURI(v) : encodeURIComponent(v));
    if (op === '?' || op === '&') return list.length ? op + list.map((n) => `${n}=${enc(values[n])}`).join('&') : '';
    const prefix = { '#': '#', '.': '.', '/': '/', ';': ';' }[op] ?? '';
    return list.length ? prefix + list.map((n) => enc(values[n])).join(op === '/' ? '/' : ',') : '';
  });
}

async function loadResources() {
  const [list, templates] = [$('#resources'), $('#templates')];
  try {
    const resources = await tracked('resources/list', () => state.adapter.listResources());
    list.replaceChildren(...(resources.length ? resources.map((r) => el('li', { dataset: { uri: r.uri } }, [
      el('button', { type: 'button', onclick: () => readResource(r.uri) }, 'Read'), ' ',
      el('strong', {}, r.title ?? r.name), ' ', el('code', {}, r.uri), r.mimeType ? el('span', { className: 'muted' }, ` ${r.mimeType}`) : '',
      r.description ? el('p', { className: 'description' }, r.description) : '',
    ])) : [el('li', { className: 'muted' }, 'No resources listed.')]));
  } catch (e) {
    list.replaceChildren(el('li', {}, errorBox(e, state.url, state.timeoutMs)));
  }
  try {
    const found = await tracked('resources/templates/list', () => state.adapter.listResourceTemplates());
    templates.replaceChildren(...(found.length ? found.map((t) => {
      // a simple or reserved expansion (`{id}`, `{+path}`) left empty leaves a hole in the
      // URI; the others (`{?q}`, `{/seg}`, …) then expand to nothing, as RFC 6570 has it
      const inputs = templateParts(t.uriTemplate).flatMap((p) => p.names.map((name) => [name, el('input', { type: 'text', name, placeholder: name, required: p.op === '' || p.op === '+' })]));
      const preview = el('code', { className: 'preview' }, t.uriTemplate);
      const uri = () => expand(t.uriTemplate, Object.fromEntries(inputs.map(([n, i]) => [n, i.value])));
      for (const [, input] of inputs) input.addEventListener('input', () => (preview.textContent = uri()));
      return el('li', { dataset: { template: t.uriTemplate } }, [
        el('form', { noValidate: true, onsubmit: (e) => {
          e.preventDefault();
          const empty = inputs.filter(([, i]) => i.required && i.value === '').map(([name]) => name);
          if (empty.length) $('#resource-output').replaceChildren(errorBox({ code: 'invalid_argument', message: missingError(empty).message }, state.url));
          else readResource(uri());
        } }, [el('strong', {}, t.title ?? t.name), ' ', ...inputs.map(([name, input]) => el('label', {}, [`${name} `, input])), ' ', el('button', { type: 'submit' }, 'Read'), ' ', preview]),
        t.description ? el('p', { className: 'description' }, t.description) : '',
      ]);
    }) : [el('li', { className: 'muted' }, 'No templates.')]));
  } catch (e) {
    templates.replaceChildren(el('li', {}, errorBox(e, state.url, state.timeoutMs)));
  }
}

// --- prompts ----------------------------------------------------------------------------

async function loadPrompts() {
  const list = $('#prompts');
  try {
    const prompts = await tracked('prompts/list', () => state.adapter.listPrompts());
    const completes = state.adapter.server?.capabilities?.completions !== undefined;
    list.replaceChildren(...(prompts.length ? prompts.map((p) => promptCard(p, completes, shown, { prompt: p.name })) : [el('p', { className: 'muted' }, 'This server offers no prompts.')]));
  } catch (e) {
    list.replaceChildren(errorBox(e, state.url, state.timeoutMs));
  }
}

/** The card of `prompt`; `conn` reaches its server, `dataset` marks the card. */
function promptCard(prompt, completes, conn, dataset) {
  const out = el('div', { className: 'output' });
  const inputs = (prompt.arguments ?? []).map((a) => {
    const options = el('datalist', { id: `complete-${prompt.server ?? ''}-${prompt.name}-${a.name}` });
    const input = el('input', { type: 'text', name: a.name, required: a.required === true, placeholder: a.description ?? '' });
    if (completes) {
      // suggestions from completion/complete, as the person types
      input.setAttribute('list', options.id);
      let timer;
      input.addEventListener('input', () => {
        clearTimeout(timer);
        timer = setTimeout(async () => {
          try {
            const { values } = await conn.complete({ type: 'ref/prompt', name: prompt.name }, { name: a.name, value: input.value });
            options.replaceChildren(...values.map((v) => el('option', { value: v })));
          } catch {
            // no suggestions
          }
        }, 200);
      });
    }
    return [a, input, options];
  });
  const get = async (event) => {
    event.preventDefault();
    const empty = inputs.filter(([a, i]) => a.required === true && i.value === '').map(([a]) => a.name);
    if (empty.length) {
      out.replaceChildren(errorBox({ code: 'invalid_argument', message: missingError(empty).message }, conn.url));
      return;
    }
    const args = Object.fromEntries(inputs.filter(([, i]) => i.value !== '').map(([a, i]) => [a.name, i.value]));
    out.replaceChildren(el('p', { className: 'muted' }, 'getting…'));
    try {
      const value = await tracked(`prompts/get ${prompt.server ? `${prompt.server} ` : ''}${prompt.name}`, () => conn.getPrompt(prompt.name, args));
      showOutcome(out, 'prompts/get', value, conn);
    } catch (e) {
      out.replaceChildren(errorBox(e, conn.url, conn.timeoutMs));
    }
  };
  return el('article', { className: 'card prompt', dataset }, [
    el('header', {}, [el('h3', {}, prompt.title ?? prompt.name), prompt.title ? el('code', {}, prompt.name) : '']),
    prompt.description ? el('p', { className: 'description' }, prompt.description) : '',
    el('form', { onsubmit: get, noValidate: true }, [
      ...inputs.map(([a, input, options]) => el('label', { className: 'field' }, [el('span', { className: 'label' }, [a.title ?? a.name, a.required ? el('abbr', { className: 'required', title: 'required' }, '*') : '']), input, options])),
      el('div', { className: 'actions' }, el('button', { type: 'submit', className: 'primary' }, 'Get')),
    ]),
    out,
  ]);
}

// --- several servers side by side: one MCPAdapterGroup of the connected adapters ------------

/** Bumped by each renderGroup(), so an older listing that ends late draws nothing. */
let groupGeneration = 0;

/**
 * Draws the "Side by side" tab: with two or more servers connected, a group of their adapters
 * (as built: each keeps its own options, approval and handlers) lists everything at once, tools
 * named `{server}_{tool}` (`toolNamePrefix`), and each server gets a column of its own.
 */
async function renderGroup() {
  const generation = ++groupGeneration;
  const columns = $('#server-columns');
  $('#servers-count').textContent = servers.size > 1 ? `(${servers.size})` : '';
  if (servers.size < 2) {
    columns.replaceChildren(el('p', { className: 'muted' }, 'Connect a server, then another with "Add server": they show here side by side.'));
    return;
  }
  const failed = new Map();
  // a server that fails to list is shown with its error; the others are listed all the same
  const group = new MCPAdapterGroup(Object.fromEntries([...servers].map(([key, entry]) => [key, entry.adapter])), {
    toolNamePrefix: true,
    onServerError: (error, { server }) => failed.set(server, error),
  });
  let listed;
  try {
    listed = await tracked(`group: list ${group.servers.join(', ')}`, () => Promise.all([group.listTools(), group.listResources(), group.listPrompts()]));
  } catch (e) {
    if (generation === groupGeneration) columns.replaceChildren(errorBox(e));
    return;
  }
  if (generation !== groupGeneration) return;
  const [tools, resources, prompts] = listed;
  $('#group-summary').textContent = `${tools.length} tools from ${group.servers.length} servers, as group.listTools() names them ({server}_{tool}).`;
  const of = (list, key) => list.filter((item) => (item.server ?? item.metadata?.mcp?.server?.key) === key);
  columns.replaceChildren(...group.servers.map((key) => serverColumn(group, key, of(tools, key), of(resources, key), of(prompts, key), failed.get(key))));
}

/** The column of server `key` of `group`: its info, tools, resources and prompts. */
function serverColumn(group, key, tools, resources, prompts, failure) {
  const entry = servers.get(key);
  const adapter = group.adapter(key);
  const info = adapter.server?.serverInfo ?? {};
  const out = el('div', { className: 'output column-output' });
  const read = async (uri) => {
    out.replaceChildren(el('p', { className: 'muted' }, `reading ${uri}…`));
    try {
      showOutcome(out, 'resources/read', await tracked(`resources/read ${key} ${uri}`, () => group.readResource(key, uri)), conn);
    } catch (e) {
      out.replaceChildren(errorBox(e, entry.url, entry.timeoutMs));
    }
  };
  const conn = {
    url: entry.url,
    timeoutMs: entry.timeoutMs,
    schemaOf: (name) => entry.tools.get(name)?.schema,
    resume: (interrupt, answer, options) => group.resume(interrupt, answer, options),
    cancelTask: (task) => group.cancelTask(task),
    getPrompt: (name, args) => group.getPrompt(key, name, args),
    complete: (ref, argument) => adapter.complete(ref, argument),
    readLink: read,
    // an MCP App's view reaches its own server, through the group
    app: {
      readAppResource: (uri) => group.readAppResource(key, uri),
      callToolFromApp: (name, args, options) => group.callToolFromApp(key, name, args, options),
      readResource: (uri) => group.readResource(key, uri),
      listResources: () => adapter.listResources(),
      listResourceTemplates: () => adapter.listResourceTemplates(),
      listPrompts: () => adapter.listPrompts(),
    },
  };
  const completes = adapter.server?.capabilities?.completions !== undefined;
  return el('section', { className: 'server-column', dataset: { server: key } }, [
    el('header', {}, [
      el('h3', {}, [el('span', { className: 'column-name' }, info.title ?? info.name ?? key), ' ', el('span', { className: 'muted' }, info.version ?? '')]),
      el('p', {}, [el('code', {}, entry.url), ` · ${adapter.protocolVersion ?? '?'} · key `, el('code', {}, key)]),
      el('div', { className: 'actions' }, [
        el('button', { type: 'button', className: 'show', onclick: () => show(entry).then(() => showTab('tools')) }, 'Show in the tabs'),
        el('button', { type: 'button', className: 'remove', onclick: () => removeServer(key) }, 'Remove'),
      ]),
    ]),
    failure ? errorBox(failure, entry.url, entry.timeoutMs) : '',
    el('details', { className: 'column-tools', open: true }, [el('summary', {}, `Tools (${tools.length})`), el('div', { className: 'cards' }, tools.map((tool) => toolCard(tool, conn)))]),
    el('details', { className: 'column-resources' }, [
      el('summary', {}, `Resources (${resources.length})`),
      el('ul', { className: 'list' }, resources.map((r) => el('li', { dataset: { uri: r.uri } }, [el('button', { type: 'button', onclick: () => read(r.uri) }, 'Read'), ' ', el('strong', {}, r.title ?? r.name), ' ', el('code', {}, r.uri)]))),
    ]),
    el('details', { className: 'column-prompts' }, [el('summary', {}, `Prompts (${prompts.length})`), el('div', { className: 'cards' }, prompts.map((p) => promptCard(p, completes, conn, { serverPrompt: p.name })))]),
    out,
  ]);
}

// --- resuming a pasted interrupt ----------------------------------------------------------

async function resumePasted(event) {
  event.preventDefault();
  const out = $('#resume-output');
  let interrupt;
  try {
    interrupt = JSON.parse($('#resume-json').value);
    if (!['mcp_elicitation', 'mcp_approval', 'mcp_task'].includes(interrupt?.type)) throw new Error("not an mcp_elicitation or mcp_approval interrupt, or a task's mcp_task handle");
  } catch (e) {
    out.replaceChildren(errorBox({ code: 'invalid_argument', message: `Paste the JSON of an interrupt: ${e.message}` }, state.url));
    return;
  }
  // the retry must go to the interrupt's server: connect there first when needed
  const target = interrupt.server?.url;
  const connected = [...servers.values()].find((entry) => entry.url === target);
  if (connected && target !== state.url) await show(connected);
  if (target && target !== state.url) {
    $('#url').value = target;
    await connect();
    if (state.url !== target) {
      out.replaceChildren(errorBox({ code: 'network', message: `could not connect to ${target}` }, target, state.timeoutMs));
      return;
    }
  }
  showOutcome(out, interrupt.method, interrupt);
}

// --- tabs and start -----------------------------------------------------------------------

function showTab(name) {
  for (const tab of document.querySelectorAll('[role=tab]')) tab.setAttribute('aria-selected', String(tab.dataset.tab === name));
  for (const panel of document.querySelectorAll('.panel')) panel.classList.toggle('active', panel.id === `tab-${name}`);
}

for (const tab of document.querySelectorAll('[role=tab]')) tab.addEventListener('click', () => showTab(tab.dataset.tab));
$('#connect').addEventListener('submit', (event) => {
  event.preventDefault();
  // "Add server" keeps the servers connected; "Connect" replaces the one shown
  connect({ keep: event.submitter?.id === 'add-server' });
});
$('#resume-form').addEventListener('submit', resumePasted);
$('#read-any').addEventListener('submit', (event) => {
  event.preventDefault();
  if ($('#read-uri').value.trim()) readResource($('#read-uri').value.trim());
});
$('#clear-log').addEventListener('click', () => $('#log').replaceChildren());
$('#tool-filter').addEventListener('input', () => {
  const words = $('#tool-filter').value.toLowerCase();
  for (const card of document.querySelectorAll('#tools .card')) card.hidden = !card.textContent.toLowerCase().includes(words);
});
renderRecent();
renderGroup();
showTab('tools');

// The URL to start with: ?url=…, else the demo server `npm start` runs (config.json), else
// the most recent one. Connects at once unless ?connect=0.
const params = new URLSearchParams(location.search);
let initial = params.get('url');
const signingIn = JSON.parse(sessionStorage.getItem(SIGNIN_KEY) ?? 'null');
if ((params.has('code') || params.has('error')) && signingIn) {
  // back from the authorization server: finish the sign-in, then connect again
  $('#oauth').checked = true;
  $('#client-id').value = signingIn.clientId ?? '';
  initial = signingIn.url;
  try {
    const { handleRedirect } = await import('/pkg/auth.js');
    await handleRedirect(await authProvider(signingIn.clientId));
  } catch (e) {
    // shown, and no new attempt on its own (which would leave the tab again)
    $('#url').value = signingIn.url;
    initial = undefined;
    $('#connect-error').replaceChildren(errorBox(e, signingIn.url));
  }
}
if (!initial) {
  try {
    initial = (await (await fetch('./config.json')).json()).mcpUrl;
  } catch {
    initial = recent()[0];
  }
}
if (initial) {
  $('#url').value = initial;
  if (params.get('connect') !== '0') await connect();
}
window.__ready = true;
