// Self-check of the test peers: each fixture starts, answers a raw request
// over fetch, and lists the tools the integration tests rely on; the helpers that start
// them hand out the URL of their own server, never that of another on a port it took.
//   node --test tests/fixtures.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { FIXTURE_TOOLS, VERSION } from './helpers/fixture-data.mjs';
import { rawRequest, readRpc } from './helpers/raw.mjs';
import { startPostgres } from './helpers/postgres.mjs';
import { REPO_ROOT, freePort, startAll, startAppExample, startFastMCP, startTsServer, startEverything } from './helpers/servers.mjs';
import { serveWorkerd } from './helpers/workerd.mjs';

const WORKERD = path.join(REPO_ROOT, 'node_modules', '.bin', 'workerd');

async function assertModernTools(url) {
  const result = await rawRequest(url, 'tools/list');
  assert.equal(result.resultType, 'complete');
  const names = result.tools.map((t) => t.name);
  for (const name of FIXTURE_TOOLS) assert.ok(names.includes(name), `tool ${name} missing from ${names.join(', ')}`);
  const plan = result.tools.find((t) => t.name === 'plan_trip');
  assert.ok(plan.inputSchema.$defs, 'plan_trip inputSchema has $defs');
  const del = result.tools.find((t) => t.name === 'delete_item');
  assert.equal(del.annotations?.destructiveHint, true);
}

test('FastMCP fixture answers 2026-07-28 tools/list', { timeout: 60_000 }, async () => {
  const srv = await startFastMCP();
  try {
    await assertModernTools(srv.url);
  } finally {
    await srv.close();
  }
});

test('FastMCP fixture --legacy-only refuses 2026-07-28 with -32000', { timeout: 60_000 }, async () => {
  const srv = await startFastMCP({ legacyOnly: true });
  try {
    const res = await fetch(srv.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'MCP-Protocol-Version': VERSION,
        'Mcp-Method': 'server/discover',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: {} }),
    });
    assert.equal(res.status, 400);
    assert.equal((await res.json()).error.code, -32000);
  } finally {
    await srv.close();
  }
});

test('TypeScript SDK v2 fixture answers 2026-07-28 tools/list', async () => {
  const srv = await startTsServer();
  try {
    assert.match(srv.url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    await assertModernTools(srv.url);
  } finally {
    await srv.close();
  }
});

test('server-everything answers a legacy initialize and tools/list', { timeout: 60_000 }, async () => {
  const srv = await startEverything();
  try {
    const headers = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
    const init = await fetch(srv.url, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: { elicitation: { form: {} } },
          clientInfo: { name: 'fixtures-test', version: '0.0.0' },
        },
      }),
    });
    assert.equal(init.status, 200);
    const session = init.headers.get('mcp-session-id');
    assert.ok(session, 'mcp-session-id header');
    const initMsg = await readRpc(init, 1);
    assert.equal(initMsg.result.protocolVersion, '2025-11-25');

    const sessionHeaders = { ...headers, 'Mcp-Session-Id': session, 'MCP-Protocol-Version': '2025-11-25' };
    const ack = await fetch(srv.url, {
      method: 'POST',
      headers: sessionHeaders,
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    });
    assert.equal(ack.status, 202);
    await ack.arrayBuffer();

    const list = await fetch(srv.url, {
      method: 'POST',
      headers: sessionHeaders,
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} }),
    });
    const names = (await readRpc(list, 2)).result.tools.map((t) => t.name);
    for (const name of ['echo', 'get-tiny-image', 'get-structured-content', 'trigger-long-running-operation']) {
      assert.ok(names.includes(name), `tool ${name} missing from ${names.join(', ')}`);
    }
    await fetch(srv.url, { method: 'DELETE', headers: { 'Mcp-Session-Id': session } }).then((r) => r.arrayBuffer());
  } finally {
    await srv.close();
  }
});

/** A plain TCP listener on a port the kernel picked: another test file's server. */
async function otherListener() {
  const other = net.createServer((socket) => socket.end('HTTP/1.1 401 Unauthorized\r\ncontent-length: 0\r\n\r\n'));
  await new Promise((resolve) => other.listen(0, '127.0.0.1', resolve));
  return { port: other.address().port, close: () => new Promise((resolve) => other.close(resolve)) };
}

for (const [name, start] of [
  ['FastMCP fixture', startFastMCP],
  ['server-everything', startEverything],
]) {
  test(`${name}: a port another server holds is refused at startup, never handed out as the fixture's URL`, { timeout: 60_000 }, async () => {
    const other = await otherListener();
    try {
      const started = await start({ port: other.port }).then(
        async (srv) => {
          await srv.close();
          return srv.url;
        },
        (error) => error,
      );
      assert.ok(started instanceof Error, `${name} handed out ${started}, the URL of the other server`);
      assert.match(started.message, /exited before listening/);
      assert.match(started.message, /in use/i, 'the stderr of the fixture, saying why');
    } finally {
      await other.close();
    }
  });
}

test('fixtures started at the same time listen on ports of their own, each answering as itself', { timeout: 60_000 }, async () => {
  const servers = await startAll([startFastMCP(), startFastMCP({ legacyOnly: true }), startEverything()]);
  try {
    assert.equal(new Set(servers.map((s) => s.port)).size, 3);
    assert.equal((await rawRequest(servers[0].url, 'tools/list')).resultType, 'complete');
    for (const legacy of servers.slice(1)) {
      const refused = await fetch(legacy.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': VERSION },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: {} }),
      });
      assert.equal(refused.status, 400, legacy.url);
      await refused.arrayBuffer();
    }
  } finally {
    await Promise.all(servers.map((s) => s.close()));
  }
});

test('workerd: a port another server holds is refused at startup, never handed out as the worker\'s origin', { skip: !existsSync(WORKERD) && 'workerd is not installed', timeout: 60_000 }, async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mcp-fixtures-workerd-'));
  const other = await otherListener();
  try {
    await writeFile(path.join(dir, 'worker.js'), "export default { fetch: () => new Response('the worker') };\n");
    await writeFile(
      path.join(dir, 'config.capnp'),
      [
        'using Workerd = import "/workerd/workerd.capnp";',
        'const config :Workerd.Config = (services = [(name = "main", worker = .worker)], sockets = [(name = "http", address = "127.0.0.1:8787", http = (), service = "main")]);',
        'const worker :Workerd.Worker = (modules = [(name = "worker.js", esModule = embed "worker.js")], compatibilityDate = "2026-11-01");',
        '',
      ].join('\n'),
    );
    const own = await serveWorkerd(WORKERD, dir);
    try {
      assert.equal(await (await fetch(own.origin)).text(), 'the worker');
    } finally {
      await own.stop();
    }
    const started = await serveWorkerd(WORKERD, dir, other.port).then(
      async (proc) => {
        await proc.stop();
        return proc.origin ?? `the port ${other.port}`;
      },
      (error) => error,
    );
    assert.ok(started instanceof Error, `serveWorkerd handed out ${started}, the origin of the other server`);
    assert.match(started.message, /workerd exited before listening/);
  } finally {
    await other.close();
    await rm(dir, { recursive: true, force: true });
  }
});

test('PostgreSQL: a port another server took before the cluster bound it is given up for another one', { timeout: 120_000 }, async () => {
  const other = await otherListener();
  const picked = [];
  const pickPort = async () => {
    const port = picked.length === 0 ? other.port : await freePort();
    picked.push(port);
    return port;
  };
  let database;
  try {
    database = await startPostgres({ pickPort });
    assert.deepEqual(picked, [other.port, database.port]);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      assert.equal((await client.query('select 1 as one')).rows[0].one, 1);
    } finally {
      await client.end();
    }
  } finally {
    await database?.close();
    await other.close();
  }
});

test('servers started together: when one cannot start, those that did are closed (no server keeps the run alive)', { timeout: 60_000 }, async () => {
  let started;
  const up = startFastMCP().then((server) => (started = server));
  await assert.rejects(startAll([up, startAppExample('no-such-example')]), /server-no-such-example.*is missing/);
  await assert.rejects(fetch(started.url, { method: 'POST' }), /fetch failed/);
});
