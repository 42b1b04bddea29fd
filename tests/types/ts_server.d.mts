// What examples/langchain-agent.mjs uses of the demo server (tests/fixtures/ts_server.mjs),
// for its type check in tests/package-types.test.mjs.
export declare function startTsServer(): Promise<{ url: string; close(): Promise<void> }>;
