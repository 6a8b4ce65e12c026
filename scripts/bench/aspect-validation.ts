/**
 * The handler time of validating an aspect document (lib/profiles/validate.ts) and computing a
 * passport's completeness (lib/profiles/completeness.ts), issue 27's goal: at most 2 ms p50 for
 * the largest aspect. Measured on the EV example's largest document, and on the largest document
 * a request may carry: that aspect's lists grown until its JSON reaches the 64 KiB limit
 * (MAX_ASPECT_BYTES). CPU time per call, p50 and p95 of many calls, after a warm-up (the
 * profile's places are compiled once per function, at its first call).
 */
import { MAX_ASPECT_BYTES } from '../../lib/limits';
import { profileById } from '../../lib/profiles/catalogue';
import { completenessOf } from '../../lib/profiles/completeness';
import example from '../../lib/profiles/data/examples/battery-passport-ev.json';
import { documentProblems } from '../../lib/profiles/validate';

export interface ValidationCost {
  name: string;
  bytes: number;
  p50: number;
  p95: number;
}

/** A document grown to about `limit` bytes of JSON by repeating the items of its lists. */
function grown(document: Record<string, unknown>, limit: number): Record<string, unknown> {
  const copy = structuredClone(document);
  const lists: unknown[][] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) {
      if (value.length > 0) lists.push(value);
      for (const item of value) walk(item);
    } else if (value && typeof value === 'object') for (const item of Object.values(value)) walk(item);
  };
  walk(copy);
  for (let i = 0; Buffer.byteLength(JSON.stringify(copy)) < limit - 512; i++) {
    const list = lists[i % lists.length] as unknown[];
    list.push(structuredClone(list[0]));
  }
  return copy;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

function measure(name: string, work: () => unknown, bytes: number, calls: number): ValidationCost {
  for (let i = 0; i < 50; i++) work();
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const start = process.hrtime.bigint();
    work();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { name, bytes, p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

export function measureValidation(calls = 2000): ValidationCost[] {
  const profile = profileById('battery-passport');
  if (!profile) throw new Error('no battery-passport profile');
  const aspects = example.aspects as Record<string, Record<string, unknown>>;
  const largest = profile.aspects
    .map((aspect) => ({ aspect, document: aspects[aspect.id] ?? {} }))
    .sort((a, b) => JSON.stringify(b.document).length - JSON.stringify(a.document).length)[0];
  if (!largest) throw new Error('no aspect');
  const full = grown(largest.document, MAX_ASPECT_BYTES);
  for (const document of [largest.document, full])
    if (documentProblems(largest.aspect, document).length > 0) throw new Error('the bench document does not hold');
  const size = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
  return [
    measure(
      `validate ${largest.aspect.id} (the EV example's largest)`,
      () => documentProblems(largest.aspect, largest.document),
      size(largest.document),
      calls,
    ),
    measure(
      `validate ${largest.aspect.id} grown to the 64 KiB limit`,
      () => documentProblems(largest.aspect, full),
      size(full),
      calls,
    ),
    measure(
      'completeness of the EV example (7 aspects, EV)',
      () => completenessOf(profile, 'ev', aspects),
      size(aspects),
      calls,
    ),
  ];
}
