// The README's OAuth snippet (repository README.md), checked by `tsc --strict` against the
// packed package in tests/package-types.test.mjs. What the README leaves to the reader is declared here.
import { MCPAdapter } from "mcp-wasm-adapter";
import type { AuthStorage } from "mcp-wasm-adapter/auth";
declare const kv: AuthStorage;
declare const userId: string;
declare const url: string;
declare const callbackUrl: string;

import { OAuthProvider, webStorage, redirectFlow, handleRedirect } from "mcp-wasm-adapter/auth";

// Node / edge: the call becomes an interrupt; any adapter sharing the storage resumes it.
// Tokens are kept per server only: scope the storage to the person (here a key prefix per user)
const auth = new OAuthProvider({ redirectUrl: "https://app.example.com/callback", interrupt: true, storage: kv, keyPrefix: `user:${userId}:` });
const out = await new MCPAdapter(url, { auth }).callTool("search", { q: "x" });
if (out.type === "mcp_authorization") {
  // { type, authorization_url, server: { url, resource, authorization_server }, scope, reason, method, params,
  //   created_at }: no secrets
  // … the person opens out.authorization_url and comes back to the redirect URI …
  const done = await new MCPAdapter(url, { auth }).resume(out, { callbackUrl });
}

// A page: the tab goes to the authorization server and comes back to the redirect URI
const pageAuth = new OAuthProvider({ redirectUrl: `${location.origin}/callback.html`, storage: webStorage(sessionStorage),
  redirectToAuthorization: redirectFlow() });           // or popupFlow() (+ notifyOpener() on the redirect page)
if (location.search.includes("code=")) await handleRedirect(pageAuth);   // on the redirect page
