// The sandbox proxy of the demo page's MCP Apps (MCP Apps 2026-01-26, `apps.mdx`, "Sandbox
// proxy"). `npm start` serves it on an origin of its own, with the view's Content Security
// Policy as this page's header (www/csp.js); the view's document, written into the inner
// frame, inherits it. The proxy tells the host it is ready, loads the HTML the host sends into
// the inner frame, and relays every other message between the host and the view, as they are.
const host = document.referrer ? new URL(document.referrer).origin : undefined;
if (window.top === window || host === undefined) throw new Error('the sandbox proxy runs only inside the demo page');
// the host must be of another origin: its document must be out of reach from here
let sameOrigin = true;
try {
  void window.top.document;
} catch {
  sameOrigin = false;
}
if (sameOrigin || host === location.origin) throw new Error('the sandbox proxy shares its origin with the page: refused');

const inner = document.createElement('iframe');
inner.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms');
// the permissions the host granted (Permissions Policy), also on this frame's own iframe
const allow = new URLSearchParams(location.search).get('allow');
if (allow) inner.setAttribute('allow', allow);
document.body.append(inner);

addEventListener('message', (event) => {
  const message = event.data;
  if (event.source === window.parent && event.origin === host) {
    if (message?.method === 'ui/notifications/sandbox-resource-ready') {
      const doc = inner.contentDocument;
      doc.open();
      doc.write(String(message.params?.html ?? ''));
      doc.close();
    } else if (!String(message?.method).startsWith('ui/notifications/sandbox-')) {
      inner.contentWindow?.postMessage(message, location.origin);
    }
  } else if (event.source === inner.contentWindow && event.origin === location.origin) {
    window.parent.postMessage(message, host);
  }
});
window.parent.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} }, host);
