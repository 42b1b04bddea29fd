// Type tests of the declarations, checked by `tsc --strict` against the packed package
// (tests/bundlers.test.mjs): each `Is<…>` must hold and each `@ts-expect-error` must be an
// error, so a declaration that stops narrowing as documented fails the check.
import { MCPAdapter, MCPAdapterError, MCPAdapterGroup } from "mcp-wasm-adapter";
import { OAuthProvider } from "mcp-wasm-adapter/auth";
import type {
  ApprovalInterrupt,
  AuthorizationInterrupt,
  AuthProvider,
  ElicitationInterrupt,
  InterruptOf,
  MCPErrorCode,
  PromptMessage,
  ResourceContent,
  TaskHandle,
  ToolResult,
} from "mcp-wasm-adapter";
import { createMCPResume, interruptOnFromAnnotations, toBlobs, toLangChainDocuments, toLangChainMessages } from "mcp-wasm-adapter/langchain";
import type { Interrupt } from "@langchain/langgraph";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function is<T extends true>(): T | void {}

declare const adapter: MCPAdapter;
/** An adapter whose `auth` interrupts: its calls may resolve to a sign-in. */
declare const signing: MCPAdapter<true>;
type SignIns = true;

// a tool call: a result or one of the tool-call interrupts, told apart by `type`
const out = await signing.callTool("echo", { text: "hi" });
is<Equal<typeof out, ToolResult | InterruptOf<"tools/call", SignIns>>>();
switch (out.type) {
  case "tool_result":
    is<Equal<typeof out, ToolResult>>();
    break;
  case "mcp_elicitation": {
    is<Equal<typeof out.method, "tools/call">>();
    // a tool interrupt resumes to a tool result (or the next tool-call interrupt)
    const next = await signing.resume(out, { responses: { confirm: { action: "accept", content: { confirmed: true } } } });
    is<Equal<typeof next, ToolResult | InterruptOf<"tools/call", SignIns>>>();
    break;
  }
  case "mcp_approval": {
    const next = await signing.resume(out, { decision: "approve" });
    is<Equal<typeof next, ToolResult | InterruptOf<"tools/call", SignIns>>>();
    break;
  }
  case "mcp_authorization": {
    const next = await signing.resume(out, { callbackUrl: "https://app.example/callback?code=x&state=y" });
    is<Equal<typeof next, ToolResult | InterruptOf<"tools/call", SignIns>>>();
    break;
  }
  default:
    is<Equal<typeof out, never>>();
}

// only an adapter whose `auth` interrupts has mcp_authorization among its results: none
// without auth, none with a provider that redirects; inferred from the constructor's options
const plain = await adapter.callTool("echo");
is<Equal<typeof plain, ToolResult | InterruptOf<"tools/call">>>();
// @ts-expect-error no sign-in interrupt without an auth that interrupts
if (plain.type === "mcp_authorization") void plain;
const redirecting = new MCPAdapter("https://example.com/mcp", { auth: new OAuthProvider({ redirectUrl: "https://app.example/callback" }) });
is<Equal<Awaited<ReturnType<typeof redirecting.callTool>>, ToolResult | InterruptOf<"tools/call">>>();
const interrupting = new MCPAdapter("https://example.com/mcp", { auth: new OAuthProvider({ redirectUrl: "https://app.example/callback", interrupt: true }) });
is<Equal<typeof interrupting, MCPAdapter<true>>>();
// a provider typed AuthProvider may interrupt; one whose `interrupt` may be either, too
declare const custom: AuthProvider;
const customAuth = new MCPAdapter("https://example.com/mcp", { auth: custom, timeoutMs: 5_000 });
is<Equal<Awaited<ReturnType<typeof customAuth.readResource>>, ResourceContent[] | InterruptOf<"resources/read", boolean>>>();
declare const flag: boolean;
const either = new MCPAdapter("https://example.com/mcp", { auth: new OAuthProvider({ redirectUrl: "https://app.example/cb", interrupt: flag }) });
is<Equal<typeof either, MCPAdapter<boolean>>>();
// lists, the listed tools' invoke and completion of an interrupting adapter include the sign-in
const lists = await interrupting.listTools();
is<Equal<typeof lists, Awaited<ReturnType<MCPAdapter<SignIns>["listTools"]>>>>();
if (!Array.isArray(lists)) is<Equal<typeof lists.method, "tools/list">>();
else is<Equal<Awaited<ReturnType<(typeof lists)[number]["invoke"]>>, ToolResult | InterruptOf<"tools/call", SignIns>>>();
is<Equal<Awaited<ReturnType<typeof adapter.listTools>>, import("mcp-wasm-adapter").MCPTool[]>>();
// any adapter goes where `MCPAdapter<boolean>` is asked for, not the reverse
const anyAdapter: MCPAdapter<boolean> = interrupting;
const anyToo: MCPAdapter<boolean> = adapter;
// @ts-expect-error an adapter that can resolve to a sign-in is not an adapter without one
const narrower: MCPAdapter = interrupting;
void [anyAdapter, anyToo, narrower];
// a group: a sign-in when one of its servers' (or the shared) auth interrupts
const group = new MCPAdapterGroup({ a: "https://a.example/mcp", b: adapter });
is<Equal<Awaited<ReturnType<typeof group.callTool>>, ToolResult | InterruptOf<"tools/call">>>();
const signingGroup = new MCPAdapterGroup({ a: "https://a.example/mcp", b: adapter, c: interrupting });
is<Equal<Awaited<ReturnType<typeof signingGroup.getPrompt>>, PromptMessage[] | InterruptOf<"prompts/get", SignIns>>>();
const sharedAuth = new MCPAdapterGroup({ a: "https://a.example/mcp" }, { auth: new OAuthProvider({ redirectUrl: "https://app.example/cb", interrupt: true }) });
is<Equal<ReturnType<typeof sharedAuth.adapter>, MCPAdapter<true>>>();
// servers whose providers differ: the group may sign in
const redirects = new OAuthProvider({ redirectUrl: "https://app.example/cb" });
const mixed = new MCPAdapterGroup({ a: interrupting, b: { url: "https://b.example/mcp", auth: redirects }, c: redirecting });
is<Equal<typeof mixed, MCPAdapterGroup<boolean>>>();
const quiet = new MCPAdapterGroup({ b: { url: "https://b.example/mcp", auth: redirects }, c: redirecting });
is<Equal<typeof quiet, MCPAdapterGroup<false>>>();

// reads and prompts: contents / messages, or an interrupt of their own method
const read = await adapter.readResource("file:///a");
// @ts-expect-error a read may resolve to an interrupt, which cannot be destructured
const [first] = read;
if (Array.isArray(read)) {
  is<Equal<typeof read, ResourceContent[]>>();
} else {
  is<Equal<typeof read.method, "resources/read">>();
  if (read.type === "mcp_elicitation") {
    const again = await adapter.resume(read, { responses: {} });
    is<Equal<typeof again, ResourceContent[] | InterruptOf<"resources/read">>>();
  }
}
// getResources: contents, a read's interrupt in place; with auth that interrupts, the listing's sign-in
is<Equal<Awaited<ReturnType<typeof adapter.getResources>>, Array<ResourceContent | InterruptOf<"resources/read">>>>();
const everything = await signing.getResources();
if (!Array.isArray(everything)) is<Equal<typeof everything.method, "resources/list">>();
const prompt = await adapter.getPrompt("greet", { name: "Ada" });
if (!Array.isArray(prompt) && prompt.type === "mcp_elicitation") {
  const again = await adapter.resume(prompt, { responses: {} });
  is<Equal<typeof again, PromptMessage[] | InterruptOf<"prompts/get">>>();
}

// an interrupt of unknown method (e.g. parsed from storage) resumes to any of the results
declare const stored: ElicitationInterrupt;
const resumed = await adapter.resume(stored, { responses: {} });
is<Equal<typeof resumed, ToolResult | ResourceContent[] | PromptMessage[] | InterruptOf<"tools/call" | "resources/read" | "prompts/get">>>();
// a sign-in of a call the declarations do not know (a list, say) resumes to unknown
declare const signIn: AuthorizationInterrupt;
const afterSignIn = await adapter.resume(signIn, { callbackUrl: "https://app.example/callback" });
is<Equal<typeof afterSignIn, unknown>>();
// @ts-expect-error an approval is answered with a decision, not responses
await adapter.resume({} as ApprovalInterrupt, { responses: {} });

// tasks: a tool call resolves to a task's handle only where a wait limit is given, per call
// or as the adapter's `taskWaitMs` (inferred)
is<Equal<typeof plain, ToolResult | InterruptOf<"tools/call">>>();
const handedBack = await adapter.callTool("build", {}, { taskWaitMs: 0 });
is<Equal<typeof handedBack, ToolResult | InterruptOf<"tools/call", false, number>>>();
if (handedBack.type === "mcp_task") {
  is<Equal<typeof handedBack, TaskHandle>>();
  const later = await adapter.resume(handedBack, {});
  is<Equal<typeof later, ToolResult | InterruptOf<"tools/call", false, number>>>();
  await adapter.cancelTask(handedBack);
}
const waiting = new MCPAdapter("https://a.example/mcp", { taskWaitMs: 5_000 });
// (the option's literal type is inferred: any number means the calls may hand tasks back)
is<Equal<typeof waiting, MCPAdapter<false, 5_000>>>();
const [waitingTool] = await waiting.listTools();
is<Equal<Awaited<ReturnType<typeof waiting.callTool>>, ToolResult | InterruptOf<"tools/call", false, number>>>();
if (waitingTool) is<Equal<Awaited<ReturnType<typeof waitingTool.invoke>>, ToolResult | InterruptOf<"tools/call", false, number>>>();
// @ts-expect-error a group's adapters take no taskWaitMs of their own (give it per call)
new MCPAdapterGroup({ a: { url: "https://a.example/mcp", taskWaitMs: 0 } });
declare const taskInterrupt: Interrupt<TaskHandle>;
const resumeTask = createMCPResume(taskInterrupt);
is<Equal<typeof resumeTask, Record<string, Record<string, never>>>>();

// the helpers take what the adapter gives as it is and check at run time
toLangChainDocuments(await adapter.readResource("file:///a"));
toLangChainMessages(await adapter.getPrompt("greet"));
toBlobs(await adapter.readResource("file:///a"));
declare const lgInterrupt: Interrupt<unknown>;
createMCPResume(lgInterrupt, { confirm: { action: "decline" } });
interruptOnFromAnnotations(await adapter.listTools());

// errors: a stable code, the new `cors` among them
try {
  await adapter.listTools();
} catch (e) {
  if (e instanceof MCPAdapterError) is<Equal<typeof e.code, MCPErrorCode>>();
}
const cors: MCPErrorCode = "cors";
void cors;
void first;
