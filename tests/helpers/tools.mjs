// Reading the tools an adapter lists.

/** `tools` (from `listTools()`) keyed by their name. */
export const byName = (tools) => Object.fromEntries(tools.map((t) => [t.name, t]));
