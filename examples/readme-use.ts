// The README's "Use" snippets (repository README.md), checked by `tsc --strict` against the
// packed package in tests/package-types.test.mjs. What the README leaves to the reader is declared here.
declare function getToken(): Promise<string>;

import { MCPAdapter, MCPAdapterError } from "mcp-wasm-adapter";

const adapter = new MCPAdapter("https://example.com/mcp", {
  headers: async () => ({ Authorization: `Bearer ${await getToken()}` }), // per request, this origin only
  timeoutMs: 30_000,
  onProgress: (p, { tool }) => console.log(tool, p.progress, p.total, p.message),
});

const tools = await adapter.listTools();
// [{ name, title /* or null */, description, inputSchema, schema, outputSchema,
//    metadata: { mcp: { tool: { annotations, _meta, title, icons }, server: { name, version } } },
//    invoke }]
const weather = tools.find((t) => t.name === "get_weather");
if (!weather) throw new Error("the server has no get_weather tool");
const out = await weather.invoke({ city: "Oslo" }, { signal: AbortSignal.timeout(5_000) });
// { type: "tool_result", content: [{ type: "text", text: "…" }],
//   artifact: { structured_content: { city: "Oslo", temperature_c: 21.5, … } },
//   status: "success" }          // "error" when the server set isError: true
// or an interrupt ({ type: "mcp_elicitation", … }: see below)

const asked = await adapter.callTool("confirm_action", { action: "wipe disk" });
if (asked.type === "mcp_elicitation") {
  // asked.requests: [{ key: "confirm", message: "Really wipe disk?", mode: "form", requested_schema, defaults }]
  const done = await adapter.resume(asked, { responses: { confirm: { action: "accept", content: { confirmed: true } } } });
  // a tool interrupt resumes to a tool result (or the next interrupt)
  if (done.type === "tool_result") console.log(done.status);
}

const contents = await adapter.readResource("fixture://readme"); // [{ uri, text | data, mimeType, metadata, asString(), asBytes(), toBlob() }]
if (Array.isArray(contents)) console.log(contents[0]?.asString()); // else an interrupt
const messages = await adapter.getPrompt("greet", { name: "Ada" }); // [{ role: "user", content: [v1 blocks] }] or an interrupt
const { values } = await adapter.complete({ type: "ref/prompt", name: "pick_region" }, { name: "region", value: "eu" }); // ["eu-north", "eu-west"]
const sub = await adapter.subscribe({ toolsListChanged: true }, (n) => console.log(n.method));
sub.close();
