// The README's snippet of a handler that closes its dialog when the call stops waiting
// ("When a person is needed"), checked by `tsc --strict` against the packed package in
// tests/package-types.test.mjs. What the README leaves to the reader is declared here.
import { MCPAdapter, type ElicitRequest, type ElicitResult } from "mcp-wasm-adapter";
declare const url: string;
declare function showDialog(request: ElicitRequest, options: { signal: AbortSignal }): Promise<ElicitResult>;

const adapter = new MCPAdapter(url, {
  timeoutMs: 5 * 60_000, // a person has five minutes per question
  onElicitation: (request, { signal }) => showDialog(request, { signal }), // closes on abort
});
