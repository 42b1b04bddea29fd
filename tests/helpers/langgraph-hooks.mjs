// Module resolution hooks (node:module `register`) for tests/helpers/langgraph.mjs: a module
// imported with `?langgraph=<package>` in its URL, and everything that module imports from
// `@langchain/langgraph` (or a subpath), gets `<package>` instead. The test loads the shipped
// glue (pkg/langchain.js) once per LangGraph version this way, unchanged.

const PACKAGE = '@langchain/langgraph';

export async function resolve(specifier, context, nextResolve) {
  const alias = context.parentURL && new URL(context.parentURL).searchParams.get('langgraph');
  if (alias && (specifier === PACKAGE || specifier.startsWith(`${PACKAGE}/`))) {
    return nextResolve(alias + specifier.slice(PACKAGE.length), context);
  }
  return nextResolve(specifier, context);
}
