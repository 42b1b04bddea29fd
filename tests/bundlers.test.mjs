// Bundles of the packed package (installed into a scratch project by tests/helpers/scratch.mjs):
// esbuild, webpack 5 and Vite 8 build the apps of tests/bundlers/, and each bundle runs
// against the TypeScript SDK fixture (Node for server bundles, headless Chromium for browser
// bundles) and must list the tools and call `echo`, through mcp-wasm-adapter/ai's tools too.
// (Its types and metadata: tests/package-types.test.mjs.)
//
//   bash scripts/build.sh && node --test tests/bundlers.test.mjs
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cp, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { scratchProject } from './helpers/scratch.mjs';
import { REPO_ROOT, startTsServer } from './helpers/servers.mjs';
import { launchChromium, runPage, startStaticSite } from './helpers/browser.mjs';

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
    const stdout = await scratch.run(process.execPath, [bundle, server.url], { cwd: path.dirname(bundle), timeout: 30_000 });
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

  it('esbuild, Node: mcp-wasm-adapter/ai and the AI SDK in one file list the tools and call echo', async () => {
    const esbuild = await import('esbuild');
    await esbuild.build({ absWorkingDir: scratch.dir, entryPoints: [app('ai.js')], bundle: true, format: 'esm', platform: 'node', target: 'node20', loader: { '.wasm': 'binary' }, outfile: out('esbuild-ai/app.mjs'), logLevel: 'error' });
    assertWorked(await inNode(out('esbuild-ai/app.mjs')));
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
    const vite = (args) => scratch.run(process.execPath, [path.join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), ...args], { cwd: path.join(scratch.dir, 'app') });

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
