// TypeDoc's options for the API reference (scripts/api-docs.sh): the declarations of every
// entry in the package's exports map, as pkg/ ships them, their doc comments the only source.
// Validation warnings are errors: a broken {@link}, a type the reference names but does not
// include, and an exported declaration or a member of an exported interface or class without
// a doc comment. (The properties of an anonymous object type are told by the comment of what
// holds them.)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Application, ReflectionKind } from 'typedoc';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = path.join(root, 'pkg');

// The types of each export. The main entry's and mcp-wasm-adapter/init's declarations are
// written once, as .d.cts; their ESM .d.ts re-export them (scripts/build.sh).
function entryPoints() {
  const { exports } = JSON.parse(readFileSync(path.join(pkg, 'package.json'), 'utf8'));
  const files = [];
  for (const [key, target] of Object.entries(exports)) {
    const types = target.require?.types ?? target.import?.types ?? target.types;
    if (types) files.push(path.join(pkg, types));
    else if (key !== './package.json') throw new Error(`typedoc: the export ${key} has no types`);
  }
  return files;
}

// TypeDoc's notDocumented check covers the kinds listed below, and the call signatures of
// function-typed properties; this adds the other properties of exported interfaces and classes
// (TypeDoc's Property kind would take in those of anonymous object types too, which the
// comment of what holds them tells).
function propertiesDocumented(app) {
  app.on(Application.EVENT_VALIDATE_PROJECT, (project) => {
    for (const property of project.getReflectionsByKind(ReflectionKind.Property)) {
      if (!property.parent?.kindOf(ReflectionKind.ClassOrInterface) || property.inheritedFrom) continue;
      const signed = property.type?.type === 'reflection' && property.type.declaration.signatures;
      if (property.hasComment() || signed) continue;
      const holder = ReflectionKind[property.parent.kind].toLowerCase();
      app.logger.validationWarning(`${property.getFriendlyFullName()} (Property), a member of an exported ${holder}, does not have any documentation`);
    }
  });
}

/** @type {Partial<import('typedoc').TypeDocOptions>} */
export default {
  entryPoints: entryPoints(),
  tsconfig: path.join(root, 'scripts', 'tsconfig.api-docs.json'),
  out: path.join(root, 'docs', 'api'),
  name: 'mcp-wasm-adapter',
  readme: 'none',
  disableSources: true,
  excludePrivate: true,
  excludeExternals: true,
  validation: { notExported: true, invalidLink: true, invalidPath: true, rewrittenLink: true, notDocumented: true },
  requiredToBeDocumented: ['Module', 'Enum', 'EnumMember', 'Variable', 'Function', 'Class', 'Interface', 'Constructor', 'Method', 'Accessor', 'TypeAlias'],
  treatWarningsAsErrors: true,
  treatValidationWarningsAsErrors: true,
  plugin: [propertiesDocumented],
};
