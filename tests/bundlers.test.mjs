// The package as users meet it: packed by `npm pack` and installed into a scratch project
// (tests/helpers/scratch.mjs), then
// - its metadata: publint --strict, "are the types wrong" (attw), licenses, the npm README;
// - its types: every TypeScript snippet of README.md and pkg-template/README.md (each lives in
//   an examples/*.ts file, checked to be there verbatim) and the type tests of tests/types/,
//   under `tsc --strict` with TypeScript 5.9 and 7, `nodenext` and `bundler` resolution;
// - its bundles: esbuild, webpack 5 and Vite build the apps of tests/bundlers/, each bundle
//   then runs against the TypeScript SDK fixture (Node for server bundles, headless Chromium
//   for browser bundles) and must list the tools and call `echo`.
//
//   bash scripts/build.sh && node --test tests/bundlers.test.mjs
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cp, mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { scratchProject } from './helpers/scratch.mjs';
import { REPO_ROOT, startTsServer } from './helpers/servers.mjs';
import { launchChromium, runPage, startStaticSite } from './helpers/browser.mjs';

const run = promisify(execFile);
const BIN = (name) => path.join(REPO_ROOT, 'node_modules', '.bin', name);
const TSC = { '5.9': path.join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), 7: path.join(REPO_ROOT, 'node_modules', 'typescript-7', 'bin', 'tsc') };
const EXPECTED = { type: 'tool_result', text: 'echo: bundled' };

let scratch;
let server;

before(async () => {
  scratch = await scratchProject('mcp-wasm-bundlers-');
  await cp(path.join(REPO_ROOT, 'tests', 'bundlers'), path.join(scratch.dir, 'app'), { recursive: true });
  server = await startTsServer();
});

after(async () => {
  await server?.close();
  await scratch?.remove();
});

/** Runs `file args` in the scratch project; resolves to stdout, or fails with both outputs. */
async function inScratch(file, args, options = {}) {
  try {
    const { stdout } = await run(file, args, { cwd: scratch.dir, timeout: 180_000, maxBuffer: 16 << 20, ...options });
    return stdout;
  } catch (e) {
    assert.fail(`${path.basename(file)} ${args.join(' ')} failed (${e.code ?? e.signal}):\n${e.stdout}\n${e.stderr}`);
  }
}

describe('the packed package', () => {
  it('passes publint --strict', async () => {
    const out = await inScratch(BIN('publint'), ['--strict', path.join(REPO_ROOT, 'pkg')]);
    assert.match(out, /All good!/);
  });

  it('has types that are right for import and require (attw), the subpaths without require being ESM only', async () => {
    const pkg = path.join(REPO_ROOT, 'pkg');
    // the main entry and mcp-wasm-adapter/init are for import and require alike
    await inScratch(BIN('attw'), ['--pack', pkg, '--format', 'ascii', '--entrypoints', '.', './init']);
    // langchain and auth are ESM only on purpose (the README says so), and ./wasm is a file
    await inScratch(BIN('attw'), ['--pack', pkg, '--format', 'ascii', '--profile', 'esm-only', '--entrypoints', './langchain', './auth', './wasm']);
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
  it('every TypeScript snippet of both READMEs is, verbatim, in a checked example file', async () => {
    const examples = await Promise.all(
      (await readdir(path.join(REPO_ROOT, 'examples'))).filter((f) => f.endsWith('.ts')).map((f) => readFile(path.join(REPO_ROOT, 'examples', f), 'utf8')),
    );
    let count = 0;
    for (const readme of ['README.md', 'pkg-template/README.md']) {
      const text = await readFile(path.join(REPO_ROOT, readme), 'utf8');
      assert.doesNotMatch(text, /```(js|javascript|typescript)\n/, `${readme}: code blocks are \`\`\`ts, so that they are checked`);
      for (const [, block] of text.matchAll(/```ts\n([\s\S]*?)```/g)) {
        count += 1;
        assert.ok(examples.some((e) => e.includes(block)), `${readme}: this snippet is in no examples/*.ts file:\n${block}`);
      }
    }
    assert.ok(count >= 9, `only ${count} snippets found`);
  });

  const configs = {
    nodenext: { module: 'nodenext', moduleResolution: 'nodenext', include: ['*.ts', '*.cts'] },
    bundler: { module: 'preserve', moduleResolution: 'bundler', include: ['*.ts'] },
  };
  for (const version of ['5.9', 7]) {
    for (const [resolution, { include, ...options }] of Object.entries(configs)) {
      // TypeScript 7 also checks the declaration files themselves (LangChain's included);
      // 5.9, several times slower at that, checks every use of them (skipLibCheck).
      const skipLibCheck = version === '5.9';
      it(`tsc ${version} --strict, ${resolution} resolution: the README and examples snippets and the type tests compile`, async () => {
        const dir = path.join(scratch.dir, `types-${version}-${resolution}`);
        await mkdir(dir);
        await cp(path.join(REPO_ROOT, 'examples'), dir, { recursive: true, filter: (f) => !/\.mjs$/.test(f) });
        await cp(path.join(REPO_ROOT, 'tests', 'types'), dir, { recursive: true });
        const compilerOptions = { strict: true, noEmit: true, target: 'es2022', lib: ['es2022', 'dom', 'dom.iterable'], types: ['node'], skipLibCheck, ...options };
        await writeFile(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, include }));
        const out = await inScratch(process.execPath, [TSC[version], '-p', 'tsconfig.json', '--listFilesOnly'], { cwd: dir });
        for (const file of ['readme-use.ts', 'package-readme.ts', 'package-init.ts', 'narrowing.ts', 'index.d.cts']) assert.match(out, new RegExp(`${file.replace('.', '\\.')}\\n`), file);
        if (resolution === 'nodenext') assert.match(out, /require\.cts\n/);
        await inScratch(process.execPath, [TSC[version], '-p', 'tsconfig.json'], { cwd: dir });
      });
    }
  }
});

describe('bundles', () => {
  let site;
  let browser;
  const app = (file) => path.join(scratch.dir, 'app', file);
  const out = (name) => path.join(scratch.dir, 'dist', name);

  before(async () => {
    site = await startStaticSite([], { '/dist/': path.join(scratch.dir, 'dist') });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });

  /** Runs a Node bundle against the fixture; its report. */
  async function inNode(bundle) {
    const stdout = await inScratch(process.execPath, [bundle, server.url], { cwd: path.dirname(bundle), timeout: 30_000 });
    return JSON.parse(stdout.trim().split('\n').at(-1));
  }

  /** Opens `page` (a path below dist/) in Chromium with the fixture's URL; its report. */
  async function inChromium(page) {
    const tab = await browser.newPage();
    try {
      return (await runPage(tab, `${site.origin}/dist/${page}?mcp=${encodeURIComponent(server.url)}`, site)).results;
    } finally {
      await tab.close();
    }
  }

  /** A page that runs one classic or module script. */
  async function page(dir, script, type = 'module') {
    await writeFile(path.join(dir, 'index.html'), `<!doctype html><meta charset="utf-8"><script ${type === 'module' ? 'type="module" ' : ''}src="./${script}"></script>`);
  }

  function assertWorked(report) {
    assert.equal(report.fatal, undefined, JSON.stringify(report.fatal));
    assert.ok(report.tools.includes('echo'), JSON.stringify(report.tools));
    assert.deepEqual({ type: report.type, text: report.text }, EXPECTED);
  }

  describe('esbuild (does not follow new URL(…wasm, import.meta.url)): mcp-wasm-adapter/init with the wasm import', () => {
    it('browser, --loader:.wasm=file: the bundle fetches the copied wasm and runs in Chromium', async () => {
      const esbuild = await import('esbuild');
      await esbuild.build({ absWorkingDir: scratch.dir, entryPoints: [app('init.js')], bundle: true, format: 'esm', platform: 'browser', loader: { '.wasm': 'file' }, outdir: out('esbuild-browser'), logLevel: 'error' });
      const files = await readdir(out('esbuild-browser'));
      assert.ok(files.some((f) => f.endsWith('.wasm')), `the wasm is copied: ${files}`);
      await page(out('esbuild-browser'), 'init.js');
      assertWorked(await inChromium('esbuild-browser/index.html'));
    });

    it('Node, --loader:.wasm=binary: one file, the wasm inside, runs anywhere', async () => {
      const esbuild = await import('esbuild');
      await esbuild.build({ absWorkingDir: scratch.dir, entryPoints: [app('init.js')], bundle: true, format: 'esm', platform: 'node', target: 'node20', loader: { '.wasm': 'binary' }, outfile: out('esbuild-node/app.mjs'), logLevel: 'error' });
      assert.deepEqual(await readdir(out('esbuild-node')), ['app.mjs']);
      assertWorked(await inNode(out('esbuild-node/app.mjs')));
    });
  });

  describe('webpack 5, no configuration for the package', () => {
    async function pack(config) {
      const { default: webpack } = await import('webpack');
      const stats = await new Promise((resolve, reject) =>
        webpack({ mode: 'production', context: scratch.dir, devtool: false, ...config }, (err, result) => (err ? reject(err) : resolve(result))),
      );
      assert.ok(!stats.hasErrors(), stats.toString('errors-only'));
    }

    it('browser, import: the wasm it loads is emitted, and the bundle runs in Chromium', async () => {
      await pack({ target: 'web', entry: app('main.js'), output: { path: out('webpack-browser'), filename: 'main.js' } });
      await page(out('webpack-browser'), 'main.js', 'classic');
      assertWorked(await inChromium('webpack-browser/index.html'));
    });

    it('browser, require(): the init API, whose adapters say to initialize first; then it runs in Chromium', async () => {
      await pack({
        target: 'web',
        entry: app('require.cjs'),
        output: { path: out('webpack-require'), filename: 'main.js' },
        module: { rules: [{ test: /\.wasm$/, type: 'asset/resource' }] },
      });
      await page(out('webpack-require'), 'main.js', 'classic');
      const report = await inChromium('webpack-require/index.html');
      assert.equal(report.early?.code, 'invalid_argument', JSON.stringify(report));
      assert.match(report.early.message, /initialize\(wasm\)/);
      assertWorked(report);
    });

    it('Node, import: the bundle reads the wasm webpack emitted beside it', async () => {
      await pack({ target: 'node', entry: app('main.js'), output: { path: out('webpack-node'), filename: 'main.cjs' } });
      assertWorked(await inNode(out('webpack-node/main.cjs')));
    });
  });

  describe('Vite 8, no configuration', () => {
    const vite = (args) => inScratch(process.execPath, [path.join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), ...args], { cwd: path.join(scratch.dir, 'app') });

    it('vite build: the page bundle runs in Chromium', async () => {
      await vite(['build', '--base', './', '--outDir', out('vite'), '--emptyOutDir', '--logLevel', 'error']);
      assert.ok((await readdir(path.join(out('vite'), 'assets'))).some((f) => f.endsWith('.wasm')), 'the wasm is emitted');
      assertWorked(await inChromium('vite/index.html'));
    });

    it('vite build --ssr: the server bundle runs in Node', async () => {
      await vite(['build', '--ssr', 'main.js', '--outDir', out('vite-ssr'), '--emptyOutDir', '--logLevel', 'error']);
      assertWorked(await inNode(out('vite-ssr/main.js')));
    });
  });
});
