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
await runImport(companyId, importId);
const ms = performance.now() - started;
// maxRSS is in KiB (getrusage).
process.stdout.write(`${JSON.stringify({ ms, peakRssMiB: process.resourceUsage().maxRSS / 1024 })}\n`);
