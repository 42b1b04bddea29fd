// JSON Schema validation of tool results (`outputSchema`) and of edited tool arguments
// (`inputSchema`), loaded only when a call needs it: `await import('./validate.js')`.
// The validator is @cfworker/json-schema (bundled by scripts/build.sh): it interprets
// schemas without generating code, so it runs where `eval` is refused (Cloudflare Workers,
// strict CSP pages), and it never fetches a `$ref` over the network.
import { Validator } from '@cfworker/json-schema';

/** The drafts a `$schema` URI can name; anything else (or none) is validated as 2020-12, MCP's default dialect. */
const DRAFTS = [
  ['draft-04', '4'],
  ['draft-07', '7'],
  ['2019-09', '2019-09'],
  ['2020-12', '2020-12'],
];

/** Most errors reported per value; a deep mismatch can produce thousands. */
const MAX_ERRORS = 8;

/**
 * Compiles `schema` (an object or a boolean) into `check(value)`, which returns `[]` when the
 * value is valid and otherwise up to 8 `{ path, message }` entries, deepest first: `path` is
 * a JSON Pointer into the value (`""` for the root, `"/items/0/id"`), `message` says why.
 * Throws a `SchemaError` (its message says why) when the schema cannot be used: not an object
 * or boolean, nested over 64 levels, with a `$ref` that is not a pointer into itself
 * (nothing is fetched) or a malformed one (`#/%zz`), or one the validator refuses (an `$id`
 * that is not a URL); `check` throws one too for an unresolvable `$ref` found only while
 * validating (one under an `$id`).
 */
export function compileSchema(schema) {
  if (typeof schema !== 'boolean' && (schema === null || typeof schema !== 'object' || Array.isArray(schema))) {
    throw new SchemaError('the schema is not a JSON object or boolean');
  }
  const uri = typeof schema === 'object' && typeof schema.$schema === 'string' ? schema.$schema : '';
  const draft = DRAFTS.find(([mark]) => uri.includes(mark))?.[1] ?? '2020-12';
  let validator;
  try {
    checkReferences(schema);
    validator = new Validator(schema, draft, false);
  } catch (error) {
    // the validator's own failures on a malformed schema (an `$id` that is no URL: TypeError)
    if (error instanceof SchemaError) throw error;
    throw new SchemaError(error instanceof Error ? error.message : String(error));
  }
  return (value) => {
    let result;
    try {
      result = validator.validate(value);
    } catch (error) {
      // a reference the walk below could not see (one under a `$id`) fails only here
      throw new SchemaError(error instanceof Error ? error.message : String(error));
    }
    if (result.valid) return [];
    // the validator lists outer failures ("property x does not match") before the inner
    // ones that say why; the deepest are the useful ones
    return result.errors
      .filter((e) => !/subschema had errors|does not match schema|did not match schema/i.test(e.error))
      .sort((a, b) => b.instanceLocation.length - a.instanceLocation.length)
      .slice(0, MAX_ERRORS)
      .map((e) => ({ path: pointer(e.instanceLocation), message: e.error }));
  };
}

/** The schema itself cannot be used (thrown by `compileSchema`, or by `check` for a reference found late). */
export class SchemaError extends Error {
  constructor(message) {
    super(message);
    this.name = 'SchemaError';
  }
}

/**
 * Throws a `SchemaError` for a `$ref` that would need the network (anything but `#…`) or
 * whose `#/json/pointer` names nothing in the schema. `$ref`s under an `$id` resolve against
 * that `$id` and are left to the validator.
 */
function checkReferences(root) {
  const walk = (node, depth, scoped) => {
    if (depth > 64) throw new SchemaError('the schema is nested more than 64 levels deep');
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const item of node) walk(item, depth + 1, scoped);
      return;
    }
    const inScope = scoped || (node !== root && typeof node.$id === 'string');
    const ref = node.$ref;
    if (typeof ref === 'string' && !inScope) {
      if (!ref.startsWith('#')) throw new SchemaError(`$ref ${JSON.stringify(ref)} points outside the schema; references are not fetched`);
      if (ref.startsWith('#/') && resolvePointer(root, ref.slice(1)) === undefined) {
        throw new SchemaError(`$ref ${JSON.stringify(ref)} names nothing in the schema`);
      }
    }
    for (const [key, value] of Object.entries(node)) {
      // `const`, `enum`, `default` and `examples` hold data, not schemas
      if (key !== 'const' && key !== 'enum' && key !== 'default' && key !== 'examples') walk(value, depth + 1, inScope);
    }
  };
  if (typeof root === 'object') walk(root, 0, false);
}

/** The value at a JSON Pointer (RFC 6901; the `#` fragment's percent-encoding undone), or undefined. */
function resolvePointer(root, path) {
  let at = root;
  for (const raw of path.split('/').slice(1)) {
    let key;
    try {
      key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    } catch {
      return undefined; // a malformed percent-encoding (`%zz`) names nothing
    }
    if (at === null || typeof at !== 'object' || !Object.hasOwn(at, key)) return undefined;
    at = at[key];
  }
  return at;
}

/** `"#/a/0"` (the validator's instance location) as the JSON Pointer `"/a/0"`. */
function pointer(location) {
  return location.startsWith('#') ? location.slice(1) : location;
}
