// The schemas that need no rewrite, as real servers list them: FastMCP's (pydantic: ready as
// they are, `schema` crosses as null) and the TypeScript SDK's (zod 4 stamps the root with
// `$schema`: ready but for it, `schema` is written as the inputSchema less that key). Either
// way `schema` is the inputSchema less its root `$schema`, with no warning, and the
// inputSchema stays verbatim.
//
//   bash scripts/build.sh && node --test tests/schema-fast-path.test.mjs

import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { MCPAdapter } from '../pkg/index.node.js';
import { MODERN_FIXTURES } from './helpers/fixture-data.mjs';
import { rawTools } from './helpers/raw.mjs';
import { useServer } from './helpers/servers.mjs';

/** Tools whose input schemas both fixtures write without references or nested objects. */
const PLAIN_TOOLS = ['echo', 'get_weather', 'delete_item', 'tiny_image'];

for (const srv of MODERN_FIXTURES) {
  describe(srv.label, { timeout: 30_000 }, () => {
    const server = useServer(srv.start);
    let listed;
    let raw;

    before(async () => {
      const adapter = new MCPAdapter(server().url);
      listed = new Map((await adapter.listTools()).map((t) => [t.name, t]));
      raw = new Map((await rawTools(server().url)).map((t) => [t.name, t]));
    });

    it('lists plain schemas as the inputSchema less its root $schema, with no warning', () => {
      for (const name of PLAIN_TOOLS) {
        const t = listed.get(name);
        const { $schema, ...unstamped } = raw.get(name).inputSchema;
        assert.deepEqual(t.inputSchema, raw.get(name).inputSchema, `${name} inputSchema verbatim`);
        assert.deepEqual(t.schema, unstamped, `${name} schema`);
        assert.equal(t.metadata.mcp.schema_warnings, undefined, `${name} warnings`);
        if (srv.name === 'ts-fixture' && name !== 'tiny_image') {
          // the case this covers: zod's dialect on the root
          assert.equal(typeof $schema, 'string', `${name}: the TypeScript SDK stamps $schema`);
        }
      }
    });

    it('leaves no root $schema in any tool schema', () => {
      for (const [name, t] of listed) {
        assert.equal(Object.hasOwn(t.schema, '$schema'), false, `${name} schema`);
        assert.equal(t.schema.type, 'object', `${name} schema`);
      }
    });
  });
}
