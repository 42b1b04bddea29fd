// A `fetch` for the adapter's `fetch` option that records every request it forwards.

/**
 * Returns `{ requests, fetch, calls() }`. Each entry of `requests` is
 * `{ url, method, headers: Headers, body (parsed JSON or undefined), redirect, contentType }`
 * (`contentType` of the response, once it arrived); `calls()` lists the bodies of the
 * `tools/call` requests.
 */
export function recordingFetch() {
  const requests = [];
  const wrapped = async (url, init = {}) => {
    const entry = {
      url: String(url),
      method: init.method,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      redirect: init.redirect,
      contentType: undefined,
    };
    requests.push(entry);
    const response = await fetch(url, init);
    entry.contentType = response.headers.get('content-type');
    return response;
  };
  return { requests, fetch: wrapped, calls: () => requests.filter((r) => r.body?.method === 'tools/call').map((r) => r.body) };
}

/** The JSON-RPC methods of the requests a recording fetch saw (the HTTP method for those without a body). */
export const methods = (rec) => rec.requests.map((r) => r.body?.method ?? r.method);
