// Interrupts on the page: a call that needs a person resolves to plain JSON (an
// `mcp_elicitation` or `mcp_approval`), shown here as what to answer. An elicitation's forms
// are generated from each `requested_schema` (defaults prefilled); a URL-mode request shows
// the full URL with its host highlighted and opens it only when the person accepts; an
// approval shows the call's arguments, editable. The answer goes to `adapter.resume()`,
// whose own checks (the form's schema) are shown when they refuse it; another interrupt
// (a second round) replaces this one in place. A question of a tool call's task carries
// `task`: answered the same way, the task goes on (task.js). The JSON can be copied and resumed
// in another tab, or any adapter for the same server.
import { el, errorBox, json } from './render.js';
import { schemaForm } from './form.js';

/** The URL with its host set apart, so the person sees where it really goes. */
function urlWithHost(url) {
  try {
    const u = new URL(url);
    const at = url.indexOf(u.host);
    if (at >= 0) {
      return el('code', { className: 'url' }, [url.slice(0, at), el('strong', { className: 'host' }, u.host), url.slice(at + u.host.length)]);
    }
  } catch {
    // not a URL: shown as it is
  }
  return el('code', { className: 'url' }, url);
}

/** The copyable JSON of an interrupt or a task's handle. */
export function copyBox(interrupt) {
  const text = JSON.stringify(interrupt, null, 2);
  const area = el('textarea', { className: 'interrupt-json', readOnly: true, rows: 6, value: text });
  const copy = el('button', { type: 'button', onclick: async () => {
    area.select();
    try {
      await navigator.clipboard.writeText(text);
      copy.textContent = 'Copied';
    } catch {
      document.execCommand?.('copy');
      copy.textContent = 'Selected: copy it';
    }
  } }, 'Copy as JSON');
  return el('details', { className: 'copy' }, [
    el('summary', {}, 'Resume elsewhere'),
    el('p', { className: 'muted' }, `This ${interrupt.type === 'mcp_task' ? "task's handle" : 'interrupt'} is plain JSON with everything the ${interrupt.type === 'mcp_task' ? 'follow' : 'retry'} needs (no secrets). Paste it under "Resume" in another tab, or give it to any adapter for the same server (and credentials).`),
    copy,
    area,
  ]);
}

/**
 * Renders `interrupt` into a new element. `context`: `resume(interrupt, answer)` (the
 * adapter's, tracked by the page), `done(method, value)` for the final result, `url` and
 * `timeoutMs` for error messages, `schemaOf(toolName)` for an approval's argument form.
 */
export function interruptView(interrupt, context) {
  const box = el('div', { className: `interrupt ${interrupt.type}`, dataset: { type: interrupt.type } });
  const problems = el('div', { className: 'problems' });
  const buttons = el('div', { className: 'actions' });
  let busy = false;

  const answer = async (make) => {
    if (busy) return;
    problems.replaceChildren();
    let reply;
    try {
      reply = make();
    } catch (e) {
      problems.append(errorBox({ code: 'invalid_argument', message: e.message }, context.url));
      return;
    }
    busy = true;
    box.classList.add('busy');
    try {
      const next = await context.resume(interrupt, reply);
      if (next?.type === 'mcp_elicitation' || next?.type === 'mcp_approval') box.replaceWith(interruptView(next, context));
      else {
        box.replaceWith(el('div', { className: 'answered' }));
        context.done(interrupt.method, next);
      }
    } catch (e) {
      // the adapter refused the answer (its own checks), or the call failed: answer again
      problems.append(errorBox(e, context.url, context.timeoutMs));
    } finally {
      busy = false;
      box.classList.remove('busy');
    }
  };

  const server = interrupt.server ?? {};
  const where = `${server.name ?? 'the server'}${server.version ? ` ${server.version}` : ''}`;

  if (interrupt.type === 'mcp_approval') {
    const form = schemaForm(context.schemaOf?.(interrupt.tool_name) ?? { type: 'object', additionalProperties: true }, interrupt.args);
    const reason = el('input', { type: 'text', className: 'reason', placeholder: 'why (optional, told to the caller)' });
    const annotations = interrupt.metadata?.mcp?.tool?.annotations ?? {};
    box.append(
      el('h4', {}, ['Approve ', el('code', {}, interrupt.tool_name), ` on ${where}?`]),
      el('p', { className: 'muted' }, `Nothing has been sent yet. ${annotations.destructiveHint ? 'The server marks this tool destructive. ' : ''}The arguments below can be edited before approving.`),
      form.element,
    );
    buttons.append(
      el('button', { type: 'button', className: 'primary', onclick: () => answer(() => ({ decision: 'approve', args: form.read() })) }, 'Approve'),
      el('button', { type: 'button', onclick: () => answer(() => ({ decision: 'reject', message: reason.value || undefined })) }, 'Reject'),
      reason,
    );
  } else {
    const entries = interrupt.requests.map((request) => {
      if (request.mode === 'url') {
        const view = el('div', { className: 'request url-request', dataset: { key: request.key } }, [
          el('p', { className: 'message' }, request.message),
          el('p', {}, ['The server asks you to open: ', urlWithHost(request.url)]),
          el('p', { className: 'muted' }, 'Accept opens it in a new tab; nothing is opened otherwise.'),
        ]);
        return { request, view, content: () => undefined };
      }
      const form = schemaForm(request.requested_schema, request.defaults);
      const view = el('div', { className: 'request form-request', dataset: { key: request.key } }, [el('p', { className: 'message' }, request.message), form.element]);
      return { request, view, content: () => form.read() };
    });
    box.append(
      el('h4', {}, [`${where} asks`, interrupt.tool_name ? [' (', el('code', {}, interrupt.tool_name), interrupt.task ? ', its task' : '', ')'] : '', interrupt.round > 1 ? ` — round ${interrupt.round}` : '']),
      ...entries.map((e) => e.view),
    );
    const all = (action) => () => ({ responses: Object.fromEntries(entries.map((e) => [e.request.key, { action }])) });
    buttons.append(
      el('button', { type: 'button', className: 'primary', onclick: () => answer(() => {
        const responses = {};
        for (const e of entries) {
          responses[e.request.key] = e.request.mode === 'url' ? { action: 'accept' } : { action: 'accept', content: e.content() };
        }
        // consent given: open each URL, outside this page
        for (const e of entries) if (e.request.mode === 'url') window.open(e.request.url, '_blank', 'noopener,noreferrer');
        return { responses };
      }) }, 'Accept'),
      el('button', { type: 'button', onclick: () => answer(all('decline')) }, 'Decline'),
      el('button', { type: 'button', onclick: () => answer(all('cancel')) }, 'Cancel'),
    );
  }
  box.append(buttons, problems, copyBox(interrupt), el('details', { className: 'raw' }, [el('summary', {}, 'as received'), json(interrupt)]));
  return box;
}
