// Serving a web-standard `fetch(Request) => Response` handler (such as the MCP SDK's
// `createMcpHandler`) from a `node:http` server, as the fixtures and the bench server do.

/** The whole request body, or undefined when there is none. */
export async function readBody(req) {
  const chunks = [];
  for await (const c of req) chunks.push(c);
  return chunks.length ? Buffer.concat(chunks) : undefined;
}

/**
 * Answers `req`/`res` with `handler.fetch`: the web Request carries the headers, `body` (not
 * for GET/HEAD) and a signal aborted if the client goes away before the response is complete
 * (so a tool sees the cancellation); the Response is streamed back with `extraHeaders` added.
 * A handler that throws gets a JSON-RPC -32603 answer (or a destroyed socket mid-stream).
 */
export async function respondWith(req, res, handler, { body, origin, extraHeaders = {} }) {
  const abort = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) abort.abort(new Error('client disconnected'));
  });
  try {
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) {
      if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : v);
    }
    const hasBody = !['GET', 'HEAD'].includes(req.method ?? 'GET');
    const request = new Request(`${origin}${req.url}`, {
      method: req.method,
      headers,
      body: hasBody ? body : undefined,
      signal: abort.signal,
    });
    const response = await handler.fetch(request);
    const out = {};
    response.headers.forEach((v, k) => {
      out[k] = v;
    });
    res.writeHead(response.status, { ...out, ...extraHeaders });
    res.flushHeaders();
    if (response.body) {
      for await (const chunk of response.body) {
        if (res.destroyed) break;
        res.write(chunk);
      }
    }
    res.end();
  } catch (err) {
    if (!res.headersSent) {
      res.writeHead(500, { ...extraHeaders, 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32603, message: String(err?.message ?? err) } }));
    } else {
      res.destroy(err);
    }
  }
}
