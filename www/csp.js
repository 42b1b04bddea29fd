// The Content Security Policy of an MCP App's view on the demo page (MCP Apps 2026-01-26,
// `apps.mdx`, "UI Resource Format", "Sandbox proxy", "Content Security Policy Enforcement"),
// built from the domains the view's `_meta.ui.csp` declares. One module for the page, which
// shows the policy, and for `npm start`'s sandbox server (www/demo.mjs), which sends it as the
// sandbox proxy's `Content-Security-Policy` header, so the view's document (written into the
// proxy's inner frame) inherits it and no HTML of the view can come before it.
//
// - No `csp` declared: the specification's restrictive default (`default-src 'none'`, scripts
//   and styles from the sandbox's origin and inline, images and media also as `data:`,
//   `connect-src 'none'`).
// - Declared: the specification's construction: `resourceDomains` added to scripts, styles,
//   images, fonts and media; `connect-src 'self'` and `connectDomains`; `frameDomains` else
//   `frame-src 'none'`; `baseUriDomains` else `base-uri 'self'`.
// - Always `object-src 'none'`; and the two local schemes the official PDF viewer needs (its
//   pdf.js makes a worker from a `blob:` URL, which imports the worker's code from a `data:`
//   URL): `worker-src 'self' blob:` (with the `resourceDomains`) and `data:` in `script-src`.
//   This adds no domain, which is what the specification forbids a host to add: a `blob:` or
//   `data:` URL holds code the view already carries (it may run inline scripts anyway), a worker
//   of a local URL runs under the view's own policy (it inherits its creator's), and both reach
//   only what `connect-src` allows. The sandbox's origin (`'self'`) serves nothing but the proxy.
// - A declared domain is used only when it is a plain source, `scheme://host[:port]` (http,
//   https, ws, wss; the host may start with `*.`): anything else (a keyword such as
//   `'unsafe-eval'`, a `;` that would start another directive, a path, a space) is left out
//   and listed in `ignored`, so a declaration can only add the origins it names.

/** A source expression a declared domain may be. */
const SOURCE = /^(https?|wss?):\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i;

/**
 * The policy of a view whose `_meta.ui.csp` is `csp` (or none): `{ policy, approved, ignored }`,
 * `approved` the declared domains it allows (`hostCapabilities.sandbox.csp`), `ignored` the rest.
 */
export function appCsp(csp) {
  const ignored = [];
  const approved = {};
  const declared = csp !== null && typeof csp === 'object' && !Array.isArray(csp);
  const domains = (key) => {
    const list = declared && Array.isArray(csp[key]) ? csp[key] : [];
    const kept = [];
    for (const domain of list) (typeof domain === 'string' && SOURCE.test(domain) ? kept : ignored).push(domain);
    if (kept.length > 0) approved[key] = kept;
    return kept;
  };
  const resources = domains('resourceDomains');
  const connect = domains('connectDomains');
  const frames = domains('frameDomains');
  const bases = domains('baseUriDomains');
  const sources = (...parts) => parts.flat().join(' ');
  const directives = [
    "default-src 'none'",
    `script-src ${sources("'self'", "'unsafe-inline'", 'data:', resources)}`,
    `style-src ${sources("'self'", "'unsafe-inline'", resources)}`,
    `img-src ${sources("'self'", 'data:', resources)}`,
    `media-src ${sources("'self'", 'data:', resources)}`,
    declared ? `font-src ${sources("'self'", resources)}` : '',
    `connect-src ${declared ? sources("'self'", connect) : "'none'"}`,
    `worker-src ${sources("'self'", 'blob:', resources)}`,
    `frame-src ${frames.length > 0 ? sources(frames) : "'none'"}`,
    "object-src 'none'",
    `base-uri ${bases.length > 0 ? sources(bases) : "'self'"}`,
  ];
  return { policy: directives.filter(Boolean).join('; '), approved, ignored };
}
