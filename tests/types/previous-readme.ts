// Code written against the previous READMEs (before sign-in interrupts, `git log -p --
// README.md`), checked by `tsc --strict` as the current snippets are
// (tests/package-types.test.mjs): an adapter without an `auth` that interrupts never resolves
// to an `mcp_authorization`, so narrowing away the elicitation and the approval leaves a tool
// result. What the snippets leave to the reader is declared here.
import { MCPAdapter } from "mcp-wasm-adapter";

declare function getToken(): Promise<string>;
declare function ask(question: unknown): Promise<{ confirmed: boolean }>;
declare function approve(tool: string, args: Record<string, unknown>): Promise<boolean>;

const adapter = new MCPAdapter("https://example.com/mcp", {
  headers: async () => ({ Authorization: `Bearer ${await getToken()}` }), // per request, this origin only
  timeoutMs: 30_000,
  onProgress: (p) => console.log(p.progress, p.total, p.message),
});

const tools = await adapter.listTools();
const weather = tools.find((t) => t.name === "get_weather");
if (!weather) throw new Error("the server has no get_weather tool");
const forecast = await weather.invoke({ city: "Oslo" }, { signal: AbortSignal.timeout(5_000) });
if (forecast.type === "tool_result") console.log(forecast.status);

// every kind of outcome of a tool call, as the README listed them then
const out = await adapter.callTool("delete_item", { item_id: "1" });
if (out.type === "mcp_elicitation") {
  const answer = await ask(out.requests[0]);
  await adapter.resume(out, { responses: { [out.requests[0].key]: { action: "accept", content: answer } } });
} else if (out.type === "mcp_approval") {
  const yes = await approve(out.tool_name, out.args);
  await adapter.resume(out, { decision: yes ? "approve" : "reject" });
} else {
  console.log(out.status, out.content.length, out.artifact?.structured_content);
}

// the interrupt snippet of the first README (then JavaScript)
const asked = await tools.find((t) => t.name === "confirm_action")?.invoke({ action: "wipe disk" });
if (asked?.type === "mcp_elicitation") {
  const done = await adapter.resume(asked, { responses: { confirm: { action: "accept", content: { confirmed: true } } } });
  if (done.type !== "mcp_elicitation" && done.type !== "mcp_approval") console.log(done.status);
}

// reads and prompts: an array, else an interrupt to answer with resume()
const contents = await adapter.readResource("fixture://readme");
if (Array.isArray(contents)) console.log(contents[0]?.asString());
else await adapter.resume(contents, { responses: {} });
const messages = await adapter.getPrompt("greet", { name: "Ada" });
if (!Array.isArray(messages)) await adapter.resume(messages, { responses: {} });
