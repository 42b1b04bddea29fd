// A tool call's task on the page: the Tasks extension (`io.modelcontextprotocol/tasks`) of
// MCP 2026-07-28, where a server answers `tools/call` with a task that the client polls. The
// page calls tools with `taskWaitMs: 0`, so such a call resolves at once to the task's
// `mcp_task` handle, shown here as a panel: the task's id, status, latest status message and
// poll interval. The page follows it (`resume(handle, {}, { taskWaitMs })`, the task's
// `statusMessage` reaching `onProgress` as it changes) for the time set under "headers and
// options", then stops: "Wait" follows it again. "Cancel" sends `tasks/cancel`
// (`cancelTask`), then shows what the server says next. A question of the task is an
// `mcp_elicitation` carrying `task`, answered in the panel; the result shows as any result.
import { el, errorBox, outcome } from './render.js';
import { copyBox, interruptView } from './interrupt.js';

/** The status a task ended with, by the error a follow ended with. */
const ENDED = { task_cancelled: 'cancelled', task_failed: 'failed', task_expired: 'expired', task_not_found: 'unknown to the server' };

/** The handle of the task an elicitation asks for (its `task` holds a handle's fields), to follow it. */
const handleOf = (value) => (value.type === 'mcp_task' ? value : { type: 'mcp_task', tool_name: value.tool_name, server: value.server, method: 'tools/call', ...value.task });

/**
 * Renders task `handle` into a new element and follows it at once. `context`: `follow(handle,
 * waitMs)` (a tracked resume), `cancel(task)` (a tracked cancelTask), `waitMs()` (how long a
 * follow lasts), `answering(done)` (the interrupt context of a question, `done(method, value)`
 * when answered), `readLink`, `url` and `timeoutMs` (for error messages).
 */
export function taskView(handle, context) {
  const field = (className) => el('dd', { className });
  const [id, status, message, poll, checked] = ['task-id', 'task-status', 'task-message', 'task-poll', 'task-checked'].map(field);
  const note = el('p', { className: 'task-note muted' });
  const wait = el('button', { type: 'button', className: 'task-wait', onclick: () => follow() }, 'Wait');
  const cancel = el('button', { type: 'button', className: 'task-cancel', onclick: () => cancelIt() }, 'Cancel');
  const problems = el('div', { className: 'problems' });
  const body = el('div', { className: 'task-body' });
  let copy = el('span');
  const box = el('div', { className: 'task' }, [
    el('h4', {}, ['Task of ', el('code', {}, handle.tool_name), ` on ${handle.server?.name ?? 'the server'}`]),
    el('dl', {}, [el('dt', {}, 'task'), id, el('dt', {}, 'status'), status, el('dt', {}, 'message'), message, el('dt', {}, 'polled every'), poll, el('dt', {}, 'checked'), checked]),
    note,
    el('div', { className: 'actions' }, [wait, cancel]),
    problems,
    copy,
    body,
  ]);
  // the latest handle (or the question the task asks); whether a follow runs, a cancel was
  // sent, the task ended
  let current = handle;
  let following = false;
  let cancelled = false;
  let ended = false;

  const setStatus = (text) => {
    status.textContent = text;
    box.dataset.status = text;
  };
  const buttons = () => {
    wait.disabled = following || ended || current.type !== 'mcp_task';
    cancel.disabled = ended || cancelled;
  };
  /** Shows where the task stands (`state`: a handle, or an elicitation's `task`). */
  const show = (state) => {
    id.replaceChildren(el('code', {}, state.task_id));
    setStatus(state.status);
    message.textContent = state.status_message ?? '—';
    poll.textContent = state.poll_interval_ms === null ? 'not said (1 s)' : `${state.poll_interval_ms} ms`;
    checked.textContent = new Date(state.checked_at).toLocaleTimeString();
    // "Resume elsewhere": the latest handle, the details kept open when they were (a question
    // has its own, in its form)
    const open = copy.open === true;
    copy.replaceWith((copy = current.type === 'mcp_task' ? copyBox(current) : el('span')));
    copy.open = open;
  };

  /** Takes what a follow or an answer resolved to: the task's handle, its question, or its result. */
  const settle = (value) => {
    body.replaceChildren();
    if (value?.type === 'mcp_task') {
      current = value;
      show(value);
    } else if (value?.type === 'mcp_elicitation') {
      current = value;
      show(value.task ?? {});
      note.textContent = 'The task asks: answer below (the answer goes with tasks/update).';
      body.append(interruptView(value, context.answering((method, next) => {
        settle(next);
        if (next?.type === 'mcp_task') follow();
      })));
    } else {
      end('completed');
      body.append(outcome('tools/call', value, { readLink: context.readLink }));
    }
    buttons();
  };

  const end = (text) => {
    ended = true;
    setStatus(text);
    note.textContent = '';
    copy.replaceWith((copy = el('span')));
  };

  const fail = (e) => {
    if (ENDED[e?.code]) end(ENDED[e.code]);
    else note.textContent = 'Wait tries again.';
    // the cancel asked for here, as the server confirms it: no error
    if (cancelled && e?.code === 'task_cancelled') note.textContent = 'Cancelled as asked: the tasks/get after the tasks/cancel says so.';
    else problems.append(errorBox(e, context.url, context.timeoutMs));
    buttons();
  };

  /** Follows the task for the time set (at least `minMs`), then takes what it came to. */
  async function follow(minMs = 0) {
    if (following || ended) return;
    following = true;
    buttons();
    problems.replaceChildren();
    const waitMs = Math.max(context.waitMs(), minMs);
    note.textContent = `following (tasks/get) for up to ${waitMs / 1000} s…`;
    try {
      const value = await context.follow(handleOf(current), waitMs, (p) => {
        // a new message: a poll just told it
        if (p.message) message.textContent = p.message;
        checked.textContent = new Date().toLocaleTimeString();
      });
      following = false;
      if (value?.type === 'mcp_task') note.textContent = `The page stopped following after ${waitMs / 1000} s; the task goes on. Wait follows it again.`;
      settle(value);
    } catch (e) {
      following = false;
      fail(e);
    }
  }

  async function cancelIt() {
    cancelled = true;
    buttons();
    problems.replaceChildren();
    try {
      await context.cancel(current);
    } catch (e) {
      cancelled = false;
      fail(e);
      return;
    }
    // cancellation is cooperative: the status is what the server says next (a follow under
    // way sees it at its next poll; a new one waits for one poll at least)
    note.textContent = 'Cancel sent (tasks/cancel); asking the server where the task stands…';
    body.replaceChildren();
    if (current.type !== 'mcp_task') current = handleOf(current);
    if (!following) follow(current.poll_interval_ms ?? 1000);
  }

  settle(handle);
  if (handle.type === 'mcp_task') follow();
  return box;
}
