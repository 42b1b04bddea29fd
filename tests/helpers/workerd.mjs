// Shared by the tests that run a worker in workerd (runtimes.test.mjs, auth-runtimes.test.mjs,
// workerd-durable-object.test.mjs):
// the bundle as wrangler makes it, and workerd serving it on a port of its own.
import { spawn } from 'node:child_process';
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import readline from 'node:readline';

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
 * Runs `workerd serve config.capnp` in `cwd` with its socket `http` on 127.0.0.1:`port` (0: a
 * port the kernel picks) and `env` added to the environment; resolves once it listens to
 * `{ port, origin, stop(), stderr() }`. The port is the one workerd reports on its control
 * descriptor, so it is always this process's own, never that of another test's server.
 * `stop()` ends the process (SIGTERM, SIGKILL after 3 s) and resolves once it has exited.
 */
export async function serveWorkerd(bin, cwd, port = 0, env = {}) {
  const proc = spawn(bin, ['serve', 'config.capnp', '--socket-addr', `http=127.0.0.1:${port}`, '--control-fd', '3'], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
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
  let timer;
  try {
    const bound = await Promise.race([
      // one JSON line per socket: {"event":"listen","socket":"http","port":N}
      new Promise((resolve) => {
        readline.createInterface({ input: proc.stdio[3] }).on('line', (line) => {
          const message = JSON.parse(line);
          if (message.event === 'listen' && message.socket === 'http') resolve(message.port);
        });
      }),
      exit.then(() => {
        throw new Error(`workerd exited before listening (${proc.exitCode ?? proc.signalCode}): ${stderr}`);
      }),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`workerd did not listen within 60 s: ${stderr}`)), 60_000);
      }),
    ]);
    return { port: bound, origin: `http://127.0.0.1:${bound}`, stop, stderr: () => stderr };
  } catch (error) {
    await stop();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
