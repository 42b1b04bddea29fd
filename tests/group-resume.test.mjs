// MCPAdapterGroup.resume routing an mcp_authorization interrupt back to its server when the
// server's URL is not already in canonical form (it has a query): the interrupt
// names the server by its canonical URI (RFC 8707 resource indicator), the group's adapters
// by their URLs as given. Against a real authorization server (oidc-provider) in front of a
// protected MCP server (tests/auth/fixtures.mjs).
//
//   bash scripts/build.sh && node --test tests/group-resume.test.mjs
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { MCPAdapterGroup } from '../pkg/index.node.js';
import { OAuthProvider, memoryStorage } from '../pkg/auth.js';
import { signIn, useProtectedServer } from './auth/fixtures.mjs';

const REDIRECT = 'http://127.0.0.1:9/callback'; // never opened: the test reads the redirect

const protectedServer = useProtectedServer();

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
