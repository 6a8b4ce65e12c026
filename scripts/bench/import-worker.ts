/**
 * The import worker alone in a process of its own, for `npm run bench:import`
 * (scripts/bench-import.ts): runs one import as the queued function does (lib/imports/run-import.ts,
 * what functions/process-import.ts calls per message) against the engines its environment names,
 * then prints its wall time and the process's peak resident set size as one JSON line.
 *
 * The peak RSS is the kernel's high-water mark of this process's own memory (VmHWM in
 * /proc/self/status, Linux), not getrusage's maxRSS: Linux carries ru_maxrss over an execve, so
 * a child's maxRSS is at least its parent's resident size when it forked (the benchmark's, which
 * holds the file it uploads: the 943 MiB once reported at 100,000 rows was the parent's 881 MiB
 * file and Node, not the worker's).
 *
 *   tsx scripts/bench/import-worker.ts <companyId> <importId>
 */
import { readFileSync } from 'node:fs';
import { runImport } from '../../lib/imports/run-import';
import { IMPORT_MAX_RECEIVES } from '../../lib/imports/worker';

/** This process's own peak resident set size, in MiB (getrusage's where /proc is not). */
function peakRssMiB(): number {
  try {
    const kib = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    if (kib) return Number(kib) / 1024;
  } catch {
    // Not Linux.
  }
  // maxRSS is in KiB (getrusage).
  return process.resourceUsage().maxRSS / 1024;
}

const [companyId, importId] = process.argv.slice(2);
if (!companyId || !importId) throw new Error('usage: import-worker.ts <companyId> <importId>');
const started = performance.now();
// The live heap's peak, sampled (RSS alone also counts what V8 has not yet collected, which it leaves while memory is free).
let peakHeap = 0;
let atPeak: NodeJS.MemoryUsage | undefined;
const sampler = setInterval(() => {
  const usage = process.memoryUsage();
  peakHeap = Math.max(peakHeap, usage.heapUsed);
  if (!atPeak || usage.rss > atPeak.rss) atPeak = usage;
}, 250);
/**
 * A run that throws (DynamoDB Local past the 2 s request timeout three times, on a loaded machine)
 * is delivered again, as SQS delivers the worker's message again, and resumes at its checkpoint;
 * at most as often as the queue would (IMPORT_MAX_RECEIVES). The first attempt at 100,000 rows, at
 * a load of 12 to 20, died there after 15 minutes: the harness, not the worker, gave up.
 */
let redeliveries = 0;
for (;;) {
  try {
    await runImport(companyId, importId);
    break;
  } catch (error) {
    if (++redeliveries >= IMPORT_MAX_RECEIVES) throw error;
    process.stderr.write(`run ${redeliveries} stopped (${(error as Error).message}); delivered again\n`);
  }
}
clearInterval(sampler);
const ms = performance.now() - started;
const cpu = process.cpuUsage();
process.stdout.write(
  `${JSON.stringify({
    ms,
    peakRssMiB: peakRssMiB(),
    peakHeapMiB: peakHeap / 2 ** 20,
    // What the largest sampled RSS was made of (V8's heap as reserved, and the buffers outside it), in MiB.
    atPeakMiB: Object.fromEntries(
      Object.entries(atPeak ?? {}).map(([name, bytes]) => [name, Math.round(bytes / 2 ** 20)]),
    ),
    cpuMs: (cpu.user + cpu.system) / 1000,
    redeliveries,
  })}\n`,
);
