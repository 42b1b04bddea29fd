// The cap on what a tool result puts into the model's context (maxResultChars, maxResultMedia):
// a head and a tail of the text with one marker, media never cut, the full content in the
// artifact; none by default on the adapter, 40,000 characters by default in toLangChainTools.
// Against the TypeScript SDK v2 fixture's long_text tool.
//
//   bash scripts/build.sh && node --test tests/result-cap.test.mjs

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MCPAdapter } from '../pkg/index.node.js';
import { toLangChainTools } from '../pkg/langchain.js';
import { rejectsWith } from './helpers/errors.mjs';
import { startTsServer, useServer } from './helpers/servers.mjs';

const texts = (content) => content.filter((b) => b.type === 'text').map((b) => b.text);
const MARKER = /^\[… (\d+) characters(?: and (\d+) media blocks?)? of this tool result left out here; the full result is in the artifact \(full_content\) …\]$/;

describe('result caps (TypeScript SDK v2 fixture)', { timeout: 60_000 }, () => {
  const srv = useServer(() => startTsServer());

  // first, so that controls.js is not loaded yet when the check throws
  it('a tool error thrown (handleToolErrors: false) by a capped call rejects the call, no rejection left unhandled', async () => {
    const adapter = new MCPAdapter(srv().url, { handleToolErrors: false });
    await rejectsWith(adapter.callTool('fail', {}, { maxResultChars: 100 }), 'tool_error');
  });

  it('5 MB of text past maxResultChars keeps its head and tail around one marker, the image whole, the full content in the artifact', async () => {
    const adapter = new MCPAdapter(srv().url, { maxResultChars: 1_000 });
    const out = await adapter.callTool('long_text', { chars: 5_000_000, blocks: 3, images: 1 });
    assert.equal(out.status, 'success');
    const shown = texts(out.content);
    const markers = shown.filter((t) => MARKER.test(t));
    assert.equal(markers.length, 1, 'one marker');
    const kept = shown.filter((t) => !MARKER.test(t)).join('');
    assert.equal(kept.length, 1_000);
    assert.ok(kept.startsWith('H'.repeat(100)) && kept.endsWith('T'.repeat(100)));
    assert.equal(Number(MARKER.exec(markers[0])[1]), 5_000_000 - 1_000, 'says how much was left out');
    const image = out.content.find((b) => b.type === 'image');
    assert.equal(image.data.length > 0 && image.mimeType, 'image/png', 'the image block is whole');
    // the host and a view still see everything
    assert.equal(texts(out.artifact.full_content).join('').length, 5_000_000);
    assert.deepEqual(out.artifact.structured_content, { chars: 5_000_000 });
  });

  it('media blocks past maxResultMedia are left out whole, each place marked; none is cut', async () => {
    const adapter = new MCPAdapter(srv().url);
    const out = await adapter.callTool('long_text', { chars: 50, images: 3 }, { maxResultMedia: 1 });
    assert.deepEqual(out.content.map((b) => b.type), ['text', 'image', 'text']);
    assert.match(out.content[2].text, /^\[… 2 media blocks of this tool result left out here/);
    assert.equal(out.artifact.full_content.filter((b) => b.type === 'image').length, 3);
  });

  it('the adapter caps nothing by default, and a call option overrides the adapter\'s cap', async () => {
    const plain = new MCPAdapter(srv().url);
    const whole = await plain.callTool('long_text', { chars: 200_000 });
    assert.equal(texts(whole.content).join('').length, 200_000);
    assert.equal(whole.artifact.full_content, undefined);
    const capped = new MCPAdapter(srv().url, { maxResultChars: 10 });
    const over = await capped.callTool('long_text', { chars: 300 }, { maxResultChars: Infinity });
    assert.equal(texts(over.content).join('').length, 300);
    await rejectsWith(capped.callTool('long_text', { chars: 3 }, { maxResultChars: -1 }), 'invalid_argument');
  });

  it('toLangChainTools shows the model at most 40,000 characters by default; the ToolMessage artifact keeps the whole result', async () => {
    const [tool] = await toLangChainTools(new MCPAdapter(srv().url), { filter: ['long_text'] });
    const message = await tool.invoke({ type: 'tool_call', id: 'c1', name: 'long_text', args: { chars: 1_000_000 } });
    const shown = texts(message.content);
    assert.equal(shown.filter((t) => !MARKER.test(t)).join('').length, 40_000);
    assert.equal(texts(message.artifact.full_content).join('').length, 1_000_000);
    const [wide] = await toLangChainTools(new MCPAdapter(srv().url), { filter: ['long_text'], maxResultChars: 100_000 });
    const more = await wide.invoke({ type: 'tool_call', id: 'c2', name: 'long_text', args: { chars: 90_000 } });
    assert.equal(texts(more.content).join('').length, 90_000);
  });
});
