// The demo page: an MCP client in a browser tab, running on the adapter's wasm package
// (`/pkg/`, no framework, no build step). Connect to a server, see what it offers, call its
// tools through generated forms, answer its questions, read resources, get prompts, and see
// every JSON-RPC message exchanged (the adapter's `onTrace` option).
import { MCPAdapter } from '/pkg/index.browser.js';
import { el, errorBox, json, outcome } from './render.js';
import { schemaForm } from './form.js';
import { interruptView } from './interrupt.js';

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

/** The connection: the adapter, its URL and options, the tools by name. */
const state = { adapter: undefined, url: undefined, timeoutMs: 30_000, tools: new Map(), generation: 0 };

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

/** Connects to the URL of the form: lists the tools (which negotiates), then the rest. */
async function connect() {
  const url = $('#url').value.trim();
  const generation = ++state.generation;
  const status = $('#connect-status');
  status.replaceChildren(el('span', { className: 'muted' }, `connecting to ${url}…`));
  $('#connect-error').replaceChildren();
  const previous = state.adapter;
  state.adapter = undefined;
  previous?.close().catch(() => {});
  document.body.classList.remove('connected');
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
      // human in the loop: tools the server marks destructive wait for approval
      approval: ({ metadata }) => $('#approve-destructive').checked && metadata?.mcp?.tool?.annotations?.destructiveHint === true,
    });
    const tools = await tracked(`connect ${url}`, () => adapter.listTools());
    if (generation !== state.generation) return;
    Object.assign(state, { adapter, url, timeoutMs, tools: new Map(tools.map((t) => [t.name, t])) });
    remember(url);
    status.replaceChildren(el('span', { className: 'ok' }, 'connected'));
    document.body.classList.add('connected');
    renderServer(adapter);
    renderTools(tools);
    await Promise.all([loadResources(), loadPrompts()]);
  } catch (e) {
    if (generation !== state.generation) return;
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

/** Where a call's outcome goes: a result, an interrupt to answer, or an error. */
function showOutcome(out, method, value, where) {
  if (value?.type === 'mcp_elicitation' || value?.type === 'mcp_approval') {
    out.replaceChildren(interruptView(value, interruptContext(out)));
  } else {
    out.replaceChildren(outcome(method, value, { readLink }));
  }
  out.dataset.state = where ?? 'done';
}

function interruptContext(out) {
  return {
    url: state.url,
    timeoutMs: state.timeoutMs,
    schemaOf: (name) => state.tools.get(name)?.schema,
    resume: (interrupt, answer) => tracked(`resume ${interrupt.tool_name ?? interrupt.method}`, () => state.adapter.resume(interrupt, answer)),
    done: (method, value) => showOutcome(out, method, value),
  };
}

function toolCard(tool) {
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
      out.replaceChildren(errorBox({ code: 'invalid_argument', message: e.message }, state.url));
      return;
    }
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
      showOutcome(out, 'tools/call', value);
    } catch (e) {
      out.replaceChildren(errorBox(e, state.url, state.timeoutMs));
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
      el('span', { className: 'badges' }, BADGES.filter(([key]) => annotations[key] === true).map(([key, text]) => el('span', { className: `badge ${key}` }, text))),
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
  $('#tools').replaceChildren(...(tools.length ? tools.map(toolCard) : [el('p', { className: 'muted' }, 'This server offers no tools.')]));
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
const readLink = (uri) => readResource(uri);

/** The variables of an RFC 6570 template (`{name}`, `{+path}`, `{?a,b}`): `[{ name, op }]`. */
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
      const inputs = templateParts(t.uriTemplate).flatMap((p) => p.names).map((name) => [name, el('input', { type: 'text', name, placeholder: name })]);
      const preview = el('code', { className: 'preview' }, t.uriTemplate);
      const uri = () => expand(t.uriTemplate, Object.fromEntries(inputs.map(([n, i]) => [n, i.value])));
      for (const [, input] of inputs) input.addEventListener('input', () => (preview.textContent = uri()));
      return el('li', { dataset: { template: t.uriTemplate } }, [
        el('form', { onsubmit: (e) => {
          e.preventDefault();
          readResource(uri());
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
    list.replaceChildren(...(prompts.length ? prompts.map((p) => promptCard(p, completes)) : [el('p', { className: 'muted' }, 'This server offers no prompts.')]));
  } catch (e) {
    list.replaceChildren(errorBox(e, state.url, state.timeoutMs));
  }
}

function promptCard(prompt, completes) {
  const out = el('div', { className: 'output' });
  const inputs = (prompt.arguments ?? []).map((a) => {
    const options = el('datalist', { id: `complete-${prompt.name}-${a.name}` });
    const input = el('input', { type: 'text', name: a.name, required: a.required === true, placeholder: a.description ?? '' });
    if (completes) {
      // suggestions from completion/complete, as the person types
      input.setAttribute('list', options.id);
      let timer;
      input.addEventListener('input', () => {
        clearTimeout(timer);
        timer = setTimeout(async () => {
          try {
            const { values } = await state.adapter.complete({ type: 'ref/prompt', name: prompt.name }, { name: a.name, value: input.value });
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
    const args = Object.fromEntries(inputs.filter(([, i]) => i.value !== '').map(([a, i]) => [a.name, i.value]));
    out.replaceChildren(el('p', { className: 'muted' }, 'getting…'));
    try {
      const value = await tracked(`prompts/get ${prompt.name}`, () => state.adapter.getPrompt(prompt.name, args));
      showOutcome(out, 'prompts/get', value);
    } catch (e) {
      out.replaceChildren(errorBox(e, state.url, state.timeoutMs));
    }
  };
  return el('article', { className: 'card prompt', dataset: { prompt: prompt.name } }, [
    el('header', {}, [el('h3', {}, prompt.title ?? prompt.name), prompt.title ? el('code', {}, prompt.name) : '']),
    prompt.description ? el('p', { className: 'description' }, prompt.description) : '',
    el('form', { onsubmit: get }, [
      ...inputs.map(([a, input, options]) => el('label', { className: 'field' }, [el('span', { className: 'label' }, [a.title ?? a.name, a.required ? el('abbr', { className: 'required', title: 'required' }, '*') : '']), input, options])),
      el('div', { className: 'actions' }, el('button', { type: 'submit', className: 'primary' }, 'Get')),
    ]),
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
    if (!['mcp_elicitation', 'mcp_approval'].includes(interrupt?.type)) throw new Error('not an mcp_elicitation or mcp_approval interrupt');
  } catch (e) {
    out.replaceChildren(errorBox({ code: 'invalid_argument', message: `Paste the JSON of an interrupt: ${e.message}` }, state.url));
    return;
  }
  // the retry must go to the interrupt's server: connect there first when needed
  const target = interrupt.server?.url;
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
  connect();
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
