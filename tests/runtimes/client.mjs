// Run by tests/runtimes.test.mjs under Deno and Bun (and Node, as the control) from a
// directory where the built package is installed as node_modules/mcp-wasm-adapter: imports it
// by name, as a user of the runtime would (the runtime picks the entry through the package's
// `exports` conditions), lists the tools of the MCP server at argv[0], calls `echo`, signs an
// interrupt with an `interruptKey` (WebCrypto HMAC) and resumes it (refusing an altered copy),
// checks a tool's structured content against its outputSchema (`validated.mjs`), filters a
// tool and fingerprints the listing (`controlled.mjs`), and prints one JSON line.
import { MCPAdapter } from 'mcp-wasm-adapter';
import { signedRoundTrip } from './signed.mjs';
import { validatedOutput } from './validated.mjs';
import { controlled } from './controlled.mjs';

const url = globalThis.Deno ? Deno.args[0] : process.argv[2];
const adapter = new MCPAdapter(url);
const tools = await adapter.listTools();
const echo = await tools.find((tool) => tool.name === 'echo').invoke({ text: 'hi' });
const signed = await signedRoundTrip(MCPAdapter, url);
const validated = await validatedOutput(MCPAdapter, url);
const controls = await controlled(MCPAdapter, url);
console.log(JSON.stringify({ tools: tools.map((tool) => tool.name), echo, protocolVersion: adapter.protocolVersion, signed, validated, controls }));
