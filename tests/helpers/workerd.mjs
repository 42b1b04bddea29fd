// Shared by the tests that run a worker in workerd (runtimes.test.mjs, auth-runtimes.test.mjs,
// workerd-durable-object.test.mjs):
// the bundle as wrangler makes it, and the wait for workerd to listen.
import { spawn } from 'node:child_process';
import { copyFile, mkdir } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

/**
 * Bundles `entry` into `out/worker.js` as wrangler does: the `workerd` condition picks the
 * package's index.workerd.js, and each `.wasm` import stays an import, of a module copied
 * beside the bundle (the config declares it). Returns the wasm files imported, as a Map from
 * the name in the bundle to the file it was copied from.
 */
export async function bundleWorker(entry, out) {
  const { build } = await import('esbuild');
  await mkdir(out, { recursive: true });
  const wasmFiles = new Map();
  await build({
    entryPoints: [entry],
    outfile: path.join(out, 'worker.js'),
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['browser', 'module', 'main'],
    logLevel: 'error',
    external: ['cloudflare:*'], // the runtime's own modules (cloudflare:workers)
    plugins: [
      {
        name: 'wasm-modules',
        setup(b) {
          b.onResolve({ filter: /\.wasm$/ }, (args) => {
            const name = path.basename(args.path);
            wasmFiles.set(name, path.resolve(args.resolveDir, args.path));
            return { path: `./${name}`, external: true };
          });
        },
      },
    ],
  });
  for (const [name, from] of wasmFiles) await copyFile(from, path.join(out, name));
  return wasmFiles;
}

/**
 * Resolves once something listens on 127.0.0.1:`port`. Rejects when `exited()` returns a
 * reason (the process that should listen has exited: the reason is the error's message), or
 * after `ms`.
 */
export async function waitForPort(port, ms, exited) {
  const deadline = Date.now() + ms;
  for (;;) {
    const why = exited();
    if (why) throw new Error(why);
    const ok = await new Promise((resolve) => {
      const sock = net.connect({ port, host: '127.0.0.1' });
      sock.once('connect', () => (sock.destroy(), resolve(true)));
      sock.once('error', () => (sock.destroy(), resolve(false)));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`nothing listened on 127.0.0.1:${port} within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Runs `workerd serve config.capnp` in `cwd` with its socket `http` on 127.0.0.1:`port` and
 * `env` added to the environment; resolves once it listens to `{ stop(), stderr() }`. `stop()`
 * ends the process (SIGTERM, SIGKILL after 3 s) and resolves once it has exited.
 */
export async function serveWorkerd(bin, cwd, port, env = {}) {
  const proc = spawn(bin, ['serve', 'config.capnp', '--socket-addr', `http=127.0.0.1:${port}`], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.stderr.setEncoding('utf8').on('data', (chunk) => (stderr = (stderr + chunk).slice(-16_384)));
  const exit = new Promise((resolve) => proc.once('exit', resolve));
  const stop = async () => {
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    proc.kill('SIGTERM');
    const timer = setTimeout(() => proc.kill('SIGKILL'), 3_000);
    await exit;
    clearTimeout(timer);
  };
  try {
    await waitForPort(port, 15_000, () => (proc.exitCode !== null || proc.signalCode !== null) && `workerd exited (${proc.exitCode ?? proc.signalCode}): ${stderr}`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop, stderr: () => stderr };
}
