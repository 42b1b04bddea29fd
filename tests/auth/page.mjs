// The page of tests/auth-browser.test.mjs: calls a tool of a protected MCP server.
// mode=redirect: the first call sends the tab to the authorization server (redirectFlow),
// which sends it back here with `code` and `state`; handleRedirect finishes the sign-in and
// the call is made again. mode=popup: the call opens the authorization URL in a popup
// (popupFlow); the popup comes back to this page, which posts its URL to the opener
// (notifyOpener), and the waiting call continues.
import { MCPAdapter } from '/pkg/index.browser.js';
import { OAuthProvider, handleRedirect, notifyOpener, popupFlow, redirectFlow, webStorage } from '/pkg/auth.js';

const params = new URLSearchParams(location.search);
const back = params.has('code') || params.has('error');
if (!back) {
  sessionStorage.setItem('test:server', params.get('server'));
  sessionStorage.setItem('test:client', params.get('client'));
  sessionStorage.setItem('test:mode', params.get('mode') ?? 'redirect');
}
const server = sessionStorage.getItem('test:server');
const popup = sessionStorage.getItem('test:mode') === 'popup';
const provider = new OAuthProvider({
  redirectUrl: `${location.origin}${location.pathname}`,
  storage: webStorage(sessionStorage),
  clientInformation: () => ({ client_id: sessionStorage.getItem('test:client') }), // one authorization server in this test
  redirectToAuthorization: popup ? popupFlow({ timeoutMs: 30_000 }) : redirectFlow(),
});

function finish(results) {
  window.__results = results;
  window.__done = true;
  document.getElementById('out').textContent = JSON.stringify(results, null, 1);
}

try {
  if (back && window.opener) {
    notifyOpener(); // the popup: its opener finishes the sign-in
    throw Object.assign(new Error('popup'), { code: 'popup' });
  }
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
  const leaving = error?.code === 'authorization_required' && !back && !popup;
  if (!leaving && error?.code !== 'popup') finish({ fatal: `${error?.code ?? ''} ${error?.message ?? error}` });
}
