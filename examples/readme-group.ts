// The README's "Several servers" snippet (repository README.md), checked by `tsc --strict` against the
// packed package in tests/package-types.test.mjs. What the README leaves to the reader is declared here.
import type { ElicitRequest, ElicitResult } from "mcp-wasm-adapter";
declare const mathKey: string;
declare function onElicitation(request: ElicitRequest): Promise<ElicitResult>;

import { MCPAdapter, MCPAdapterGroup } from "mcp-wasm-adapter";

const group = new MCPAdapterGroup(
  {
    crm: "https://crm.example.com/mcp",
    math: { url: "https://math.example.com/mcp", headers: { "X-Key": mathKey } },
    local: new MCPAdapter("http://127.0.0.1:3000/mcp", { onElicitation }), // used as built
  },
  { timeoutMs: 30_000, toolNamePrefix: true, onServerError: "skip" },
);
const tools = await group.listTools();   // crm_search, math_add, local_…: all servers at once
await group.readResource("crm", "crm://accounts/42");
await group.getPrompt("math", "explain", { topic: "primes" });
