// What the page shows of what the adapter returns: content blocks (LangChain.js v1 blocks, as
// the adapter converts MCP content), tool results, resource contents, prompt messages, JSON,
// and errors in words a person can act on.

/**
 * A DOM element: `props` are set as properties (`className`, `value`, `onclick`, ...) except
 * `dataset`, merged into the element's; `children` are nodes or strings (falsy ones skipped).
 */
export function el(tag, props = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined) continue;
    if (key === 'dataset') Object.assign(node.dataset, value);
    else node[key] = value;
  }
  for (const child of [children].flat(Infinity)) {
    if (child === '' || child === null || child === undefined || child === false) continue;
    node.append(child);
  }
  return node;
}

/** Long strings (base64 media) shortened for display. */
function shortened(value) {
  if (typeof value === 'string') return value.length > 400 ? `${value.slice(0, 120)}… (${value.length} characters)` : value;
  if (Array.isArray(value)) return value.map(shortened);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shortened(v)]));
  return value;
}

/** A `<pre>` of `value` as indented JSON, long strings shortened. */
export function json(value, className = 'json') {
  return el('pre', { className }, JSON.stringify(shortened(value), null, 2) ?? 'undefined');
}

/** A link that downloads `bytes` (or base64 `data`) as a file. */
function download(name, mimeType, { data, blob }) {
  const file = blob ?? new Blob([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], { type: mimeType });
  return el('a', { className: 'download', href: URL.createObjectURL(file), download: name }, `Download ${name} (${file.size} bytes, ${mimeType})`);
}

/**
 * One v1 content block: text; an embedded resource (text with `metadata.uri`); a resource
 * link (text with `metadata.uri` and `metadata.name`), offered to `readLink`; images,
 * audio and video as media elements; other files as downloads.
 */
export function block(b, { readLink } = {}) {
  const meta = b.metadata ?? {};
  const media = (tag) => el(tag, { src: `data:${b.mimeType};base64,${b.data}`, controls: tag !== 'img', alt: meta.uri ?? `${b.type} block` });
  switch (b.type) {
    case 'text':
      if (meta.uri && meta.name) {
        return el('div', { className: 'block link' }, [
          el('span', { className: 'kind' }, 'resource link'),
          el('strong', {}, meta.title ?? meta.name),
          ' ',
          el('code', {}, meta.uri),
          meta.description ? el('p', {}, meta.description) : '',
          readLink ? el('button', { type: 'button', onclick: () => readLink(meta.uri) }, 'Read it') : '',
        ]);
      }
      if (meta.uri) {
        return el('div', { className: 'block resource' }, [el('span', { className: 'kind' }, `embedded resource ${meta.uri}${meta.mimeType ? ` (${meta.mimeType})` : ''}`), el('pre', { className: 'text' }, b.text)]);
      }
      return el('pre', { className: 'block text' }, b.text);
    case 'image':
    case 'audio':
    case 'video':
      return el('figure', { className: `block ${b.type}` }, [
        media(b.type === 'image' ? 'img' : b.type),
        el('figcaption', {}, [`${b.mimeType}${meta.uri ? ` · ${meta.uri}` : ''} · `, download(meta.filename ?? meta.uri?.split('/').pop() ?? b.type, b.mimeType, b)]),
      ]);
    case 'file':
      return el('div', { className: 'block file' }, [el('span', { className: 'kind' }, `file ${meta.uri ?? ''}`), download(meta.filename ?? 'file', b.mimeType, b)]);
    default:
      return el('div', { className: 'block other' }, [el('span', { className: 'kind' }, b.type), json(b)]);
  }
}

/** A tool result: its blocks, the structured artifact and its _meta as JSON, an error result marked as one. */
export function toolResult(out, options) {
  const failed = out.status === 'error';
  const artifact = out.artifact ?? {};
  return el('div', { className: `result ${failed ? 'is-error' : 'success'}` }, [
    failed ? el('p', { className: 'status' }, 'Error result: the tool reported an error, or its result failed the outputSchema check:') : '',
    ...(out.content ?? []).map((b) => block(b, options)),
    'structured_content' in artifact ? el('details', { className: 'artifact', open: true }, [el('summary', {}, 'Structured content'), json(artifact.structured_content)]) : '',
    artifact._meta ? el('details', { className: 'artifact-meta' }, [el('summary', {}, 'The result\'s _meta'), json(artifact._meta)]) : '',
  ]);
}

/** Resource contents: text shown (JSON indented), binaries previewed when they are media, and downloadable. */
export function resourceContents(contents) {
  if (!contents.length) return el('p', { className: 'muted' }, 'The resource is empty.');
  return el('div', { className: 'result contents' }, contents.map((c) => {
    const head = el('p', { className: 'kind' }, `${c.uri} · ${c.mimeType}`);
    if (c.text !== undefined) {
      let text = c.text;
      if (/json/.test(c.mimeType)) {
        try {
          text = JSON.stringify(JSON.parse(text), null, 2);
        } catch {
          // shown as it is
        }
      }
      return el('div', { className: 'content text' }, [head, el('pre', { className: 'text' }, text)]);
    }
    const kind = c.mimeType.split('/')[0];
    const name = c.uri.split('/').pop() || 'resource';
    return el('div', { className: 'content binary' }, [
      head,
      ['image', 'audio', 'video'].includes(kind) ? el(kind === 'image' ? 'img' : kind, { src: `data:${c.mimeType};base64,${c.data}`, controls: kind !== 'image', alt: c.uri }) : '',
      download(name, c.mimeType, { blob: c.toBlob() }),
    ]);
  }));
}

/** Prompt messages, one bubble per message with its role. */
export function promptMessages(messages, options) {
  return el('div', { className: 'result messages' }, messages.map((m) => el('div', { className: `message ${m.role}` }, [el('span', { className: 'role' }, m.role), ...m.content.map((b) => block(b, options))])));
}

/** Whatever a call resolved to, by its MCP method (tools/call, resources/read, prompts/get). */
export function outcome(method, value, options) {
  if (method === 'resources/read') return resourceContents(value);
  if (method === 'prompts/get') return promptMessages(value, options);
  return toolResult(value, options);
}

/** `{ title, detail }`: what went wrong, in words, for an MCPAdapterError (or anything thrown). */
export function explain(error, url, timeoutMs) {
  let origin = url;
  try {
    origin = new URL(url).origin;
  } catch {
    // not a URL: said as given
  }
  const message = error?.message ?? String(error);
  switch (error?.code) {
    case 'network':
      return {
        title: `Could not reach ${origin}`,
        detail: 'The server may be down or the address wrong, or it refused this page\'s origin (a CORS refusal: the browser does not say which). ' +
          'A server used from a page must answer the preflight with Access-Control-Allow-Origin and allow the headers Content-Type, Accept, ' +
          'MCP-Protocol-Version, Mcp-Method and Mcp-Name (and Authorization when you send a token).',
      };
    case 'cors':
      // the server answered a no-cors probe: up, but its CORS headers do not allow this page
      return { title: `${origin} refused this page's origin (CORS)`, detail: message };
    case 'timeout':
      return { title: 'No answer in time', detail: `${origin} did not answer within ${Math.round((timeoutMs ?? 0) / 1000)} s. Raise the timeout under "headers and options", or try again.` };
    case 'aborted':
      return { title: 'Cancelled', detail: 'The call was cancelled; its response stream was closed, which cancels it on the server.' };
    case 'task_cancelled':
      return { title: 'The task was cancelled', detail: message };
    case 'task_failed':
      return { title: 'The task failed', detail: message };
    case 'invalid_url':
      return { title: 'Not an MCP URL', detail: 'Give an http: or https: URL, such as http://127.0.0.1:3000/mcp.' };
    case 'http_status':
    case 'handshake_era_server':
      if (error.status === 401 || error.status === 403) return { title: `The server refused the request (HTTP ${error.status})`, detail: 'It needs credentials: give a bearer token or headers and connect again.' };
      if (error.status === 404 || / 404/.test(message)) return { title: 'Nothing at this URL (HTTP 404)', detail: 'Check the path: MCP endpoints are often at /mcp.' };
      return { title: `The server answered HTTP ${error.status ?? '?'}`, detail: message };
    case 'content_type':
      return { title: 'Not an MCP answer', detail: 'The response was neither JSON nor an event stream: is this URL an MCP endpoint?' };
    case 'rpc_error':
      return { title: `The server answered with an error${error.rpcCode !== undefined ? ` (${error.rpcCode})` : ''}`, detail: message };
    case 'authorization_required':
      return { title: 'Sign-in needed', detail: `${message} Tick "sign in with OAuth" under "headers and options", or give a bearer token.` };
    case 'authorization_failed':
      return { title: 'Sign-in failed', detail: message };
    case 'invalid_argument':
      return { title: 'Not accepted', detail: message };
    case 'not_supported':
      return { title: 'Not offered by this server', detail: message };
    default:
      return { title: error?.code ? `Failed (${error.code})` : 'Failed', detail: message };
  }
}

/** An error box for `error`: title, explanation, and the adapter's own code and message. */
export function errorBox(error, url, timeoutMs) {
  const { title, detail } = explain(error, url, timeoutMs);
  return el('div', { className: 'error', role: 'alert' }, [
    el('strong', {}, title),
    el('p', {}, detail),
    error?.code ? el('details', {}, [el('summary', {}, 'details'), el('code', {}, `${error.code}: ${error.message}`)]) : '',
  ]);
}
