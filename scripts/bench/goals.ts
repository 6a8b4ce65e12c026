/**
 * The performance goals, checked for every function by `npm run bench` (all of
 * them) and by test/scripts/bundle-size.test.ts (the two that are deterministic: bytes).
 */
import { KiB } from './bundles';

export const GOALS = {
  /** A function's bundle over its SDK floor's (same esbuild options). */
  bytesPerFloor: 1.25,
  /**
   * Bytes a function may carry over its floor whatever the ratio: a function with no SDK
   * (not-found, health, describe-resolver, list-profiles, get-profile) has a floor of a bare
   * handler, ~150 B, where its own fixed answer alone is a larger ratio than 1.25. The resolver's
   * description (1.9 KiB) needs the public base URL's setting check and its HEAD and OPTIONS on
   * top of its document; the profiles' reads (2.6–2.8 KiB of code, their data aside) answer 400
   * for a query parameter, 404, an ETag and 304, HEAD and OPTIONS (lib/http/fixed-read.ts).
   * Irrelevant for any function with an SDK floor of 300+ KiB.
   */
  slackBytes: 3 * KiB,
  /** No bundle larger than this. */
  maxBytes: 600 * KiB,
  /** Cold import (fresh process, median) over its floor's. */
  coldPerFloor: 1.3,
  /** p50 ms the handler stack adds to a bare handler, on a repeated token. */
  overheadMs: 0.1,
  /** DynamoDB round trips per request of a read route (requests sent together are one; READ_ROUND_TRIPS_BY_DESIGN). */
  readRoundTrips: 1,
  /** p50 ms of validating the largest aspect document a request may carry (issue 27; scripts/bench/aspect-validation.ts). */
  validationMs: 2,
} as const;

/**
 * Read routes whose design takes another number of round trips than the goal, and why: the
 * related-DPPs search cannot know its partners' DPPs and the linked ones before it has read the
 * company's DPPs and partners (docs/spec/decisions.md, Related DPPs): 2 round trips, each of requests in
 * parallel. GET /health answers load balancers without reading the table: 0. GET
 * /.well-known/gs1resolver describes the resolver from its settings alone: 0.
 */
export const READ_ROUND_TRIPS_BY_DESIGN: Readonly<Record<string, number>> = {
  'search-related-dpps': 2,
  health: 0,
  'describe-resolver': 0,
};

export type Goal = keyof typeof GOALS;

export interface Breach {
  fn: string;
  goal: Goal;
  /** For a person: what was measured against what, and by how much it misses. */
  text: string;
}

const pct = (value: number, limit: number) => `${(((value - limit) / limit) * 100).toFixed(1)} %`;

/**
 * The bytes goals of one bundle. `dataBytes` (our own JSON modules: the profiles a function
 * answers) count towards the largest bundle, not towards the ratio: data is the answer, not
 * code, and a profile's catalogue measured fastest bundled (docs/profiles.md, Loading).
 */
export function bundleBreaches(fn: string, bytes: number, floorBytes: number, dataBytes = 0): Breach[] {
  const out: Breach[] = [];
  const code = bytes - dataBytes;
  const ratio = code / floorBytes;
  const goal = GOALS.bytesPerFloor;
  if (ratio > goal && code - floorBytes > GOALS.slackBytes) {
    const over = code - goal * floorBytes;
    out.push({
      fn,
      goal: 'bytesPerFloor',
      text: `bytes/floor ${ratio.toFixed(3)} > ${goal}: ${over < KiB ? `${Math.ceil(over)} B` : `${(over / KiB).toFixed(1)} KiB`} over (${code} B${dataBytes ? ` and ${dataBytes} B of data` : ''} against a floor of ${floorBytes} B)`,
    });
  }
  if (bytes > GOALS.maxBytes) {
    out.push({
      fn,
      goal: 'maxBytes',
      text: `${(bytes / KiB).toFixed(1)} KiB > ${GOALS.maxBytes / KiB} KiB: ${((bytes - GOALS.maxBytes) / KiB).toFixed(1)} KiB over`,
    });
  }
  return out;
}

export function coldBreaches(fn: string, ratio: number): Breach[] {
  return ratio > GOALS.coldPerFloor
    ? [
        {
          fn,
          goal: 'coldPerFloor',
          text: `cold import/floor ${ratio.toFixed(2)} > ${GOALS.coldPerFloor} (${pct(ratio, GOALS.coldPerFloor)} over)`,
        },
      ]
    : [];
}

export function overheadBreaches(fn: string, ms: number): Breach[] {
  return ms > GOALS.overheadMs
    ? [
        {
          fn,
          goal: 'overheadMs',
          text: `overhead ${ms.toFixed(3)} ms p50 > ${GOALS.overheadMs} ms (${(ms - GOALS.overheadMs).toFixed(3)} ms over)`,
        },
      ]
    : [];
}

/**
 * How far a measured mean may sit from its goal: now and then a request that is not the route's
 * (background work of the in-process local stack on the same client) or an SDK retry falls
 * inside a measured request, adding a request or joining two waves (seen: 1 in 50-100 requests).
 * A route that really takes one more round trip misses by 1.00, or by its share of requests.
 */
const ROUND_TRIP_TOLERANCE = 0.05;

export function roundTripBreaches(fn: string, dynamodb: number): Breach[] {
  const goal = READ_ROUND_TRIPS_BY_DESIGN[fn] ?? GOALS.readRoundTrips;
  return Math.abs(dynamodb - goal) > ROUND_TRIP_TOLERANCE
    ? [
        {
          fn,
          goal: 'readRoundTrips',
          text: `${dynamodb.toFixed(2)} DynamoDB round trips per read request, not ${goal}.00`,
        },
      ]
    : [];
}

/** The validation goal of the aspect writes (scripts/bench/aspect-validation.ts). */
export function validationBreaches(name: string, p50: number): Breach[] {
  return p50 <= GOALS.validationMs
    ? []
    : [
        {
          fn: 'put-dpp-aspect',
          goal: 'validationMs',
          text: `${name}: ${p50.toFixed(2)} ms p50 > ${GOALS.validationMs} ms (${pct(p50, GOALS.validationMs)} over)`,
        },
      ];
}
