// The browser half of the demo: list the demo server's tools, call one on click (with
// sample arguments where it needs some), and answer interrupts with a button.
import { MCPAdapter } from '/pkg/index.browser.js';

const status = document.getElementById('status');
const list = document.getElementById('tools');
const result = document.getElementById('result');

/** Arguments for the demo tools that need some. */
const SAMPLES = {
  echo: { text: 'hello from the browser' },
  get_weather: { city: 'Oslo' },
  delete_item: { item_id: 'demo-1' },
  confirm_action: { action: 'restart the demo' },
  count_slowly: { steps: 3, delay_ms: 200 },
  sleep: { seconds: 1 },
  log_message: { level: 'info', text: 'hello' },
  add_tool: { name: 'added_from_the_page' },
  plan_trip: {
    plan: { traveller: { name: 'Ada', age: 36 }, legs: [{ origin: 'Oslo', destination: 'Bergen', date: '2026-12-01', mode: 'train' }] },
  },
};

function show(value) {
  result.textContent = JSON.stringify(value, null, 2);
}

/** Shows an interrupt with a button that answers it (accepting each form with its defaults or `true`). */
function offer(adapter, interrupt) {
  show(interrupt);
  const button = document.createElement('button');
  button.textContent = interrupt.type === 'mcp_approval' ? 'Approve' : 'Accept';
  button.onclick = async () => {
    const answer =
      interrupt.type === 'mcp_approval'
        ? { decision: 'approve' }
        : {
            responses: Object.fromEntries(
              interrupt.requests.map((r) => [
                r.key,
                r.mode === 'url'
                  ? { action: 'accept' }
                  : {
                      action: 'accept',
                      content: Object.fromEntries(
                        Object.entries(r.requested_schema.properties).map(([k, s]) => [k, r.defaults?.[k] ?? (s.type === 'boolean' ? true : s.type === 'string' ? 'yes' : 1)]),
                      ),
                    },
              ]),
            ),
          };
    await settle(adapter, adapter.resume(interrupt, answer));
  };
  result.after(button);
}

async function settle(adapter, pending) {
  document.querySelectorAll('#result ~ button').forEach((b) => b.remove());
  result.textContent = '…';
  try {
    const out = await pending;
    if (out?.type === 'mcp_elicitation' || out?.type === 'mcp_approval') offer(adapter, out);
    else show(out);
  } catch (e) {
    result.textContent = `${e.code}: ${e.message}`;
  }
}

try {
  const { mcpUrl } = await (await fetch('/config.json')).json();
  const adapter = new MCPAdapter(mcpUrl);
  const tools = await adapter.listTools();
  status.textContent = `${tools.length} tools from ${mcpUrl} (protocol ${adapter.protocolVersion})`;
  for (const tool of tools) {
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.textContent = tool.name;
    button.onclick = () => settle(adapter, tool.invoke(SAMPLES[tool.name] ?? {}, { onProgress: (p) => (status.textContent = `progress ${p.progress}/${p.total ?? '?'}`) }));
    item.append(button, ` ${tool.description}`);
    list.append(item);
  }
} catch (e) {
  status.textContent = `error: ${e.code ?? ''} ${e.message}`;
}
