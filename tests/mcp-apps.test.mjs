// MCP Apps (the io.modelcontextprotocol/ui extension, MCP Apps 2026-01-26 `apps.mdx`) on the data
// plane, against real app servers: the FastMCP 4.2.3 fixture (tests/fixtures/
// fastmcp_apps_server.py, 2026-07-28 and the handshake era) and the official example servers
// from npm (server-basic-vanillajs, -system-monitor, -budget-allocator, -pdf with a PDF written
// by the test; 2025-11-25, stateless). What an agent host must do: declare the extension only
// when it renders apps, keep app-only tools away from the model, refuse an app's call to a tool
// it may not call (servers do not), and read a view checked, with its _meta.ui from both places.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MCPAdapter, MCPAdapterGroup } from '../pkg/index.node.js';
import { toLangChainTools } from '../pkg/langchain.js';
import { startAll, startAppExample, startFastMCPApps, useServer } from './helpers/servers.mjs';
import { assertAdapterError } from './helpers/errors.mjs';
import { writeTinyPdf } from './helpers/tiny-pdf.mjs';

const CLOCK = 'ui://clock/view.html';
const BOTH = ['model', 'app'];

/** `metadata.mcp.ui` of each listed tool, by name (`undefined` for a plain tool). */
const uis = (tools) => Object.fromEntries(tools.map((t) => [t.name, t.metadata.mcp.ui]));

/** The names of the tools/call requests an adapter sent (its `onTrace`). */
function calls() {
  const sent = [];
  const onTrace = (e) => {
    if (e.direction === 'send' && e.message?.method === 'tools/call') sent.push(e.message.params.name);
  };
  return { sent, onTrace };
}

/** Asserts that `promise` rejects with `app_call_refused` naming `tool`. */
async function refused(promise, tool, why) {
  await assert.rejects(promise, (e) => {
    assertAdapterError(e);
    assert.equal(e.code, 'app_call_refused');
    assert.match(e.message, why);
    assert.equal(e.data.tool, tool);
    return true;
  });
}

describe('MCP Apps with the FastMCP apps fixture', { timeout: 60_000 }, () => {
  const server = useServer(startFastMCPApps);

  for (const protocol of ['2026-07-28', 'legacy']) {
    it(`declares the extension only for a host that renders apps (${protocol})`, async () => {
      const ui = { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } };
      for (const [apps, declared] of [[true, true], [false, false], [undefined, false]]) {
        const sent = [];
        const onTrace = (e) => e.direction === 'send' && sent.push(e.message);
        const adapter = new MCPAdapter(server().url, { apps, protocol, onTrace });
        const out = await adapter.callTool('ui_declared', {});
        // as the server read it, and as it went: in initialize, or on the request itself
        assert.equal(out.artifact.structured_content.declared, declared, `apps: ${apps}`);
        const [capabilities] = sent.map((m) => (protocol === 'legacy' ? m.params?.capabilities : m.params?._meta?.['io.modelcontextprotocol/clientCapabilities'])).filter(Boolean);
        const { 'io.modelcontextprotocol/ui': declaredUi, ...others } = capabilities.extensions ?? {};
        assert.deepEqual(declaredUi, declared ? ui['io.modelcontextprotocol/ui'] : undefined, `apps: ${apps}`);
        // beside it only the Tasks extension, on 2026-07-28 requests (never in initialize)
        assert.deepEqual(Object.keys(others), protocol === 'legacy' ? [] : ['io.modelcontextprotocol/tasks']);
        await adapter.close();
      }
    });
  }

  it('lists every tool, each app tool marked with its view and who may call it, failing closed', async () => {
    const warnings = [];
    const adapter = new MCPAdapter(server().url, { apps: true, onWarning: (text) => warnings.push(text) });
    const tools = await adapter.listTools();
    assert.deepEqual(uis(tools), {
      show_clock: { resourceUri: CLOCK, visibility: BOTH },
      refresh_clock: { resourceUri: CLOCK, visibility: ['app'] },
      model_only: { resourceUri: null, visibility: ['model'] },
      for_no_one: { resourceUri: null, visibility: [] },
      unknown_visibility: { resourceUri: null, visibility: [] },
      // not a ui:// URI: ignored, so a plain tool
      bad_view: undefined,
      // the deprecated flat key
      flat_view: { resourceUri: 'ui://item/view.html', visibility: BOTH },
      ui_declared: undefined,
    });
    assert.deepEqual(warnings, ['mcp-wasm-adapter: tool "bad_view": _meta.ui.resourceUri ignored: not a ui:// URI']);
    // the tool's own _meta stays as the server sent it
    assert.equal(tools.find((t) => t.name === 'bad_view').metadata.mcp.tool._meta.ui.resourceUri, 'https://evil.example/view.html');
  });

  it('toLangChainTools leaves out the tools the model may not call, of an adapter and of a group', async () => {
    const forModel = ['bad_view', 'flat_view', 'model_only', 'show_clock', 'ui_declared'];
    const adapter = new MCPAdapter(server().url, { apps: true, onWarning: () => {} });
    assert.deepEqual((await toLangChainTools(adapter)).map((t) => t.name).sort(), forModel);
    const group = new MCPAdapterGroup({ clock: server().url }, { apps: true, toolNamePrefix: true, onWarning: () => {} });
    assert.deepEqual((await toLangChainTools(group)).map((t) => t.name).sort(), forModel.map((n) => `clock_${n}`));
    // the LangChain tool carries the view a UI layer renders
    const tool = (await toLangChainTools(adapter)).find((t) => t.name === 'show_clock');
    assert.deepEqual(tool.metadata.mcp.ui, { resourceUri: CLOCK, visibility: BOTH });
  });

  it('lets a view call only its own server’s tools whose visibility includes "app", sending nothing otherwise', async () => {
    const { sent, onTrace } = calls();
    const adapter = new MCPAdapter(server().url, { apps: true, onTrace, onWarning: () => {} });
    const fromClock = { resourceUri: CLOCK };
    // listed first when the adapter has not listed yet
    assert.deepEqual((await adapter.callToolFromApp('refresh_clock', {}, fromClock)).artifact.structured_content, { city: 'Rome', time: '12:01' });
    assert.equal((await adapter.callToolFromApp('show_clock', { city: 'Oslo' }, fromClock)).artifact.structured_content.city, 'Oslo');
    for (const name of ['model_only', 'for_no_one', 'unknown_visibility']) {
      await refused(adapter.callToolFromApp(name, {}, fromClock), name, /its visibility does not include "app"/);
    }
    await refused(adapter.callToolFromApp('no_such_tool', {}, fromClock), 'no_such_tool', /this server lists no such tool/);
    // a view this server never named (another server's, or none) calls nothing here
    await refused(adapter.callToolFromApp('refresh_clock', {}, { resourceUri: 'ui://get-time/mcp-app.html' }), 'refresh_clock', /is not one of this server's/);
    await refused(adapter.callToolFromApp('refresh_clock', {}, {}), 'refresh_clock', /is not one of this server's/);
    assert.deepEqual(sent, ['refresh_clock', 'show_clock']);
    // the model's own calls are not the host's to refuse: the server runs them
    assert.equal((await adapter.callTool('model_only', {})).content[0].text, 'model_only ran');
  });

  it('reads a view with its _meta.ui from the list entry, the content item, or both', async () => {
    const adapter = new MCPAdapter(server().url, { apps: true });
    const csp = { connectDomains: ['https://api.example.com'], resourceDomains: ['https://cdn.example.com'] };
    const both = await adapter.readAppResource(CLOCK);
    assert.equal(both.uri, CLOCK);
    assert.match(both.html, /^<!doctype html>[\s\S]*ui\/initialize/);
    assert.deepEqual(both.ui, { csp, permissions: { clipboardWrite: {} }, prefersBorder: true });
    assert.deepEqual((await adapter.readAppResource('ui://listed/view.html')).ui, { csp, permissions: { camera: {} } });
    assert.deepEqual((await adapter.readAppResource(new URL('ui://item/view.html'))).ui, {
      csp: { connectDomains: ['https://item.example.com'] },
      permissions: { microphone: {} },
      prefersBorder: false,
    });
    // a base64 blob is the same HTML
    const blob = await adapter.readAppResource('ui://blob/view.html');
    assert.equal(blob.html, both.html);
    assert.deepEqual(blob.ui, {});
  });

  it('refuses what is not a view: another scheme, another MIME type, more than maxBytes', async () => {
    const adapter = new MCPAdapter(server().url, { apps: true });
    const fails = (promise, code, pattern) =>
      assert.rejects(promise, (e) => {
        assertAdapterError(e);
        assert.equal(e.code, code);
        assert.match(e.message, pattern);
        return true;
      });
    await fails(adapter.readAppResource('https://example.com/view.html'), 'invalid_argument', /ui:\/\//);
    await fails(adapter.readAppResource('ui://plain/page.html'), 'invalid_message', /mimeType is "text\/html", not "text\/html;profile=mcp-app"/);
    // the default bound: 8 MiB
    await fails(adapter.readAppResource('ui://big/view.html'), 'body_too_large', /8388609 bytes, more than maxBytes \(8388608\)/);
    await fails(adapter.readAppResource(CLOCK, { maxBytes: 100 }), 'body_too_large', /more than maxBytes \(100\)/);
    // a failed read leaves the adapter usable
    assert.equal((await adapter.readAppResource(CLOCK)).uri, CLOCK);
  });
});

describe('MCP Apps with the official example servers (2025-11-25)', { timeout: 90_000 }, () => {
  let dir;
  let pdfFile;
  const servers = {};
  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'mcp-apps-'));
    pdfFile = path.join(dir, 'sample.pdf');
    await writeTinyPdf(pdfFile, ['Page one', 'Page two']);
    const started = await startAll([
      startAppExample('basic-vanillajs'),
      startAppExample('system-monitor'),
      startAppExample('budget-allocator'),
      startAppExample('pdf', [pdfFile]),
    ]);
    [servers.basic, servers.monitor, servers.budget, servers.pdf] = started;
  });
  after(async () => {
    await Promise.all(Object.values(servers).map((s) => s.close()));
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('lists their views and app-only tools, and toLangChainTools keeps the app-only ones from the model', async () => {
    const expected = {
      basic: { 'get-time': { resourceUri: 'ui://get-time/mcp-app.html', visibility: BOTH } },
      monitor: {
        'get-system-info': { resourceUri: 'ui://system-monitor/mcp-app.html', visibility: BOTH },
        'poll-system-stats': { resourceUri: null, visibility: ['app'] },
      },
      budget: { 'get-budget-data': { resourceUri: 'ui://budget-allocator/mcp-app.html', visibility: BOTH } },
      pdf: {
        list_pdfs: undefined,
        display_pdf: { resourceUri: 'ui://pdf-viewer/mcp-app.html', visibility: BOTH },
        read_pdf_bytes: { resourceUri: null, visibility: ['app'] },
        save_pdf: { resourceUri: null, visibility: ['app'] },
      },
    };
    for (const [key, tools] of Object.entries(expected)) {
      const adapter = new MCPAdapter(servers[key].url, { apps: true });
      assert.deepEqual(uis(await adapter.listTools()), tools, key);
      assert.equal(adapter.protocolVersion, '2025-11-25');
      const forModel = Object.keys(tools).filter((name) => tools[name]?.visibility.includes('model') ?? true);
      assert.deepEqual((await toLangChainTools(adapter)).map((t) => t.name).sort(), forModel.sort(), key);
    }
  });

  it('reads their views: _meta.ui on the content item (pdf), none (the others)', async () => {
    const views = { basic: 'ui://get-time/mcp-app.html', monitor: 'ui://system-monitor/mcp-app.html', budget: 'ui://budget-allocator/mcp-app.html' };
    for (const [key, uri] of Object.entries(views)) {
      const view = await new MCPAdapter(servers[key].url).readAppResource(uri);
      assert.match(view.html, /^<!DOCTYPE html>/i, key);
      assert.deepEqual(view.ui, {}, key);
    }
    // the PDF viewer is 4.3 MB, within the default bound
    const pdf = await new MCPAdapter(servers.pdf.url).readAppResource('ui://pdf-viewer/mcp-app.html');
    assert.ok(pdf.html.length > 4_000_000);
    assert.deepEqual(pdf.ui, {
      csp: { connectDomains: ['https://unpkg.com'], resourceDomains: ['https://unpkg.com'] },
      permissions: { clipboardWrite: {} },
    });
  });

  it('a view’s calls reach app-only tools of its own server, never another’s through a group', async () => {
    const group = new MCPAdapterGroup({ monitor: servers.monitor.url, pdf: servers.pdf.url }, { apps: true });
    await group.listTools();
    const stats = await group.callToolFromApp('monitor', 'poll-system-stats', {}, { resourceUri: 'ui://system-monitor/mcp-app.html' });
    assert.equal(typeof stats.artifact.structured_content.timestamp, 'string');
    const viewer = { resourceUri: 'ui://pdf-viewer/mcp-app.html' };
    const bytes = await group.callToolFromApp('pdf', 'read_pdf_bytes', { url: `file://${pdfFile}`, offset: 0, byteCount: 8 }, viewer);
    assert.equal(Buffer.from(bytes.artifact.structured_content.bytes, 'base64').toString('latin1'), '%PDF-1.4');
    // the PDF viewer calling the system monitor's tool: another server's view
    await refused(group.callToolFromApp('monitor', 'poll-system-stats', {}, viewer), 'poll-system-stats', /is not one of this server's/);
    await refused(group.callToolFromApp('pdf', 'poll-system-stats', {}, viewer), 'poll-system-stats', /this server lists no such tool/);
  });

  it('a result keeps its _meta for the view (the PDF viewer’s viewUUID)', async () => {
    const out = await new MCPAdapter(servers.pdf.url).callTool('display_pdf', { url: `file://${pdfFile}` });
    const { _meta, structured_content: structured } = out.artifact;
    assert.match(_meta.viewUUID, /^[0-9a-f-]{36}$/);
    assert.equal(structured.viewUUID, _meta.viewUUID);
    assert.deepEqual(out.content, [{ type: 'text', text: `Displaying PDF: file://${pdfFile}` }]);
  });
});
