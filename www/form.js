// Forms generated from JSON Schemas: a tool's input schema (its LLM-ready `schema`, local
// `$ref`s already inlined by the adapter) and an elicitation's `requested_schema`.
//
// `schemaForm(schema, initial)` renders strings, numbers, integers, booleans, enums (one of,
// and many of for arrays of enums), arrays, nested objects and required marks; whatever it
// cannot render (unions, maps, tuples) gets a raw-JSON field, and the whole form can be
// switched to raw JSON. `read()` gives the value; it checks only that JSON fields parse and
// that required fields are filled in (a tool call's arguments go out as they are: nobody
// else checks them before the server), so that otherwise the adapter's and the server's own
// checks are what the page shows.
import { el } from './render.js';

/** The error `read()` throws for required fields left empty: `missing` names them (`profile.name`). */
export function missingError(missing) {
  return Object.assign(new Error(`required, but left empty: ${missing.join(', ')}`), { missing });
}

/** `value`, or for a required field left empty (`value` undefined) a `missingError`, unless `partial`. */
function given(value, name, required, partial) {
  if (value === undefined && required && !partial) throw missingError([name]);
  return value;
}

/** The type of a schema: its `type` (the first non-null one), or what its shape implies. */
function typeOf(schema) {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type) return type;
  if (schema.properties) return 'object';
  if (Array.isArray(schema.enum)) return 'enum';
  return undefined;
}

/** `{ anyOf: [X, { type: "null" }] }` (an optional value, as Pydantic writes it) as X. */
function unwrapOptional(schema) {
  const options = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(options) && !options.every((o) => 'const' in o)) {
    const real = options.filter((o) => o.type !== 'null');
    if (real.length === 1) return { ...schema, ...real[0], anyOf: undefined, oneOf: undefined };
  }
  return schema;
}

/** The options of a single- or multi-select: `[{ value, label }]`, or undefined. */
function choicesOf(schema) {
  if (Array.isArray(schema.enum)) return schema.enum.map((value, i) => ({ value, label: String(schema.enumNames?.[i] ?? value) }));
  const options = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(options) && options.length && options.every((o) => 'const' in o)) {
    return options.map((o) => ({ value: o.const, label: String(o.title ?? o.const) }));
  }
  return undefined;
}

/** A label with the field's title (or name), a required mark and its description. */
function label(name, schema, required) {
  const title = schema.title ?? name;
  return el('span', { className: 'label' }, [
    title,
    required ? el('abbr', { className: 'required', title: 'required' }, '*') : '',
    schema.description ? el('small', { className: 'description' }, ` ${schema.description}`) : '',
  ]);
}

/**
 * One field for `schema`: `{ element, read }`, where `read(partial)` returns the value or
 * `undefined` (left empty: omitted), and throws an Error for text that should be JSON or,
 * unless `partial` (what has been filled in so far), a `missingError` for a required field
 * left empty.
 */
function field(name, rawSchema, initial, required) {
  const schema = unwrapOptional(rawSchema ?? {});
  const start = initial !== undefined ? initial : schema.default;
  const type = typeOf(schema);
  const choices = choicesOf(schema);
  const path = name;

  if (type === 'object' && schema.properties && !schema.additionalProperties) return objectField(name, schema, start, required);

  if (type === 'array') {
    const items = unwrapOptional(schema.items ?? {});
    const itemChoices = choicesOf(items);
    if (itemChoices) {
      // many of: one checkbox per option
      const boxes = itemChoices.map((c) => {
        const box = el('input', { type: 'checkbox', checked: Array.isArray(start) && start.includes(c.value) });
        return { c, box, element: el('label', { className: 'choice' }, [box, ` ${c.label}`]) };
      });
      return {
        element: el('fieldset', { className: 'field multi', dataset: { field: path } }, [el('legend', {}, label(name, schema, required)), ...boxes.map((b) => b.element)]),
        read: () => {
          const picked = boxes.filter((b) => b.box.checked).map((b) => b.c.value);
          return picked.length || required ? picked : undefined;
        },
      };
    }
    if (['string', 'number', 'integer', 'boolean', 'object'].includes(typeOf(items)) && !Array.isArray(schema.items)) return arrayField(name, schema, items, start, required);
  }

  if (choices) {
    const select = el('select', { name: path }, [
      required && start !== undefined ? '' : el('option', { value: '' }, '—'),
      ...choices.map((c, i) => el('option', { value: String(i), selected: start !== undefined && c.value === start }, c.label)),
    ]);
    return {
      element: el('label', { className: 'field', dataset: { field: path } }, [label(name, schema, required), select]),
      read: (partial) => given(select.value === '' ? undefined : choices[Number(select.value)].value, name, required, partial),
    };
  }

  if (type === 'boolean') {
    const box = el('input', { type: 'checkbox', name: path, checked: start === true });
    let touched = start !== undefined;
    box.addEventListener('change', () => (touched = true));
    return {
      element: el('label', { className: 'field check', dataset: { field: path } }, [box, ' ', label(name, schema, required)]),
      read: () => (touched || required ? box.checked : undefined),
    };
  }

  if (type === 'number' || type === 'integer') {
    const input = el('input', { type: 'number', name: path, step: type === 'integer' ? '1' : 'any', value: start ?? '' });
    if (schema.minimum !== undefined) input.min = schema.minimum;
    if (schema.maximum !== undefined) input.max = schema.maximum;
    return {
      element: el('label', { className: 'field', dataset: { field: path } }, [label(name, schema, required), input]),
      read: (partial) => given(input.value.trim() === '' ? undefined : Number(input.value), name, required, partial),
    };
  }

  if (type === 'string') {
    const kind = { date: 'date', email: 'email', uri: 'url', 'date-time': 'text' }[schema.format] ?? 'text';
    const long = (schema.maxLength ?? 0) > 200;
    const input = el(long ? 'textarea' : 'input', { name: path, value: start ?? '' });
    if (!long) input.type = kind;
    return {
      element: el('label', { className: 'field', dataset: { field: path } }, [label(name, schema, required), input]),
      read: (partial) => given(input.value === '' ? undefined : input.value, name, required, partial),
    };
  }

  return jsonField(name, schema, start, required);
}

/** A raw-JSON field, for a schema the form cannot render. */
function jsonField(name, schema, start, required) {
  const area = el('textarea', { name, className: 'json', placeholder: 'JSON', value: start === undefined ? '' : JSON.stringify(start, null, 2) });
  return {
    element: el('label', { className: 'field', dataset: { field: name } }, [label(name, schema, required), el('small', { className: 'hint' }, ' (JSON)'), area]),
    read: (partial) => {
      if (area.value.trim() === '') return given(undefined, name, required, partial);
      try {
        return JSON.parse(area.value);
      } catch (e) {
        throw new Error(`${name}: not valid JSON (${e.message})`);
      }
    },
  };
}

/** A fieldset of an object's properties. */
function objectField(name, schema, start, required) {
  const need = new Set(schema.required ?? []);
  // required fields first, each group in the schema's order
  const keys = Object.keys(schema.properties).sort((a, b) => need.has(b) - need.has(a));
  const fields = keys.map((key) => [key, field(key, schema.properties[key], start?.[key], need.has(key))]);
  const children = fields.map(([, f]) => f.element);
  const element = name === undefined
    ? el('div', { className: 'fields' }, children)
    : el('fieldset', { className: 'field object', dataset: { field: name } }, [el('legend', {}, label(name, schema, required)), ...children]);
  return {
    element,
    read: (partial) => {
      const out = {};
      const missing = [];
      for (const [key, f] of fields) {
        try {
          const value = f.read(partial);
          if (value !== undefined) out[key] = value;
        } catch (e) {
          if (!e.missing) throw e;
          missing.push(...e.missing);
        }
      }
      // every required field left empty, named by its path from the form's root
      if (missing.length) throw missingError(name === undefined ? missing : missing.map((m) => `${name}.${m}`));
      return Object.keys(out).length || required || name === undefined ? out : undefined;
    },
  };
}

/** A list of items of one schema, with add and remove buttons. */
function arrayField(name, schema, items, start, required) {
  const list = el('ol', { className: 'items' });
  const rows = [];
  const add = (value) => {
    const f = field(`${name}[]`, items, value, true);
    const row = el('li', {}, [f.element, el('button', { type: 'button', className: 'remove', title: 'remove', onclick: () => {
      rows.splice(rows.indexOf(entry), 1);
      row.remove();
    } }, '×')]);
    const entry = { f, row };
    rows.push(entry);
    list.append(row);
  };
  for (const value of Array.isArray(start) ? start : []) add(value);
  return {
    element: el('fieldset', { className: 'field array', dataset: { field: name } }, [
      el('legend', {}, label(name, schema, required)),
      list,
      el('button', { type: 'button', className: 'add', onclick: () => add(undefined) }, `+ add ${typeOf(items) === 'object' ? 'item' : typeOf(items)}`),
    ]),
    read: (partial) => {
      const values = rows.map((r) => r.f.read(partial)).filter((v) => v !== undefined);
      return values.length || required ? values : undefined;
    },
  };
}

/**
 * A form for an object schema, `initial` prefilling it: `{ element, read }`. A "JSON" toggle
 * swaps the fields for the raw JSON of what they hold (and back is not needed: the JSON wins).
 */
export function schemaForm(schema, initial) {
  const root = unwrapOptional(schema ?? {});
  const renderable = typeOf(root) === 'object' && root.properties && !root.additionalProperties;
  // an unrenderable schema's raw JSON left empty is `{}`
  const form = renderable ? objectField(undefined, { ...root, properties: root.properties }, initial, true) : jsonField('arguments', root, initial ?? {}, false);
  const raw = el('textarea', { className: 'json raw', hidden: true });
  let asJson = false;
  const toggle = el('button', { type: 'button', className: 'link', onclick: () => {
    if (!asJson) raw.value = JSON.stringify(form.read(true) ?? {}, null, 2);
    asJson = !asJson;
    raw.hidden = !asJson;
    form.element.hidden = asJson;
    toggle.textContent = asJson ? 'form' : 'edit as JSON';
  } }, 'edit as JSON');
  const empty = renderable && Object.keys(root.properties).length === 0;
  return {
    element: el('div', { className: 'schema-form' }, [empty ? el('p', { className: 'muted' }, 'No arguments.') : form.element, raw, empty ? '' : toggle]),
    read: () => {
      if (!asJson) return form.read() ?? {};
      try {
        return JSON.parse(raw.value);
      } catch (e) {
        throw new Error(`not valid JSON (${e.message})`);
      }
    },
  };
}
