// The oldest and the newest LangGraph 1.x that pkg-template/package.json accepts (peer
// `@langchain/langgraph` ^1.0.0): the devDependencies `@langchain/langgraph` (newest) and
// `@langchain/langgraph-oldest` (npm:@langchain/langgraph@1.0.0). `loadLangGraph` gives one
// version's API together with the package's LangChain glue bound to that same version.
import { register } from 'node:module';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

register('./langgraph-hooks.mjs', import.meta.url);

const require = createRequire(import.meta.url);

/** The LangGraph packages under test, by label. */
export const LANGGRAPH_PACKAGES = [
  { label: 'newest', name: '@langchain/langgraph' },
  { label: 'oldest', name: '@langchain/langgraph-oldest' },
];

/**
 * One LangGraph version: `{ version, lg, prebuilt, glue }` where `lg` is the package's main
 * entry, `prebuilt` its `/prebuilt` entry and `glue` pkg/langchain.js importing that package.
 */
export async function loadLangGraph(name) {
  const manifest = require.resolve(`${name}/package.json`);
  const { version } = JSON.parse(await readFile(manifest, 'utf8'));
  const lg = await import(name);
  const prebuilt = await import(`${name}/prebuilt`);
  const glue = await import(`../../pkg/langchain.js?langgraph=${encodeURIComponent(name)}`);
  return { version, lg, prebuilt, glue };
}
