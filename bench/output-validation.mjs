// What output validation (`validateOutput`, checking `structuredContent` against the tool's
// `outputSchema`) adds to a tool call: the check alone (the compiled validator on the fixture's
// `reading` result), and a whole call on the TypeScript SDK fixture with validation on and off,
// interleaved call by call. Prints the figures; not part of `npm test`.
//
//   bash scripts/build.sh && node bench/output-validation.mjs [calls]

import { performance } from 'node:perf_hooks';
import { MCPAdapter } from '../pkg/index.node.js';
import { compileSchema } from '../pkg/validate.js';
import { startTsServer } from '../tests/fixtures/ts_server.mjs';

const calls = Number(process.argv[2] ?? 2000);
const server = await startTsServer();
try {
  const adapter = new MCPAdapter(server.url);
  const reading = (await adapter.listTools()).find((t) => t.name === 'reading');

  // the check alone
  const compileStart = performance.now();
  const check = compileSchema(reading.outputSchema);
  const compileMs = performance.now() - compileStart;
  const value = { sensor: 'attic', celsius: 19.5, tags: ['indoor'] };
  for (let i = 0; i < 2000; i++) check(value);
  const checks = 100_000;
  const checkStart = performance.now();
  for (let i = 0; i < checks; i++) check(value);
  const checkUs = ((performance.now() - checkStart) * 1000) / checks;

  // a whole call, validated or not, alternating so that drift hits both alike
  const times = { on: [], off: [] };
  for (let i = 0; i < 200; i++) await adapter.callTool('reading', { mode: 'valid' }, { validateOutput: i % 2 === 0 });
  for (let i = 0; i < calls; i++) {
    const on = i % 2 === 0;
    const start = performance.now();
    await adapter.callTool('reading', { mode: 'valid' }, { validateOutput: on });
    times[on ? 'on' : 'off'].push(performance.now() - start);
  }
  const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  const mean = (list) => list.reduce((a, b) => a + b, 0) / list.length;
  console.log(`compile the outputSchema once:        ${(compileMs * 1000).toFixed(0)} µs (first compile includes warm-up)`);
  console.log(`check one result (compiled):          ${checkUs.toFixed(2)} µs (mean of ${checks})`);
  console.log(`tools/call, validateOutput true:      median ${(median(times.on) * 1000).toFixed(0)} µs, mean ${(mean(times.on) * 1000).toFixed(0)} µs`);
  console.log(`tools/call, validateOutput false:     median ${(median(times.off) * 1000).toFixed(0)} µs, mean ${(mean(times.off) * 1000).toFixed(0)} µs`);
  console.log(`added by validation, median per call: ${((median(times.on) - median(times.off)) * 1000).toFixed(0)} µs (${calls / 2} calls each)`);
} finally {
  await server.close();
}
