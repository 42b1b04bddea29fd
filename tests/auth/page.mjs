// The page of tests/auth-browser.test.mjs: calls a tool of a protected MCP server; the first
// call sends the tab to the authorization server (redirectFlow), which sends it back here
// with `code` and `state`; handleRedirect finishes the sign-in and the call is made again.
import { MCPAdapter } from '/pkg/index.browser.js';
import { OAuthProvider, handleRedirect, redirectFlow, webStorage } from '/pkg/auth.js';

const params = new URLSearchParams(location.search);
const back = params.has('code') || params.has('error');
if (!back) {
  sessionStorage.setItem('test:server', params.get('server'));
  sessionStorage.setItem('test:client', params.get('client'));
}
const server = sessionStorage.getItem('test:server');
const provider = new OAuthProvider({
  redirectUrl: `${location.origin}${location.pathname}`,
  storage: webStorage(sessionStorage),
  clientInformation: { client_id: sessionStorage.getItem('test:client') },
  redirectToAuthorization: redirectFlow(),
});

function finish(results) {
  window.__results = results;
  window.__done = true;
  document.getElementById('out').textContent = JSON.stringify(results, null, 1);
}

try {
  const redirect = back ? await handleRedirect(provider) : undefined;
  const adapter = new MCPAdapter(server, { auth: provider });
  const result = await adapter.callTool('whoami', {});
  finish({
    text: result.content.map((b) => b.text).join(''),
    redirect,
    addressBar: location.href,
    signedInHere: back,
    stored: Object.keys(sessionStorage).filter((k) => k.startsWith('mcp-auth:')),
  });
} catch (error) {
  // the first visit: the tab is on its way to the authorization server
  if (!(error?.code === 'authorization_required' && !back)) finish({ fatal: `${error?.code ?? ''} ${error?.message ?? error}` });
}
