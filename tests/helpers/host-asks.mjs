// Where the servers the tests run ask the host for something in the middle of a call
// (sampling, roots, elicitation), in both eras, for suites that check each way a host
// handler can end (tests/timeouts-aborts.test.mjs, tests/host-handler-errors.test.mjs).
import { startEverything, startFastMCP, startTsServer, useServer } from './servers.mjs';

/**
 * Starts, for the enclosing `describe`, the TypeScript SDK fixture, the FastMCP fixture (also
 * `--legacy-only`) and server-everything; returns their `useServer` getters (`ts`, `fastmcp`)
 * and `ASKS`: where a server asks for each kind, as `{ era, server, label, kind, option, tool,
 * args, echo?, beside? }` (`option`: the adapter option that answers; `echo`: the arguments
 * of that server's echo tool when not `{ text }`; `beside`: asked on the session's standalone
 * stream, not on the call's own).
 *
 * MCP 2026-07-28 `basic/patterns/mrtr.mdx`: the sampling, roots and (with onElicitation)
 * elicitation input requests of an input_required result are answered in place by the host's
 * handlers, then the call is retried; a handshake-era server asks the same in the middle of
 * the call (MCP 2025-11-25, `client/sampling.mdx`, `client/roots.mdx`, `client/elicitation.mdx`).
 */
export function useHostAsks() {
  const ts = useServer(() => startTsServer());
  const fastmcp = useServer(() => startFastMCP());
  const fastmcpLegacy = useServer(() => startFastMCP({ legacyOnly: true }));
  const everything = useServer(startEverything);
  const ASKS = [
    { era: '2026-07-28', server: ts, label: 'TS SDK fixture', kind: 'sampling', option: 'onSampling', tool: 'ask_host', args: { kind: 'sampling' } },
    { era: '2026-07-28', server: ts, label: 'TS SDK fixture', kind: 'roots', option: 'roots', tool: 'ask_host', args: { kind: 'roots' } },
    { era: '2026-07-28', server: ts, label: 'TS SDK fixture', kind: 'elicitation', option: 'onElicitation', tool: 'ask_host', args: { kind: 'elicitation' } },
    { era: '2026-07-28', server: fastmcp, label: 'FastMCP fixture', kind: 'elicitation', option: 'onElicitation', tool: 'confirm_action', args: { action: 'ship' } },
    { era: 'handshake', server: fastmcpLegacy, label: 'FastMCP --legacy-only', kind: 'elicitation', option: 'onElicitation', tool: 'confirm_action', args: { action: 'ship' } },
    { era: 'handshake', server: everything, label: 'server-everything', kind: 'sampling', option: 'onSampling', tool: 'trigger-sampling-request', args: { prompt: 'hi', maxTokens: 5 }, echo: { message: 'after' } },
    // asked on the session's standalone stream, beside the call (SDK 1.x `listRoots()`), which
    // the adapter listens to while the call runs: the call itself waits on its own response
    { era: 'handshake', server: everything, label: 'server-everything', kind: 'roots', option: 'roots', tool: 'get-roots-list', args: {}, echo: { message: 'after' }, beside: true },
  ];
  return { ts, fastmcp, ASKS };
}
