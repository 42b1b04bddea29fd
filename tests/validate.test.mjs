// The JSON Schema validator chunk (pkg/validate.js) that output and edited-argument checks
// load on demand: drafts by `$schema`, paths as JSON Pointers, and schemas it refuses.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { compileSchema, SchemaError } from '../pkg/validate.js';

test('a valid value gives no errors, an invalid one the deepest paths and why', () => {
  const check = compileSchema({
    type: 'object',
    properties: { id: { type: 'integer', minimum: 1 }, tags: { type: 'array', items: { type: 'string' } } },
    required: ['id'],
  });
  assert.deepEqual(check({ id: 3, tags: ['a'] }), []);
  const errors = check({ id: 0, tags: ['a', 7] });
  assert.deepEqual(errors.map((e) => e.path), ['/tags/1', '/id']);
  assert.match(errors[0].message, /number.*string/i);
  assert.deepEqual(check({}).map((e) => e.path), ['']);
  assert.match(check({})[0].message, /required property "id"/);
});

test('the draft is taken from $schema: draft-07 definitions, 2020-12 $defs and prefixItems', () => {
  const draft7 = compileSchema({
    $schema: 'http://json-schema.org/draft-07/schema#',
    definitions: { name: { type: 'string' } },
    properties: { name: { $ref: '#/definitions/name' }, pair: { items: [{ type: 'string' }, { type: 'number' }] } },
  });
  assert.deepEqual(draft7({ name: 'x', pair: ['a', 1] }), []);
  assert.deepEqual(draft7({ name: 1 }).map((e) => e.path), ['/name']);
  assert.deepEqual(draft7({ pair: ['a', 'b'] }).map((e) => e.path), ['/pair/1']);
  const current = compileSchema({ $defs: { n: { type: 'number' } }, properties: { pair: { prefixItems: [{ type: 'string' }, { $ref: '#/$defs/n' }] } } });
  assert.deepEqual(current({ pair: ['a', 'b'] }).map((e) => e.path), ['/pair/1']);
});

test('boolean schemas are schemas', () => {
  assert.deepEqual(compileSchema(true)({ any: 1 }), []);
  assert.equal(compileSchema(false)(1).length, 1);
});

test('a schema that cannot be used is a SchemaError when compiled, and nothing is fetched', () => {
  for (const [schema, why] of [
    [null, /not a JSON object/],
    [[{ type: 'string' }], /not a JSON object/],
    [{ properties: { a: { $ref: '#/$defs/missing' } } }, /names nothing/],
    [{ properties: { a: { $ref: 'https://example.com/schema.json' } } }, /outside the schema/],
    [{ properties: { a: { $ref: 'other.json#/x' } } }, /outside the schema/],
    // malformed: a percent-encoding decodeURIComponent refuses, an $id that is no URL
    [{ properties: { a: { $ref: '#/%zz' } } }, /names nothing/],
    [{ $defs: { '%': { type: 'string' } }, properties: { a: { $ref: '#/$defs/%' } } }, /names nothing/],
    [{ $id: 'http://[bad', type: 'object' }, /Invalid URL/],
  ]) {
    assert.throws(() => compileSchema(schema), (error) => error instanceof SchemaError && why.test(error.message), JSON.stringify(schema));
  }
});

test('a pointer with escaped and percent-encoded segments resolves; data keywords are not walked as schemas', () => {
  const check = compileSchema({
    $defs: { 'a/b': { type: 'string' }, 'c d': { type: 'number' } },
    properties: { x: { $ref: '#/$defs/a~1b' }, y: { $ref: '#/$defs/c%20d' }, z: { const: { $ref: 'not-a-reference' } } },
  });
  assert.deepEqual(check({ x: 's', y: 1, z: { $ref: 'not-a-reference' } }), []);
  assert.deepEqual(check({ x: 1, y: 's' }).map((e) => e.path).sort(), ['/x', '/y']);
});

test('at most eight errors are reported for a value with many', () => {
  const check = compileSchema({ type: 'array', items: { type: 'string' } });
  assert.equal(check(Array.from({ length: 100 }, (_, i) => i)).length, 8);
});

test('a schema nested beyond 64 levels is refused, not walked', () => {
  let schema = { type: 'string' };
  for (let i = 0; i < 100; i += 1) schema = { properties: { a: schema } };
  assert.throws(() => compileSchema(schema), SchemaError);
});

test(
  "a server's outputSchema pattern with catastrophic backtracking cannot freeze the host past the call's timeoutMs",
  { timeout: 30_000, todo: "an outputSchema's `pattern` runs as a RegExp on the server's structuredContent on the host's one thread, unbounded: ^(a+)+$ on 40 a's and a '!' blocks it for hours (28 a's: 16 s), and no timeoutMs or signal can fire meanwhile" },
  () => {
    // In a child process (it would block this one), against the scripted fake server: the
    // hostile input is the schema and the content the server sends together.
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', `
      import { startFake } from ${JSON.stringify(new URL('./helpers/fake-server.mjs', import.meta.url).href)};
      import { MCPAdapter } from ${JSON.stringify(new URL('../pkg/index.node.js', import.meta.url).href)};
      const fake = await startFake({
        'tools/list': (ctx) => ctx.result({ resultType: 'complete', tools: [{ name: 'redos', inputSchema: { type: 'object' },
          outputSchema: { type: 'object', properties: { a: { type: 'string', pattern: '^(a+)+$' } } } }] }),
        redos: (ctx) => ctx.result({ resultType: 'complete', content: [{ type: 'text', text: 'ok' }], structuredContent: { a: 'a'.repeat(40) + '!' } }),
      });
      const adapter = new MCPAdapter(fake.url, { timeoutMs: 1000 });
      await adapter.listTools();
      const out = await adapter.callTool('redos', {}).then((r) => r.status, (e) => e.code);
      console.log(out);
      await fake.close();
      process.exit(0);
    `], { encoding: 'utf8', timeout: 5_000 });
    assert.equal(child.signal, null, 'the call had not settled 5 s after it started (timeoutMs: 1000): the child was killed');
    assert.equal(child.status, 0, child.stderr);
  },
);
