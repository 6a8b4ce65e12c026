/** The bench's markdown: one row per function, a mark on every figure that breaks its goal. */

import type { ValidationCost } from './aspect-validation';
import { type FunctionBundle, kib } from './bundles';
import type { ColdImport } from './cold-import';
import { type Breach, GOALS, type Goal, READ_ROUND_TRIPS_BY_DESIGN } from './goals';
import type { Overhead } from './overhead';
import type { RoundTrips } from './round-trips';
import type { SigningCost } from './signed-urls';

export const BREACH_MARK = '✗';

export interface Measured {
  bundles: FunctionBundle[];
  cold?: ColdImport[];
  overhead?: Overhead[];
  roundTrips?: RoundTrips[];
  signing?: SigningCost[];
  validation?: ValidationCost[];
  breaches: Breach[];
}

/** Round trips, and the requests they carried when those were more (sent in parallel). */
const roundTripsCell = (t: RoundTrips) =>
  t.dynamodbRequests === t.dynamodb
    ? t.dynamodb.toFixed(2)
    : `${t.dynamodb.toFixed(2)} (${t.dynamodbRequests.toFixed(2)} req)`;

export function markdown(m: Measured, options: { runs: number; calls: number; requests: number }): string {
  const broken = (fn: string, ...goals: Goal[]) => m.breaches.some((b) => b.fn === fn && goals.includes(b.goal));
  const mark = (text: string, fn: string, ...goals: Goal[]) =>
    broken(fn, ...goals) ? `**${text}** ${BREACH_MARK}` : text;
  const lines: string[] = [];
  lines.push(
    `Goals: bytes/floor ≤ ${GOALS.bytesPerFloor} and ≤ ${GOALS.maxBytes / 1024} KiB; cold import/floor ≤ ${GOALS.coldPerFloor} ` +
      `(CPU ms of \`await import(bundle)\` in a fresh Node ${process.version}, median of ${options.runs}, interleaved with the floor; ` +
      `wall/floor is the same in wall time, for reference); stack overhead ≤ ${GOALS.overheadMs} ms p50 ` +
      `(${options.calls} calls after warm-up, same token); read routes ${GOALS.readRoundTrips}.00 DynamoDB round trip ` +
      `(${options.requests} requests, local stack; requests sent together are one round trip, their count beside it; ` +
      `by design: ${Object.entries(READ_ROUND_TRIPS_BY_DESIGN)
        .map(([fn, n]) => `${fn} ${n}.00`)
        .join(', ')}). ${BREACH_MARK} marks a broken goal; – not measured.`,
    '',
    '| function | KiB | floor KiB | bytes/floor | cold ms | floor ms | cold/floor | wall/floor | overhead ms p50 | DynamoDB RT/req | S3 RT/req | local p50 / p95 ms |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  );
  for (const b of m.bundles) {
    const cold = m.cold?.find((c) => c.fn === b.fn);
    const over = m.overhead?.find((o) => o.fn === b.fn);
    const trips = m.roundTrips?.find((r) => r.fn === b.fn);
    const cells = [
      b.fn,
      mark(kib(b.bundle.bytes), b.fn, 'maxBytes'),
      kib(b.floor.bytes),
      mark(b.ratio.toFixed(3), b.fn, 'bytesPerFloor'),
      cold ? cold.ms.toFixed(1) : '–',
      cold ? cold.floorMs.toFixed(1) : '–',
      cold ? mark(cold.ratio.toFixed(2), b.fn, 'coldPerFloor') : '–',
      cold ? cold.wall.ratio.toFixed(2) : '–',
      over ? mark(Math.max(0, over.overhead).toFixed(3), b.fn, 'overheadMs') : '–',
      trips ? mark(roundTripsCell(trips), b.fn, 'readRoundTrips') : '–',
      trips ? trips.s3.toFixed(2) : '–',
      trips ? `${trips.p50.toFixed(1)} / ${trips.p95.toFixed(1)}` : '–',
    ];
    lines.push(`| ${cells.join(' | ')} |`);
  }

  if (m.breaches.length > 0) {
    lines.push('', `Broken goals (${m.breaches.length}):`, '');
    for (const b of m.breaches) lines.push(`- ${b.fn}: ${b.text}`);
  } else {
    lines.push('', 'Every goal met.');
  }

  // What weighs above the floor, for the functions farthest from it.
  const worst = [...m.bundles].sort((a, b) => b.ratio - a.ratio).slice(0, 3);
  lines.push('', 'Above the floor (esbuild metafile, KiB by package), the three largest ratios:', '');
  lines.push(
    '| function | above floor KiB | largest contributors (KiB) | largest own modules (KiB) |',
    '|---|---:|---|---|',
  );
  for (const b of worst) {
    const total = b.bundle.bytes - b.floor.bytes;
    const top = b.aboveFloor
      .slice(0, 8)
      .map((p) => `${p.name} ${kib(p.bytes)}`)
      .join(', ');
    const own = b.bundle.ownModules
      .slice(0, 5)
      .map((p) => `${p.name} ${kib(p.bytes)}`)
      .join(', ');
    lines.push(`| ${b.fn} | ${kib(total)} | ${top} | ${own} |`);
  }

  const incomplete = m.bundles.filter((b) => b.missingFromFloor.length > 0 || b.extraInFloor.length > 0);
  for (const b of incomplete) {
    lines.push(
      '',
      `Floor of ${b.fn} does not hold the same SDK modules as the function: ${b.missingFromFloor.length} missing ` +
        `(${b.missingFromFloor.slice(0, 3).join(', ')}), ${b.extraInFloor.length} extra (${b.extraInFloor.slice(0, 3).join(', ')}).`,
    );
  }

  if (m.signing) {
    lines.push('', 'Signed GET URLs (CPU, one client as in Lambda):', '');
    lines.push('| signer | µs per URL | ms per page of 100 |', '|---|---:|---:|');
    for (const s of m.signing) lines.push(`| ${s.name} | ${s.perUrl.toFixed(0)} | ${s.perPage.toFixed(1)} |`);
  }
  if (m.validation) {
    lines.push('', 'Aspect documents (handler CPU, goal: validating the largest aspect at most 2 ms p50):', '');
    lines.push('| work | JSON bytes | p50 ms | p95 ms |', '|---|---:|---:|---:|');
    for (const v of m.validation)
      lines.push(
        `| ${v.name} | ${v.bytes} | ${v.p50 > GOALS.validationMs ? `**${v.p50.toFixed(3)}** ${BREACH_MARK}` : v.p50.toFixed(3)} | ${v.p95.toFixed(3)} |`,
      );
  }
  return lines.join('\n');
}
