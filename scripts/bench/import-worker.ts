/**
 * The import worker alone in a process of its own, for `npm run bench:import`
 * (scripts/bench-import.ts): runs one import as the queued function does (lib/imports/run-import.ts,
 * what functions/process-import.ts calls per message) against the engines its environment names,
 * then prints its wall time and the process's peak resident set size as one JSON line.
 *
 *   tsx scripts/bench/import-worker.ts <companyId> <importId>
 */
import { runImport } from '../../lib/imports/run-import';

const [companyId, importId] = process.argv.slice(2);
if (!companyId || !importId) throw new Error('usage: import-worker.ts <companyId> <importId>');
const started = performance.now();
// The live heap's peak, sampled (RSS alone also counts what V8 has not yet collected, which it leaves while memory is free).
let peakHeap = 0;
const sampler = setInterval(() => {
  peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
}, 250);
await runImport(companyId, importId);
clearInterval(sampler);
const ms = performance.now() - started;
const cpu = process.cpuUsage();
process.stdout.write(
  `${JSON.stringify({
    ms,
    // maxRSS is in KiB (getrusage).
    peakRssMiB: process.resourceUsage().maxRSS / 1024,
    peakHeapMiB: peakHeap / 2 ** 20,
    cpuMs: (cpu.user + cpu.system) / 1000,
  })}\n`,
);
