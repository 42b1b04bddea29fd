// JSON Schema validation of tool results (`outputSchema`) and of edited tool arguments
// (`inputSchema`), loaded only when a call needs it: `await import('./validate.js')`.
// The validator is @cfworker/json-schema (bundled by scripts/build.sh): it interprets
// schemas without generating code, so it runs where `eval` is refused (Cloudflare Workers,
// strict CSP pages), and it never fetches a `$ref` over the network.
import { Validator, format } from '@cfworker/json-schema';

// `format` is an annotation, never checked: JSON Schema 2020-12 (Validation, section 7.2.1,
// "Format-Annotation Vocabulary") makes its assertion an option that is off by default, and
// servers write values their own way (Pydantic's date-times without a UTC offset, which the
// library's `date-time` refuses). A format the library does not know is an annotation already,
// so each it knows is removed from its table (bundled into this module: nobody else's copy).
// Among them was `url` (not a JSON Schema format), a regex that backtracks exponentially.
// scripts/build.sh bundles an empty table in its place (1.6 KB gzipped less).
// Without a prototype, a format named like an Object method (`hasOwnProperty`) is unknown too.
for (const name of Object.keys(format)) delete format[name];
Object.setPrototypeOf(format, null);

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
 * or boolean, nested over 64 levels, with a keyword whose value the validator cannot use
 * (`type: "integr"`, a `required` that is no array of strings, a negative `maxLength`: see
 * `KEYWORDS`), with a `$ref` that is not a pointer into itself
 * (nothing is fetched) or a malformed one (`#/%zz`), with a `pattern` or `patternProperties`
 * regex that is invalid or not provably fast (`regexRisk`), or one the validator refuses (an
 * `$id` that is not a URL); `check` throws one too for an unresolvable `$ref` found only while
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
    checkSchema(schema, draft);
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
      .filter((e) => !/subschema had errors|does not match (associated )?schema|did not match schema/i.test(e.error))
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

const isSchema = (v) => typeof v === 'boolean' || (typeof v === 'object' && v !== null && !Array.isArray(v));
const isMap = (v, entry) => typeof v === 'object' && isSchema(v) && Object.values(v).every(entry);
const isStrings = (v) => Array.isArray(v) && v.every((s) => typeof s === 'string');

/**
 * What the validator needs of each keyword it reads (JSON Schema 2020-12 and draft-07
 * meta-schemas): another value makes it misjudge, often every value (`type: "integr"` fails
 * them all, `required: "id"` asks for `i` and `d`, `maxLength: -1` fails every string,
 * `exclusiveMinimum: true` means 1, `not: 5` fails all) or it throws. Each rule: a test of
 * the value (and whether the draft is 4, whose `exclusiveMinimum` is a boolean), its keywords.
 */
const KEYWORDS = [
  [isSchema, 'not if then else contains propertyNames additionalProperties unevaluatedProperties additionalItems unevaluatedItems'],
  [(v) => isSchema(v) || (Array.isArray(v) && v.every(isSchema)), 'items'],
  [(v) => Array.isArray(v) && v.length > 0 && v.every(isSchema), 'allOf anyOf oneOf prefixItems'],
  [(v) => isMap(v, isSchema), 'properties patternProperties dependentSchemas $defs definitions'],
  [(v) => isMap(v, isStrings), 'dependentRequired'],
  [(v) => isMap(v, (d) => isSchema(d) || isStrings(d)), 'dependencies'],
  [isStrings, 'required'],
  [Array.isArray, 'enum'],
  [(v) => (v = [v].flat()).length > 0 && v.every((t) => 'null boolean object array number integer string'.split(' ').includes(t)), 'type'],
  [(v) => Number.isInteger(v) && v >= 0, 'minLength maxLength minItems maxItems minProperties maxProperties minContains maxContains'],
  [(v) => typeof v === 'number', 'minimum maximum'],
  [(v, draft4) => typeof v === (draft4 ? 'boolean' : 'number'), 'exclusiveMinimum exclusiveMaximum'],
  [(v) => typeof v === 'number' && v > 0, 'multipleOf'],
  [(v) => typeof v === 'boolean', 'uniqueItems'],
  [(v) => typeof v === 'string', 'pattern $ref $id'],
];

/** The keywords of the schema object `node` whose values `KEYWORDS` refuses. */
const misjudged = (node, draft4) => KEYWORDS.flatMap(([usable, keys]) => keys.split(' ').filter((key) => Object.hasOwn(node, key) && !usable(node[key], draft4)));

/** Keywords whose value maps names to schemas: every entry is walked, whatever its name. */
const MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies']);

/**
 * Calls `visit(node, path, map, inScope, trail)` for every schema object of `root` and every
 * map of names to schemas (`map`: its keyword, one of MAPS), depth first: `path` is its JSON
 * Pointer, `trail` the keys and indices to it, `inScope` whether it sits under an `$id`.
 * `const`, `enum`, `default` and `examples` hold data, not schemas (but may name a map's entry;
 * and the validator takes an `examples` that is no array for a schema a `$ref` can use).
 * Throws a `SchemaError` past 64 levels.
 */
function walkSchema(root, visit) {
  const trail = [];
  const walk = (node, depth, scoped, path, map) => {
    if (depth > 64) throw new SchemaError('the schema is nested more than 64 levels deep');
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      node.forEach((item, i) => {
        trail.push(i);
        walk(item, depth + 1, scoped, `${path}/${i}`);
        trail.pop();
      });
      return;
    }
    const inScope = scoped || (!map && node !== root && typeof node.$id === 'string');
    visit(node, path, map, inScope, trail);
    for (const [key, value] of Object.entries(node)) {
      if (map || (key !== 'const' && key !== 'enum' && key !== 'default' && (key !== 'examples' || !Array.isArray(value)))) {
        trail.push(key);
        walk(value, depth + 1, inScope, `${path}/${escapePointer(key)}`, !map && MAPS.has(key) ? key : undefined);
        trail.pop();
      }
    }
  };
  if (typeof root === 'object') walk(root, 0, false, '');
}

/** `key` as one JSON Pointer segment (RFC 6901). */
function escapePointer(key) {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * Throws a `SchemaError` for a keyword whose value `KEYWORDS` refuses, a `$ref` that would
 * need the network (anything but `#…`) or whose `#/json/pointer` names nothing in the schema
 * (`$ref`s under an `$id` resolve against that `$id` and are left to the validator), and for
 * a `pattern` or `patternProperties` regex that `regexRisk` refuses, naming it by its JSON
 * Pointer in the schema.
 */
function checkSchema(root, draft) {
  walkSchema(root, (node, path, map, inScope) => {
    if (map === 'patternProperties') {
      for (const key of Object.keys(node)) checkRegex(key, `${path}/${escapePointer(key)}`);
    }
    if (map) return;
    const [bad] = misjudged(node, draft === '4');
    if (bad) throw new SchemaError(`the keyword at ${path}/${bad} has an invalid value`);
    const ref = node.$ref;
    if (typeof ref === 'string' && !inScope) {
      if (!ref.startsWith('#')) throw new SchemaError(`$ref ${JSON.stringify(ref)} points outside the schema; references are not fetched`);
      if (ref.startsWith('#/') && resolvePointer(root, ref.slice(1)) === undefined) {
        throw new SchemaError(`$ref ${JSON.stringify(ref)} names nothing in the schema`);
      }
    }
    if (typeof node.pattern === 'string') checkRegex(node.pattern, `${path}/pattern`);
  });
}

/**
 * `schema` as another JSON Schema validator may run it on hostile input: unchanged when it
 * holds no regex `checkRegex` refuses, no `format: "url"` (the exponential one of
 * @cfworker/json-schema, see the top of this file) and no keyword whose value that validator
 * would misjudge (`KEYWORDS`, as in 2020-12: `$schema` is not read); otherwise a copy without
 * those `pattern`s, `patternProperties` entries, `url` formats and keywords (what they checked
 * is then not checked, and not shown to a model reading the schema; the server still checks
 * its own). For `toLangChainTools` (langchain.js): LangChain checks a tool call's arguments
 * against the tool's schema itself, with its own copy of that validator. A schema too deep to
 * walk, or not JSON, gives a copy without any `pattern`, `patternProperties` or `url` format,
 * or `{ type: "object" }` when even that cannot be made.
 */
export function runnableSchema(schema) {
  const dropped = [];
  const usable = (source) => {
    try {
      checkRegex(source, '');
      return true;
    } catch {
      return false;
    }
  };
  try {
    walkSchema(schema, (node, _path, map, _inScope, trail) => {
      if (map === 'patternProperties') {
        for (const key of Object.keys(node)) if (!usable(key)) dropped.push([...trail, key]);
      } else if (!map) {
        if (typeof node.pattern === 'string' && !usable(node.pattern)) dropped.push([...trail, 'pattern']);
        if (node.format === 'url') dropped.push([...trail, 'format']);
        for (const key of misjudged(node, false)) dropped.push([...trail, key]);
      }
    });
  } catch {
    try {
      const drop = (key, value) => (key === 'pattern' || key === 'patternProperties' || (key === 'format' && value === 'url') ? undefined : value);
      return JSON.parse(JSON.stringify(schema, drop));
    } catch {
      return { type: 'object' };
    }
  }
  if (dropped.length === 0) return schema;
  const copy = structuredClone(schema);
  // the deepest first: a keyword dropped may hold others
  for (const path of dropped.reverse()) {
    const last = path.pop();
    let at = copy;
    for (const step of path) at = at[step];
    delete at[last];
  }
  return copy;
}

/** Throws a `SchemaError` naming `path` when `source` is no regex (flag `u`) or `regexRisk` refuses it. */
function checkRegex(source, path) {
  try {
    new RegExp(source, 'u'); // parses only, in linear time
  } catch (error) {
    throw new SchemaError(`the regex at ${path} is invalid: ${error.message}`);
  }
  const why = regexRisk(source);
  if (why) throw new SchemaError(`the regex at ${path} may be slow on a hostile string (${why}), so it is not run`);
}

/** A quantifier (`*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, each maybe lazy), matched where `lastIndex` says. */
const QUANTIFIER = /(?:[*+?]|\{(\d+)(,(\d*))?\})\??/y;
/** Most backtracking steps a regex may take per character of the string it tests. */
const STEPS_PER_CHAR = 256;
/** Most backtracking steps in all for a regex anchored by `^` without unbounded repetition. */
const STEPS = 100_000;

/**
 * Why `source` (a valid regex, flag `u`) might take more than linear time on a hostile string
 * under a backtracking engine, or `""` when it cannot. The rule is deliberately simple: no
 * backreference or lookaround; no alternation outside a group; a repeated group repeats no
 * unbounded repetition (no `(a+)+`) and, if unbounded itself, no choice (no `(a|ab)*`);
 * unbounded repetitions (`*`, `+`, `{n,}`) only in a pattern anchored by a leading `^`
 * (unanchored, every start position would re-run them: `a+b` is quadratic), and no two
 * without a separator between them (`^[^@]+@[^@]+$` passes, `^a*a*$` does not). Then
 * every match attempt explores at most `ways` combinations of bounded repetitions and
 * alternatives, each at most `width` characters long, so the search costs at most
 * `ways × width` steps per character of the string (≤ 256), or in all (≤ 100,000) when the
 * pattern is anchored and bounded.
 */
export function regexRisk(source) {
  let i = source[0] === '^' ? 1 : 0;
  let unbounded = 0;
  let open = 0; // unbounded repetitions since the last separator (see below)
  let most = 0; // the most `open` was
  let last; // the previous top-level item's atom when it repeats without bound
  // alternatives up to `)` or the end: `ways` (sum over alternatives of their products), `width` (the widest)
  const alternation = (depth) => {
    let ways = 0;
    let width = 0;
    let altWays = 1;
    let altWidth = 0;
    for (;;) {
      const c = source[i];
      if (c === undefined || c === ')' || c === '|') {
        ways += altWays;
        width = Math.max(width, altWidth);
        if (c !== '|') return { ways, width };
        if (depth === 0) throw 'an alternation outside a group';
        i += 1;
        altWays = 1;
        altWidth = 0;
        continue;
      }
      let inner = { ways: 1, width: 1 };
      const before = unbounded;
      const start = i;
      if (c === '(') {
        if (depth > 8) throw 'groups nested more than 8 deep';
        i += 1;
        if (source[i] === '?') {
          if (source[i + 1] === ':') i += 2;
          else if (source[i + 1] === '<' && source[i + 2] !== '=' && source[i + 2] !== '!') i = source.indexOf('>', i) + 1;
          else throw 'a lookaround or modifier group';
        }
        inner = alternation(depth + 1);
        i += 1; // `)`
      } else if (c === '\\') {
        if (/[1-9k]/.test(source[i + 1])) throw 'a backreference';
        // \p{…}, \u{…}: to the brace; \uXXXX, \xXX, \cX; other escapes: two characters
        const e = source[i + 1];
        i = /[pPu]/.test(e) && source[i + 2] === '{' ? source.indexOf('}', i) + 1 : i + (e === 'u' ? 6 : e === 'x' ? 4 : e === 'c' ? 3 : 2);
      } else if (c === '[') {
        i += 1;
        while (i < source.length && source[i] !== ']') i += source[i] === '\\' ? 2 : 1;
        i += 1;
      } else i += source.codePointAt(i) > 0xffff ? 2 : 1;
      const atom = source.slice(start, i);
      QUANTIFIER.lastIndex = i;
      const quantifier = QUANTIFIER.exec(source);
      let [min, max] = [1, 1];
      if (quantifier) {
        i = QUANTIFIER.lastIndex;
        const [q, low, comma, high] = quantifier;
        if (q[0] === '{') [min, max] = [Number(low), comma ? (high === '' ? Infinity : Number(high)) : Number(low)];
        else [min, max] = [q[0] === '+' ? 1 : 0, q[0] === '?' ? 1 : Infinity];
      }
      if (max > 1 && unbounded > before) throw 'a repeated group with an unbounded repetition inside';
      // A separator, one fixed character right after an unbounded repetition that cannot match
      // it (`[^@]+@`), ends that repetition's say: it stops where the separator is, and giving
      // characters back fails at once, so what follows is tried once per way before it.
      if (depth === 0 && !quantifier && last !== undefined && /^(?:[^\\^$.|?*+()[\]{}]|\\[^\dA-Za-z])$/.test(atom)) {
        if (!new RegExp(`^(?:${last})$`, 'u').test(atom.at(-1))) open = 0;
      }
      if (depth === 0) last = max === Infinity && c !== '(' ? atom : undefined;
      if (max === Infinity) {
        if (inner.ways > 1) throw 'an unbounded repetition of a choice';
        unbounded += 1;
        open += 1;
        most = Math.max(most, open);
        altWidth += (min + 1) * inner.width;
      } else {
        let repeats = 0;
        for (let n = min; n <= max && repeats <= STEPS; n += 1) repeats += inner.ways ** n;
        altWays *= repeats;
        altWidth += max * inner.width;
      }
    }
  };
  try {
    const { ways, width } = alternation(0);
    const anchored = source[0] === '^';
    if (anchored ? most > 1 : unbounded) return anchored ? 'more than one unbounded repetition without a separator between' : 'an unbounded repetition without a leading ^';
    if (!(ways * Math.max(width, 1) <= (anchored && !unbounded ? STEPS : STEPS_PER_CHAR))) return 'too many ways to backtrack';
    return '';
  } catch (why) {
    return why;
  }
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
