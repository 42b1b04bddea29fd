// MCPAdapterGroup.resume routing an mcp_authorization interrupt back to its server when the
// server's URL is not already in canonical form (it has a query): the interrupt
// names the server by its canonical URI (RFC 8707 resource indicator), the group's adapters
// by their URLs as given. The group's lists over a server whose listing is such an interrupt. Against a real authorization server (oidc-provider) in front of a
// protected MCP server (tests/auth/fixtures.mjs).
//
//   bash scripts/build.sh && node --test tests/group-resume.test.mjs
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { MCPAdapterGroup } from '../pkg/index.node.js';
import { OAuthProvider, memoryStorage } from '../pkg/auth.js';
import { signIn, useProtectedServer } from './auth/fixtures.mjs';
import { startTsServer, useServer } from './helpers/servers.mjs';

const REDIRECT = 'http://127.0.0.1:9/callback'; // never opened: the test reads the redirect

const protectedServer = useProtectedServer();
const openServer = useServer(startTsServer);

const text = (result) => result.content.map((b) => b.text).join('');

describe('group resume of an mcp_authorization interrupt', () => {
  for (const suffix of ['?tenant=acme', '?tenant=acme&region=eu']) {
    test(`reaches the server whose URL has a query (${suffix})`, async () => {
      const url = `${protectedServer().url}${suffix}`;
      const auth = new OAuthProvider({ redirectUrl: REDIRECT, interrupt: true, storage: memoryStorage() });
      const group = new MCPAdapterGroup({ open: 'http://127.0.0.1:9/mcp', notes: { url, auth } });
      const out = await group.callTool('notes', 'whoami', {});
      assert.equal(out.type, 'mcp_authorization', JSON.stringify(out));
      const interrupt = JSON.parse(JSON.stringify(out));
      const callbackUrl = await signIn(interrupt.authorization_url, REDIRECT);
      const done = await group.resume(interrupt, { callbackUrl });
      assert.equal(text(done), 'hello alice');
    });
  }

  test('is refused for a server of no adapter in the group', async () => {
    const auth = new OAuthProvider({ redirectUrl: REDIRECT, interrupt: true, storage: memoryStorage() });
    const group = new MCPAdapterGroup({ notes: { url: `${protectedServer().url}?tenant=acme`, auth } });
    const out = await group.callTool('notes', 'whoami', {});
    assert.equal(out.type, 'mcp_authorization');
    const foreign = { ...out, server: { ...out.server, url: 'http://127.0.0.1:9/other' } };
    const error = await group.resume(foreign, { callbackUrl: `${REDIRECT}?code=x&state=y` }).then(() => undefined, (e) => e);
    assert.equal(error?.code, 'invalid_argument');
  });
});

describe('group lists over a server whose auth interrupts', () => {
  for (const method of ['listTools', 'listResources', 'listResourceTemplates', 'listPrompts']) {
    test(`${method}: authorization_required naming the server, its interrupt in the data; "skip" lists the others`, async () => {
      const auth = new OAuthProvider({ redirectUrl: REDIRECT, interrupt: true, storage: memoryStorage() });
      const servers = { open: openServer().url, notes: { url: protectedServer().url, auth } };
      const error = await new MCPAdapterGroup(servers)[method]().then(() => undefined, (e) => e);
      assert.equal(error?.code, 'authorization_required', String(error));
      assert.match(error.message, /"notes"/);
      const { interrupt } = error.data;
      assert.equal(interrupt.type, 'mcp_authorization');
      const skipping = new MCPAdapterGroup(servers, { onServerError: 'skip' });
      const others = await skipping[method]();
      assert.ok(others.every((entry) => (entry.server ?? entry.metadata.mcp.server.key) === 'open'));
      if (method !== 'listResources') return; // (the protected server has no prompts or templates)
      await skipping.adapter('notes').resume(interrupt, { callbackUrl: await signIn(interrupt.authorization_url, REDIRECT) });
      const all = await skipping.listResources();
      assert.deepEqual(all.filter((r) => r.server === 'notes').map((r) => r.uri), ['notes://alice']);
    });
  }
});
