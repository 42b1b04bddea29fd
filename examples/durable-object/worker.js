// A Cloudflare Worker that calls the tools of one MCP server for each of its users, with a
// Durable Object per user that keeps, in its storage, all that must outlive the object:
//
//   - the user's OAuth state: tokens, the client registration, and a sign-in in progress (its
//     PKCE verifier and `state`), through an AuthStorage over the object's storage;
//   - the interrupts handed out and not answered yet (a question, an approval, a sign-in),
//     each under an id, signed with the INTERRUPT_KEY secret.
//
// The object may be evicted between any two requests (a deploy, a restart, idleness): the
// next request builds it afresh from its storage, so a question asked before is answered
// after, a sign-in's callback finishes it even when it is the first request the new object
// sees, and the first request lists the tools with the stored tokens. Only a live
// handshake-era call is lost with the object: its answer then replays the call, as in any
// other process (see the README, "When a person is needed").
//
//   GET  /tools                       -> { tools: [{ name, description }] } or { interrupt }
//   POST /call   { name, arguments }  -> { result } or { interrupt }
//   POST /answer { id, answer }       -> { result } or { interrupt } (the next question)
//   GET  /callback?code&state&iss     -> { results }: the calls that waited for the sign-in
//
// (a failure: status 500 and { error: { code, message } })
//
// { interrupt } is `{ id, ...the interrupt }`: what to show the person, and the id to answer
// with. Bindings: MCP_URL, REDIRECT_URL (this worker's /callback, registered with the
// authorization server), the secret INTERRUPT_KEY (at least 32 bytes), and USERS, the Durable
// Object namespace of the class UserTools (tests/workerd-durable-object.test.mjs runs this
// file in workerd with examples/durable-object/config.capnp).
import { DurableObject } from 'cloudflare:workers';
import { MCPAdapter } from 'mcp-wasm-adapter';
import { OAuthProvider } from 'mcp-wasm-adapter/auth';

/**
 * An AuthStorage over the object's storage, its keys under `auth:` (the object is one user's,
 * so no `keyPrefix`). It needs no `lock`: a Durable Object runs as one instance at a time, and
 * the provider serializes refreshes and sign-ins within itself.
 */
function objectStorage(storage) {
  return {
    get: (key) => storage.get(`auth:${key}`),
    set: (key, value) => storage.put(`auth:${key}`, value),
    delete: (key) => storage.delete(`auth:${key}`),
  };
}

export class UserTools extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    const auth = new OAuthProvider({ redirectUrl: env.REDIRECT_URL, interrupt: true, storage: objectStorage(ctx.storage) });
    // the key from a secret, not `interruptKey: true`, which makes a new key per isolate: the
    // interrupts stored before an eviction must verify after it
    this.adapter = new MCPAdapter(env.MCP_URL, { auth, interruptKey: env.INTERRUPT_KEY });
  }

  async fetch(request) {
    const url = new URL(request.url);
    try {
      if (url.pathname === '/tools') return await this.respond(await this.adapter.listTools());
      if (url.pathname === '/call') {
        const { name, arguments: args } = await request.json();
        return await this.respond(await this.adapter.callTool(name, args ?? {}));
      }
      if (url.pathname === '/answer') {
        const { id, answer } = await request.json();
        return await this.answer(`interrupt:${id}`, (interrupt) => this.adapter.resume(interrupt, answer));
      }
      if (url.pathname === '/callback') return await this.callback(request.url);
      return new Response('not found', { status: 404 });
    } catch (error) {
      // an MCPAdapterError (its code is stable); the adapter stays usable for the next request
      return Response.json({ error: { code: error?.code, message: error?.message ?? String(error) } }, { status: 500 });
    }
  }

  /** A tool list or result as the response; an interrupt is kept until it is answered. */
  async respond(out) {
    if (Array.isArray(out)) return Response.json({ tools: out.map(({ name, description }) => ({ name, description })) });
    return out.type === 'tool_result' ? Response.json({ result: out }) : this.handOut(out);
  }

  async handOut(interrupt) {
    const id = crypto.randomUUID();
    await this.ctx.storage.put(`interrupt:${id}`, interrupt);
    return Response.json({ interrupt: { id, ...interrupt } });
  }

  /**
   * Resumes the interrupt stored under `key` once: it is taken out of the storage before it is
   * sent (a second answer finds nothing), and put back when the resume fails, so that a failure
   * that was not the person's (the network) or a wrong answer leaves it answerable. A sign-in
   * that failed is over, though (its verifier is used up): the call is to be made anew.
   */
  async answer(key, resume) {
    const interrupt = await this.ctx.storage.get(key);
    if (interrupt === undefined) return Response.json({ error: { message: 'no such question, or answered already' } }, { status: 404 });
    await this.ctx.storage.delete(key);
    try {
      return await this.respond(await resume(interrupt));
    } catch (error) {
      if (interrupt.type !== 'mcp_authorization') await this.ctx.storage.put(key, interrupt);
      throw error;
    }
  }

  /**
   * The authorization server sent the person back: finish the sign-in with what the storage
   * kept (the PKCE verifier of this `state`), then send again the calls that waited for it.
   */
  async callback(callbackUrl) {
    const state = new URL(callbackUrl).searchParams.get('state');
    const waiting = [...(await this.ctx.storage.list({ prefix: 'interrupt:' }))].filter(
      ([, i]) => i.type === 'mcp_authorization' && new URL(i.authorization_url).searchParams.get('state') === state,
    );
    if (waiting.length === 0) return Response.json({ error: { message: 'no sign-in waits for this callback' } }, { status: 404 });
    const results = [];
    for (const [key] of waiting) {
      // the first resume finishes the sign-in; the others find the tokens and call again
      const response = await this.answer(key, (interrupt) => this.adapter.resume(interrupt, { callbackUrl }));
      results.push(await response.json());
    }
    return Response.json({ results });
  }
}

export default {
  /** Routes each request to its user's object. */
  fetch(request, env) {
    // who is asking: the app's own sign-in decides (a session cookie); the X-User header stands for it here
    const user = request.headers.get('x-user');
    if (!user) return new Response('who are you?', { status: 401 });
    return env.USERS.get(env.USERS.idFromName(user)).fetch(request);
  },
};
