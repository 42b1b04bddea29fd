// The package as users meet it, packed by `npm pack` and installed into a scratch project
// (tests/helpers/scratch.mjs): its metadata (publint --strict, "are the types wrong", licenses,
// the npm README) and its types: every TypeScript snippet of README.md, the guides (docs/*.md)
// and pkg-template/README.md (each lives in an examples/*.ts file, checked to be there verbatim)
// examples/langchain-agent.mjs (`@ts-check`, importing the package by name) and the type
// tests of tests/types/ (code written against the previous READMEs among them), under
// `tsc --strict` with TypeScript 5.9 and 7,
// `nodenext` and `bundler` resolution. (Its bundles: tests/bundlers.test.mjs.)
//
//   bash scripts/build.sh && node --test tests/package-types.test.mjs
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { scratchProject } from './helpers/scratch.mjs';
import { markdownDocs } from './helpers/docs.mjs';
import { REPO_ROOT } from './helpers/servers.mjs';

const BIN = (name) => path.join(REPO_ROOT, 'node_modules', '.bin', name);
const TSC = { '5.9': path.join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), 7: path.join(REPO_ROOT, 'node_modules', 'typescript-7', 'bin', 'tsc') };

let scratch;

before(async () => {
  scratch = await scratchProject('mcp-wasm-types-');
});

after(async () => {
  await scratch?.remove();
});

describe('the packed package', () => {
  it('passes publint --strict', async () => {
    const out = await scratch.run(BIN('publint'), ['--strict', path.join(REPO_ROOT, 'pkg')]);
    assert.match(out, /All good!/);
  });

  it('has types that are right for import and require (attw), the subpaths without require being ESM only', async () => {
    const pkg = path.join(REPO_ROOT, 'pkg');
    // the main entry and mcp-wasm-adapter/init are for import and require alike
    await scratch.run(BIN('attw'), ['--pack', pkg, '--no-definitely-typed', '--format', 'ascii', '--entrypoints', '.', './init']);
    // langchain, ai and auth are ESM only on purpose (the README says so), and ./wasm is a file
    await scratch.run(BIN('attw'), ['--pack', pkg, '--no-definitely-typed', '--format', 'ascii', '--profile', 'esm-only', '--entrypoints', './langchain', './ai', './auth', './wasm']);
  });

  it('ships its npm README, a license file per "MIT OR Apache-2.0", repository links, and no internal declarations', async () => {
    const manifest = JSON.parse(await readFile(path.join(scratch.dir, 'node_modules', 'mcp-wasm-adapter', 'package.json'), 'utf8'));
    assert.equal(manifest.license, 'MIT OR Apache-2.0');
    for (const file of ['LICENSE-MIT', 'LICENSE-APACHE', 'README.md', 'index.d.cts', 'init.d.cts']) assert.ok(scratch.files.includes(file), file);
    assert.ok(!scratch.files.includes('mcp_wasm_adapter.d.ts'), 'the glue declarations are not shipped');
    assert.match(manifest.repository.url, /^git\+https:\/\//);
    assert.ok(manifest.homepage && manifest.bugs.url);
    const readme = await readFile(path.join(scratch.dir, 'node_modules', 'mcp-wasm-adapter', 'README.md'), 'utf8');
    assert.match(readme, /npm install mcp-wasm-adapter/);
    assert.doesNotMatch(readme, /npm start|\/path\/to\//, 'not the contributors README');
  });
});

describe('TypeScript', () => {
  it('every TypeScript snippet of both READMEs and of the guides is, verbatim, in a checked example file', async () => {
    const examples = await Promise.all(
      (await readdir(path.join(REPO_ROOT, 'examples'))).filter((f) => f.endsWith('.ts')).map((f) => readFile(path.join(REPO_ROOT, 'examples', f), 'utf8')),
    );
    let count = 0;
    for (const readme of await markdownDocs()) {
      const text = await readFile(path.join(REPO_ROOT, readme), 'utf8');
      assert.doesNotMatch(text, /```(js|javascript|typescript)\n/, `${readme}: code blocks are \`\`\`ts, so that they are checked`);
      for (const [, block] of text.matchAll(/```ts\n([\s\S]*?)```/g)) {
        count += 1;
        assert.ok(examples.some((e) => e.includes(block)), `${readme}: this snippet is in no examples/*.ts file:\n${block}`);
      }
    }
    assert.ok(count >= 24, `only ${count} snippets found`);
  });

  /** examples/langchain-agent.mjs (`@ts-check`) importing the package by name, as an app does. */
  async function agentExample() {
    let text = await readFile(path.join(REPO_ROOT, 'examples', 'langchain-agent.mjs'), 'utf8');
    for (const [local, name] of [['../pkg/index.node.js', 'mcp-wasm-adapter'], ['../pkg/langchain.js', 'mcp-wasm-adapter/langchain'], ['../tests/fixtures/ts_server.mjs', './ts_server.mjs']]) {
      assert.ok(text.includes(`'${local}'`), `examples/langchain-agent.mjs imports ${local}`);
      text = text.replace(`'${local}'`, `'${name}'`);
    }
    return text;
  }

  const configs = {
    nodenext: { module: 'nodenext', moduleResolution: 'nodenext', include: ['*.ts', '*.cts', '*.mjs'] },
    bundler: { module: 'preserve', moduleResolution: 'bundler', include: ['*.ts', '*.mjs'] },
  };
  for (const version of ['5.9', 7]) {
    for (const [resolution, { include, ...options }] of Object.entries(configs)) {
      // TypeScript 7 also checks the declaration files themselves (LangChain's included);
      // 5.9, several times slower at that, checks every use of them (skipLibCheck).
      const skipLibCheck = version === '5.9';
      it(`tsc ${version} --strict, ${resolution} resolution: the README and examples snippets and the type tests compile`, async () => {
        const dir = path.join(scratch.dir, `types-${version}-${resolution}`);
        await mkdir(dir);
        await cp(path.join(REPO_ROOT, 'examples'), dir, { recursive: true, filter: (f) => !f.endsWith('.mjs') });
        await cp(path.join(REPO_ROOT, 'tests', 'types'), dir, { recursive: true });
        await writeFile(path.join(dir, 'langchain-agent.mjs'), await agentExample());
        const compilerOptions = { strict: true, allowJs: true, checkJs: true, noEmit: true, target: 'es2022', lib: ['es2022', 'dom', 'dom.iterable'], types: ['node'], skipLibCheck, ...options };
        await writeFile(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, include }));
        const out = await scratch.run(process.execPath, [TSC[version], '-p', 'tsconfig.json', '--listFilesOnly'], { cwd: dir });
        for (const file of ['langchain-agent.mjs', 'readme-ai.ts', 'readme-ai-route.ts', 'readme-use.ts', 'package-readme.ts', 'package-init.ts', 'narrowing.ts', 'previous-readme.ts', 'index.d.cts']) assert.match(out, new RegExp(`${file.replace('.', '\\.')}\\n`), file);
        if (resolution === 'nodenext') assert.match(out, /require\.cts\n/);
        await scratch.run(process.execPath, [TSC[version], '-p', 'tsconfig.json'], { cwd: dir });
      });
    }
  }
});
