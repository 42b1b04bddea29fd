import { startTsV1Server } from './tests/fixtures/ts_v1_server.mjs';
import { MCPAdapter } from './pkg/index.node.js';
let s = await startTsV1Server({ stateful: true });
const a = new MCPAdapter(s.url);
console.log((await a.callTool('note', { text: 'one' })).content[0].text, a.protocolVersion);
const port = s.port; await s.close(); s = await startTsV1Server({ stateful: true, port });
for (const t of ['two', 'three']) console.log(await a.callTool('note', { text: t }).then((r) => r.content[0].text, (e) => `${e.code} ${e.status} ${e.message}`));
await a.close().catch(() => {}); await s.close();
