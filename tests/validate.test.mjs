// The JSON Schema validator chunk (pkg/validate.js) that output and edited-argument checks
// load on demand: drafts by `$schema`, paths as JSON Pointers, and schemas it refuses; a
// server's regexes (pattern, patternProperties, formats) that may backtrack without bound are
// never run, against a scripted fake server (hostile content) and the TypeScript SDK fixture.
import { describe, it, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { compileSchema, regexRisk, SchemaError, runnableSchema } from '../pkg/validate.js';
import { MCPAdapter } from '../pkg/index.node.js';
import { startTsServer, useServer } from './helpers/servers.mjs';

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

test('a keyword whose value the validator would misjudge makes the schema unusable, named by its path in the schema', () => {
  // each would fail every value, check something else, or throw on some values only
  for (const [keyword, value, path = `/properties/a/${keyword}`] of [
    ['type', 'integr'],
    ['type', []],
    ['type', ['string', 'float']],
    ['type', 5],
    ['required', 'id'],
    ['required', [1]],
    ['enum', 'abc'],
    ['maxLength', -1],
    ['minLength', '3'],
    ['minItems', 1.5],
    ['maxProperties', null],
    ['minimum', '0'],
    ['exclusiveMinimum', true],
    ['multipleOf', 0],
    ['uniqueItems', 'false'],
    ['pattern', 5],
    ['not', 5],
    ['items', null],
    ['anyOf', []],
    ['allOf', {}],
    ['oneOf', [1]],
    ['properties', 'abc'],
    ['properties', { b: 5 }],
    ['patternProperties', []],
    ['dependentRequired', { b: 'c' }],
    ['dependencies', { b: 5 }],
    ['$ref', 5],
  ]) {
    const schema = { type: 'object', properties: { a: { [keyword]: value } } };
    assert.throws(() => compileSchema(schema), (error) => error instanceof SchemaError && error.message === `the keyword at ${path} has an invalid value`, JSON.stringify(schema));
  }
  // at the root, in a $defs entry, in an array of schemas
  for (const [schema, path] of [
    [{ required: 'id' }, '/required'],
    [{ $defs: { n: { type: 'integr' } } }, '/$defs/n/type'],
    [{ anyOf: [{ type: 'string' }, { maxLength: -2 }] }, '/anyOf/1/maxLength'],
  ]) {
    assert.throws(() => compileSchema(schema), { message: `the keyword at ${path} has an invalid value` });
  }
});

test('the values each draft allows are kept and judged as they say', () => {
  // draft-04: exclusiveMinimum is a boolean beside minimum; later drafts: a number
  const draft4 = compileSchema({ $schema: 'http://json-schema.org/draft-04/schema#', minimum: 0, exclusiveMinimum: true });
  assert.deepEqual([draft4(1), draft4(0).length], [[], 1]);
  assert.throws(() => compileSchema({ $schema: 'http://json-schema.org/draft-04/schema#', exclusiveMinimum: 0 }), SchemaError);
  const check = compileSchema({
    type: ['object', 'null'],
    properties: {
      pair: { items: [{ type: 'string' }, true] },
      n: { type: 'integer', exclusiveMinimum: 0, multipleOf: 0.5, maxLength: 0 },
      s: { type: 'string', minLength: 0, format: 'hasOwnProperty' },
      list: { type: 'array', uniqueItems: true, contains: { const: 1 }, minContains: 1 },
    },
    required: [],
    enum: [null, { n: 2 }, { pair: ['a', 1] }, { s: 'x' }, { list: [1, 2] }, { n: 0 }],
    dependentRequired: { a: ['b'] },
    dependencies: { c: ['d'], e: { required: ['f'] } },
  });
  for (const ok of [null, { n: 2 }, { pair: ['a', 1] }, { s: 'x' }, { list: [1, 2] }]) assert.deepEqual(check(ok), [], JSON.stringify(ok));
  assert.deepEqual(check({ n: 0 }).map((e) => e.path), ['/n']);
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

/**
 * Runs, in a child process (a freeze would block this one), one call to a fake server's tool
 * `hostile` whose outputSchema is `schema` and whose structuredContent is `content` (JS
 * source, evaluated in the child: a long string would not fit on its command line): the
 * hostile input is the two together, so the scripted fake server sends them. Gives the
 * child's `{ signal, status, stderr, out }`, `out` the call's status (or error code) and the
 * warnings, as JSON.
 */
function callHostile(schema, content) {
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', `
    import { startFake } from ${JSON.stringify(new URL('./helpers/fake-server.mjs', import.meta.url).href)};
    import { MCPAdapter } from ${JSON.stringify(new URL('../pkg/index.node.js', import.meta.url).href)};
    const fake = await startFake({
      'tools/list': (ctx) => ctx.result({ resultType: 'complete', tools: [{ name: 'hostile', inputSchema: { type: 'object' }, outputSchema: ${JSON.stringify(schema)} }] }),
      hostile: (ctx) => ctx.result({ resultType: 'complete', content: [{ type: 'text', text: 'ok' }], structuredContent: ${content} }),
    });
    const warnings = [];
    const adapter = new MCPAdapter(fake.url, { timeoutMs: 1000, onWarning: (text) => warnings.push(text) });
    await adapter.listTools();
    const status = await adapter.callTool('hostile', {}).then((r) => r.status, (e) => e.code);
    console.log(JSON.stringify({ status, warnings }));
    await fake.close();
    process.exit(0);
  `], { encoding: 'utf8', timeout: 5_000, maxBuffer: 1 << 20 });
  const { signal, status, stderr, stdout } = child;
  return { signal, status, stderr, out: status === 0 ? JSON.parse(stdout) : undefined };
}

for (const [what, schema, content, warned] of [
  // exponential: 40 a's and a '!' block V8's backtracking engine for hours (28 a's: 16 s)
  ['a pattern with a repeated group that repeats', { type: 'object', properties: { a: { type: 'string', pattern: '^(a+)+$' } } }, "{ a: 'a'.repeat(40) + '!' }", '/properties/a/pattern'],
  ['a patternProperties regex, run on the property names', { type: 'object', patternProperties: { '^(a|aa)+$': { type: 'string' } } }, "{ ['a'.repeat(40) + '!']: 1 }", '/patternProperties/^(a|aa)+$'],
  // polynomial counts too: unanchored, `a+b` tries every start position (300,000 a's: a minute)
  ['an unanchored unbounded pattern', { type: 'object', properties: { a: { type: 'string', pattern: 'a+b' } } }, "{ a: 'a'.repeat(300000) }", '/properties/a/pattern'],
  ['two unbounded repetitions that overlap', { type: 'object', properties: { a: { type: 'string', pattern: '^[a-z]+[a-z0-9]*$' } } }, "{ a: 'a'.repeat(300000) + '!' }", '/properties/a/pattern'],
  // the validator's own `url` format regex backtracks exponentially; it is an unknown format now
  ['the validator\'s "url" format', { type: 'object', properties: { a: { type: 'string', format: 'url' } } }, "{ a: 'http://' + 'a'.repeat(40) + '!' }", null],
]) {
  test(`${what} from a server cannot freeze the host: the call settles at once`, { timeout: 30_000 }, () => {
    const { signal, status, stderr, out } = callHostile(schema, content);
    assert.equal(signal, null, 'the call had not settled 5 s after it started (timeoutMs: 1000): the child was killed');
    assert.equal(status, 0, stderr);
    assert.equal(out.status, 'success');
    if (warned === null) assert.deepEqual(out.warnings, []);
    else {
      assert.equal(out.warnings.length, 1, JSON.stringify(out.warnings));
      assert.ok(out.warnings[0].includes(`the regex at ${warned} may be slow on a hostile string`), out.warnings[0]);
    }
  });
}

test('regexRisk passes patterns whose backtracking is bounded and says why it refuses the others', () => {
  for (const safe of [
    '^[a-z]+$', '^\\d{4}-\\d{2}-\\d{2}$', '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
    '^(?:\\d{1,3}\\.){3}\\d{1,3}$', '^https?://.+$', '^(foo|bar)$', '^(?<year>\\d{4})-(?<month>\\d{2})$',
    '^([a-z]+)$', '\\d{3}-\\d{4}', '^x-', '^\\p{L}+$', '^[\\]a]+$', '^(?:ab)+$', 'a{0,0}', '@', '',
    // unbounded repetitions each ended by a separator they cannot match
    '^[^@]+@[^@]+$', '^\\w+@\\w+\\.\\w+$', '^[a-z]+-[0-9]+$', '^\\p{L}*\\/\\d+$', '^😀+@😀+$',
  ]) assert.equal(regexRisk(safe), '', safe);
  for (const [risky, why] of [
    ['^(a+)+$', /repeated group with an unbounded repetition inside/],
    ['^([a-z]+)*$', /repeated group with an unbounded repetition inside/],
    ['(a|a)*', /unbounded repetition of a choice/],
    ['^(a|ab)*$', /unbounded repetition of a choice/],
    ['^(?:a?){2,}$', /unbounded repetition of a choice/],
    ['a+b', /unbounded repetition without a leading \^/],
    ['^.*$|x', /alternation outside a group/],
    ['^a*a*$', /more than one unbounded repetition without a separator between/],
    // a separator the repetition before it can match, or that repeats, separates nothing
    ['^[^@]+@[^@]+\\.[^@]+$', /more than one unbounded repetition/],
    ['^\\x40+@\\x40+$', /more than one unbounded repetition/],
    ['^\\u0040+@\\u{40}+$', /more than one unbounded repetition/],
    ['^a+b?a+$', /more than one unbounded repetition/],
    ['^([a-z]+)@([a-z]+)$', /more than one unbounded repetition/],
    ['^[a-z]+(-[a-z]+)*$', /repeated group with an unbounded repetition inside/],
    ['^[a-z]+[a-z0-9]*$', /more than one unbounded repetition/],
    ['^(?:|a){0,1000}$', /too many ways/],
    ['^(?:a|b|c){0,12}x$', /too many ways/],
    ['x{1,300}', /too many ways/],
    [`^a{${'9'.repeat(400)},}$`, /too many ways/],
    ['(\\w)\\1', /backreference/],
    ['(?<c>.)\\k<c>', /backreference/],
    ['(?=a)a', /lookaround/],
    ['(?<!a)b', /lookaround/],
  ]) assert.match(regexRisk(risky), why, risky);
});

test('a regex that is invalid or may be slow makes the schema unusable, named by its path in the schema, wherever it is', () => {
  for (const [schema, why] of [
    [{ properties: { a: { pattern: '^(a+)+$' } } }, /^the regex at \/properties\/a\/pattern may be slow on a hostile string \(.*\), so it is not run$/],
    [{ items: [{ propertyNames: { pattern: 'a*b' } }] }, /at \/items\/0\/propertyNames\/pattern may be slow/],
    [{ patternProperties: { 'a/~+': {} } }, /at \/patternProperties\/a~1~0\+ may be slow/],
    // a property named like a data keyword is a schema all the same
    [{ properties: { const: { pattern: '(a|a)*' } } }, /at \/properties\/const\/pattern may be slow/],
    [{ $defs: { enum: { patternProperties: { '(a|a)*': {} } } } }, /at \/\$defs\/enum\/patternProperties\/\(a\|a\)\* may be slow/],
    // the validator resolves a `$ref` to an `examples` object, so it is walked too
    [{ examples: { pattern: '(a|a)*' }, properties: { a: { $ref: '#/examples' } } }, /at \/examples\/pattern may be slow/],
    [{ properties: { a: { pattern: '(' } } }, /^the regex at \/properties\/a\/pattern is invalid: .*Unterminated group/],
  ]) {
    assert.throws(() => compileSchema(schema), (error) => error instanceof SchemaError && why.test(error.message), JSON.stringify(schema));
  }
  // data is not a schema: a `pattern` inside const or enum is never run
  assert.deepEqual(compileSchema({ properties: { a: { const: { pattern: '(a+)+' } } } })({ a: { pattern: '(a+)+' } }), []);
});

test('a safe pattern and patternProperties are still checked; format is an annotation (2020-12, section 7.2.1)', () => {
  const check = compileSchema({
    properties: {
      a: { type: 'string', pattern: '^[0-9]+$' },
      d: { type: 'string', format: 'date' },
      t: { type: 'string', format: 'date-time' },
      u: { type: 'string', format: 'url' },
    },
    patternProperties: { '^x-': { type: 'number' } },
  });
  assert.deepEqual(check({ a: '12', d: '2026-11-30', t: '2026-07-28T09:30:00Z', 'x-b': 1 }), []);
  assert.deepEqual(check({ a: '12a', d: '2026-13-01', t: '2026-07-28T09:30:00', u: 'http://' + 'a'.repeat(40) + '!', 'x-b': 's' }).map((e) => `${e.path} ${e.message}`).sort(), [
    '/a String does not match pattern.',
    '/x-b Instance type "string" is invalid. Expected "number".',
  ]);
});

describe('regexes in an outputSchema against a real server (TypeScript SDK fixture, `reading`)', { timeout: 30_000 }, () => {
  const server = useServer(() => startTsServer());

  /** An adapter whose fetch gives the listed `reading` the outputSchema `edit(schema)` returns, and its warnings. */
  async function withSchema(edit) {
    const editing = async (url, init) => {
      const response = await fetch(url, init);
      if (!String(init?.body).includes('"tools/list"')) return response;
      const message = await response.json();
      const reading = message.result.tools.find((t) => t.name === 'reading');
      reading.outputSchema = edit(structuredClone(reading.outputSchema));
      return Response.json(message, { status: response.status });
    };
    const warnings = [];
    const adapter = new MCPAdapter(server().url, { fetch: editing, onWarning: (text) => warnings.push(text) });
    await adapter.listTools();
    return { adapter, warnings };
  }

  it('a safe pattern is checked: a match passes, a mismatch is an error result naming the path', async () => {
    const matching = await withSchema((schema) => ({ ...schema, properties: { ...schema.properties, sensor: { type: 'string', pattern: '^[a-z]+$' } } }));
    assert.equal((await matching.adapter.callTool('reading', { mode: 'valid' })).status, 'success');
    const digits = await withSchema((schema) => ({ ...schema, properties: { ...schema.properties, sensor: { type: 'string', pattern: '^[0-9]+$' } } }));
    const out = await digits.adapter.callTool('reading', { mode: 'valid' });
    assert.equal(out.status, 'error');
    assert.match(out.content[0].text, /does not match its outputSchema: \/sensor: String does not match pattern/);
    assert.deepEqual([...matching.warnings, ...digits.warnings], []);
  });

  it('a safe patternProperties regex is checked: `celsius` (a number) must be a string', async () => {
    const { adapter, warnings } = await withSchema((schema) => ({ ...schema, patternProperties: { '^c': { type: 'string' } } }));
    const out = await adapter.callTool('reading', { mode: 'valid' });
    assert.equal(out.status, 'error');
    assert.match(out.content[0].text, /\/celsius: [^;]*"number"[^;]*"string"/);
    assert.deepEqual(warnings, []);
  });

  it('a pattern that may be slow turns checking off for the tool with one warning naming it; results come back', async () => {
    const { adapter, warnings } = await withSchema((schema) => ({ ...schema, properties: { ...schema.properties, sensor: { type: 'string', pattern: '^([a-z]+)*$' } } }));
    for (const mode of ['valid', 'invalid']) assert.equal((await adapter.callTool('reading', { mode })).status, 'success');
    assert.equal(warnings.length, 1, JSON.stringify(warnings));
    assert.match(warnings[0], /the outputSchema of tool "reading" cannot be used \(the regex at \/properties\/sensor\/pattern may be slow on a hostile string \(a repeated group with an unbounded repetition inside\), so it is not run\); its results are not validated$/);
  });
});

describe('runnableSchema: the schema another validator (LangChain\'s) may run', () => {
  it('gives a schema without refused regexes back as it is', () => {
    const schema = { type: 'object', properties: { a: { type: 'string', pattern: '^[a-z]+$', format: 'email' } }, patternProperties: { '^x-[a-z]+$': { type: 'string' } } };
    assert.equal(runnableSchema(schema), schema);
  });

  it('leaves out, in a copy, each refused pattern, patternProperties entry and url format, and nothing else', () => {
    const schema = {
      type: 'object',
      properties: {
        a: { type: 'string', pattern: '^(a+)+$', minLength: 1 },
        b: { type: 'string', pattern: '^[a-z]+$' },
        c: { type: 'array', items: { type: 'string', format: 'url' } },
        pattern: { type: 'string' }, // a property named like the keyword stays
      },
      patternProperties: { '(a|ab)*': { type: 'string' }, '^y-[0-9]+$': { type: 'number' } },
    };
    const before = structuredClone(schema);
    const out = runnableSchema(schema);
    assert.deepEqual(schema, before, 'the given schema is not changed');
    assert.deepEqual(out, {
      type: 'object',
      properties: { a: { type: 'string', minLength: 1 }, b: { type: 'string', pattern: '^[a-z]+$' }, c: { type: 'array', items: { type: 'string' } }, pattern: { type: 'string' } },
      patternProperties: { '^y-[0-9]+$': { type: 'number' } },
    });
  });

  it('leaves out, in a copy, each keyword whose value the validator would misjudge, those inside it too', () => {
    const schema = {
      type: 'object',
      properties: { a: { type: 'integr' }, b: { type: 'string', maxLength: -1, minLength: 1 } },
      required: 'a',
      $defs: { x: 5, y: { not: { pattern: '(a+)+' } } },
    };
    assert.deepEqual(runnableSchema(schema), { type: 'object', properties: { a: {}, b: { type: 'string', minLength: 1 } } });
    // as in 2020-12: LangChain's schema has no $schema, so draft-04's boolean is dropped
    assert.deepEqual(runnableSchema({ minimum: 0, exclusiveMinimum: true }), { minimum: 0 });
  });

  it('a schema too deep to walk loses every pattern', () => {
    let deep = { type: 'string', pattern: '^[a-z]+$' };
    for (let i = 0; i < 70; i++) deep = { type: 'object', properties: { n: deep } };
    const out = runnableSchema(deep);
    assert.doesNotMatch(JSON.stringify(out), /pattern/);
  });
});
