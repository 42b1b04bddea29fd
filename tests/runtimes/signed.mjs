// Shared by client.mjs and worker.js: an interrupt signed with an `interruptKey` (WebCrypto
// HMAC in this runtime) by one adapter, an altered copy refused, the original resumed by a
// second adapter with the same key. Resolves to what the runtime test checks.
export async function signedRoundTrip(MCPAdapter, url) {
  const interruptKey = 'a shared secret of at least thirty-two bytes';
  const interrupt = JSON.parse(JSON.stringify(await new MCPAdapter(url, { interruptKey }).callTool('confirm_action', { action: 'ship' })));
  const second = new MCPAdapter(url, { interruptKey });
  const answer = { responses: { confirm: { action: 'accept', content: { confirmed: true } } } };
  const altered = { ...interrupt, params: { ...interrupt.params, arguments: { action: 'wipe' } } };
  const refused = await second.resume(altered, answer).then(() => 'resumed', (error) => error.code);
  const done = await second.resume(interrupt, answer);
  return { signature: /^v1\.[A-Za-z0-9_-]{43}$/.test(interrupt.signature), refused, text: done.content[0].text };
}
