// The browser half of the demo: list the demo server's tools and call one on click.
import { MCPAdapter } from '/pkg/index.browser.js';

const status = document.getElementById('status');
const list = document.getElementById('tools');
const result = document.getElementById('result');

try {
  const { mcpUrl } = await (await fetch('/config.json')).json();
  const adapter = new MCPAdapter(mcpUrl);
  const tools = await adapter.listTools();
  status.textContent = `${tools.length} tools from ${mcpUrl} (protocol ${adapter.protocolVersion})`;
  for (const tool of tools) {
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.textContent = tool.name;
    button.onclick = async () => {
      result.textContent = '…';
      const args = tool.name === 'echo' ? { text: 'hello from the browser' } : {};
      try {
        result.textContent = JSON.stringify(await tool.invoke(args), null, 2);
      } catch (e) {
        result.textContent = `${e.code}: ${e.message}`;
      }
    };
    item.append(button, ` ${tool.description}`);
    list.append(item);
  }
} catch (e) {
  status.textContent = `error: ${e.code ?? ''} ${e.message}`;
}
