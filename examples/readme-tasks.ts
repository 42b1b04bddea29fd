// The README's "Long-running tools" snippet (repository README.md), checked by `tsc --strict`
// against the packed package in tests/package-types.test.mjs. What the README leaves to the
// reader is declared here.
import type { MCPAdapter, TaskHandle } from "mcp-wasm-adapter";
declare const adapter: MCPAdapter, other: MCPAdapter;
declare const store: { put(task: TaskHandle): Promise<void>; get(): Promise<TaskHandle> };

const out = await adapter.callTool("build_report", { month: "2026-07" }, { taskWaitMs: 0 });
if (out.type === "mcp_task") await store.put(out);
// { type: "mcp_task", tool_name: "build_report", method: "tools/call",
//   server: { url, name, version }, task_id: "SWwkKpw9…", status: "working",
//   status_message: "step 2/4", poll_interval_ms: 5000, ttl_ms: 900000,
//   args_digest: "9f2c4a1be07d3e55", created_at: "2026-07-28T09:30:00.000Z",
//   checked_at: "2026-07-28T09:30:00.000Z" }

// any process, later, with an adapter for the same URL and credentials:
const task = await store.get();
const done = await other.resume(task, {});  // polls to the end
// or at most 5 s, then the updated handle: other.resume(task, {}, { taskWaitMs: 5_000 })
if (done.type === "tool_result") console.log(done.content);
await other.cancelTask(task);                // or gives it up: tasks/cancel
