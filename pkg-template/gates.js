// Which tools their MCP annotations gate behind a person's approval, shared by the framework
// glue modules (langchain.js `interruptOnFromAnnotations`, ai.js `needsApproval`). The hints
// are MCP 2026-07-28 `server/tools.mdx`, "ToolAnnotations": the server's claims, not
// guarantees. Nothing here imports the wasm or a framework.

/** The rules by default: only tools marked destructive are gated. */
const DEFAULT_RULES = { destructive: true, openWorld: false, mutating: false, nonIdempotent: false };

/** The rules of `options` (`{ destructive?, openWorld?, mutating?, nonIdempotent? }`) over the defaults. */
export function gateRules(options) {
  const rules = { ...DEFAULT_RULES };
  for (const key of Object.keys(DEFAULT_RULES)) if (options?.[key] !== undefined) rules[key] = Boolean(options[key]);
  return rules;
}

/**
 * Why `rules` gate a tool of these `annotations` (`destructive`, `open-world`, `not
 * read-only`, `not idempotent`), or [] when they do not. A hint that is absent counts only
 * with `specDefaults`, as MCP's default (destructive, open-world, not read-only, not
 * idempotent).
 */
export function gateReasons(annotations, rules, specDefaults) {
  const a = annotations ?? {};
  const hint = (key, specDefault) => (a[key] === undefined || a[key] === null ? (specDefaults ? specDefault : undefined) : a[key]);
  const readOnly = hint('readOnlyHint', false) === true;
  const reasons = [];
  if (rules.destructive && !readOnly && hint('destructiveHint', true) === true) reasons.push('destructive');
  if (rules.openWorld && hint('openWorldHint', true) === true) reasons.push('open-world');
  if (rules.mutating && (specDefaults ? !readOnly : a.readOnlyHint === false)) reasons.push('not read-only');
  if (rules.nonIdempotent && !readOnly && hint('idempotentHint', false) === false) reasons.push('not idempotent');
  return reasons;
}
