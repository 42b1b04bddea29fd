// One process of tests/auth-postgres.test.mjs: an adapter whose OAuth entries are in
// PostgreSQL (examples/pg-auth-storage.mjs). `node pg-process.mjs <step> <config JSON>`, config
// `{ pgUrl, mcpUrl, redirectUrl, keyPrefix, lockTimeoutMs?, clientInformation?, interrupt?,
// callbackUrl? }`. Prints one JSON line per event; reads lines from stdin where a step waits.
//   hold       holds the lock of the server's tokens until killed: { locked: true }
//   call       { ready: true }, then on a line calls whoami: { text } or { code, message }
//   interrupt  calls whoami with interrupt: true: the interrupt, then exits
//   resume     resumes config.interrupt with config.callbackUrl: { text } or { code, message }
//   sign-in    callback style: { authorization_url } when sent to sign in, the call's outcome,
//              then on a line calls again: its outcome
//   finish     finishAuth(config.callbackUrl): { server } or { code, message }
import readline from 'node:readline';
import pg from 'pg';
import { MCPAdapter } from '../../pkg/index.node.js';
import { OAuthProvider } from '../../pkg/auth.js';
import { pgAuthStorage } from '../../examples/pg-auth-storage.mjs';

const [step, json] = process.argv.slice(2);
const config = JSON.parse(json);
const pool = new pg.Pool({ connectionString: config.pgUrl });
const storage = pgAuthStorage(pool, config.lockTimeoutMs ? { lockTimeoutMs: config.lockTimeoutMs } : {});
const lines = readline.createInterface({ input: process.stdin })[Symbol.asyncIterator]();
const say = (value) => process.stdout.write(`${JSON.stringify(value)}\n`);
const outcome = (promise) => promise.then(
  (value) => (value?.content ? { text: value.content.map((b) => b.text).join('') } : value),
  (error) => ({ code: error.code, message: error.message }),
);
const provider = (extra = {}) => new OAuthProvider({
  redirectUrl: config.redirectUrl,
  storage,
  keyPrefix: config.keyPrefix,
  clientInformation: config.clientInformation,
  ...extra,
});
const whoami = (auth) => outcome(new MCPAdapter(config.mcpUrl, { auth }).callTool('whoami', {}));

switch (step) {
  case 'hold':
    await storage.lock(`${config.keyPrefix}tokens ${config.mcpUrl}`, () => {
      say({ locked: true });
      return new Promise(() => {});
    });
    break;
  case 'call': {
    const adapter = new MCPAdapter(config.mcpUrl, { auth: provider() });
    say({ ready: true });
    await lines.next();
    say(await outcome(adapter.callTool('whoami', {})));
    break;
  }
  case 'interrupt':
    say(await whoami(provider({ interrupt: true })));
    break;
  case 'resume':
    say(await outcome(new MCPAdapter(config.mcpUrl, { auth: provider({ interrupt: true }) }).resume(config.interrupt, { callbackUrl: config.callbackUrl })));
    break;
  case 'sign-in': {
    const auth = provider({ redirectToAuthorization: (url) => void say({ authorization_url: url.href }) });
    const adapter = new MCPAdapter(config.mcpUrl, { auth });
    say(await outcome(adapter.callTool('whoami', {})));
    await lines.next();
    say(await outcome(adapter.callTool('whoami', {})));
    break;
  }
  case 'finish':
    say(await outcome(provider().finishAuth(config.callbackUrl)));
    break;
  default:
    throw new Error(`unknown step ${step}`);
}
await pool.end();
process.exit(0);
