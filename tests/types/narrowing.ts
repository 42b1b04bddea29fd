// Type tests of the declarations, checked by `tsc --strict` against the packed package
// (tests/bundlers.test.mjs): each `Is<…>` must hold and each `@ts-expect-error` must be an
// error, so a declaration that stops narrowing as documented fails the check.
import { MCPAdapter, MCPAdapterError } from "mcp-wasm-adapter";
import type {
  ApprovalInterrupt,
  AuthorizationInterrupt,
  ElicitationInterrupt,
  InterruptOf,
  MCPErrorCode,
  PromptMessage,
  ResourceContent,
  ToolResult,
} from "mcp-wasm-adapter";
import { createMCPResume, interruptOnFromAnnotations, toBlobs, toLangChainDocuments, toLangChainMessages } from "mcp-wasm-adapter/langchain";
import type { Interrupt } from "@langchain/langgraph";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function is<T extends true>(): T | void {}

declare const adapter: MCPAdapter;

// a tool call: a result or one of the tool-call interrupts, told apart by `type`
const out = await adapter.callTool("echo", { text: "hi" });
is<Equal<typeof out, ToolResult | InterruptOf<"tools/call">>>();
switch (out.type) {
  case "tool_result":
    is<Equal<typeof out, ToolResult>>();
    break;
  case "mcp_elicitation": {
    is<Equal<typeof out.method, "tools/call">>();
    // a tool interrupt resumes to a tool result (or the next tool-call interrupt)
    const next = await adapter.resume(out, { responses: { confirm: { action: "accept", content: { confirmed: true } } } });
    is<Equal<typeof next, ToolResult | InterruptOf<"tools/call">>>();
    break;
  }
  case "mcp_approval": {
    const next = await adapter.resume(out, { decision: "approve" });
    is<Equal<typeof next, ToolResult | InterruptOf<"tools/call">>>();
    break;
  }
  case "mcp_authorization": {
    const next = await adapter.resume(out, { callbackUrl: "https://app.example/callback?code=x&state=y" });
    is<Equal<typeof next, ToolResult | InterruptOf<"tools/call">>>();
    break;
  }
  default:
    is<Equal<typeof out, never>>();
}

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
