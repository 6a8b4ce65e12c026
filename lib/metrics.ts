import { AsyncLocalStorage } from 'node:async_hooks';
import { optional } from './config';
import { logger, serviceName } from './logger';

/**
 * Business metrics, written as CloudWatch Embedded Metric Format: one JSON document per
 * invocation on stdout, which CloudWatch Logs turns into metrics, with no API call and no
 * latency (https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/CloudWatch_Embedded_Metric_Format_Specification.html).
 *
 * Use cases record through the functions of this port (`countUpload`, …); the endpoint
 * stack starts a fresh record at the start of each invocation and flushes it once at the
 * end (lib/http/middleware/observability.ts). Outside an invocation nothing is recorded.
 *
 * Our own writer rather than Powertools Metrics: measured with the stack's esbuild options
 * it is ~1 KB against 15.6 KB and ~4 ms of cold import in every function (docs/observability.md), and it reads its settings from lib/config.ts only.
 */
export const DEFAULT_METRICS_NAMESPACE = 'DppService';

/** The names the metrics are published under (dashboards and alarms use these). */
export const METRIC = {
  /** Files stored: created, or whose bytes were replaced (DPP and template files). */
  uploads: 'Uploads',
  /** Bytes of those files. */
  uploadedBytes: 'UploadedBytes',
  /** Texts of a viewed DPP served from a stored translation. */
  translationsFromStore: 'TranslationsFromStore',
  /** Texts of a viewed DPP shown in their original: no translation of their current wording is stored. */
  translationsInOriginal: 'TranslationsInOriginal',
  /** Texts the company had machine-translated (POST /dpps/{dppId}/translations/{language}/machine), then stored. */
  translationsFromProvider: 'TranslationsFromProvider',
  /** Notarizations the anchor worker anchored (their transaction mined). */
  notarizationsAnchored: 'NotarizationsAnchored',
  /** Notarizations the anchor worker gave up on after its last attempt (FAILED; the stack alarms on it). */
  notarizationsFailed: 'NotarizationsFailed',
  /**
   * Anchoring attempts held up by a cause that needs the operator or the chain, not time
   * (the anchoring account cannot pay for gas, the node is unreachable, a setting is wrong):
   * the notarization stays PENDING and is tried again.
   */
  anchoringBlocked: 'AnchoringBlocked',
  /** The anchoring account's balance in ETH, as the worker last read it (the stack alarms when it runs low). */
  anchorAccountBalance: 'AnchorAccountBalance',
} as const;

/** Every metric is published under these dimensions (`route` is the function, e.g. `create-dpp-file`). */
export const METRIC_DIMENSIONS = ['service', 'route'] as const;

export type MetricUnit = 'Count' | 'Bytes' | 'None';
type Recorded = Map<string, { unit: MetricUnit; value: number }>;

const namespaceSetting = /* @__PURE__ */ optional('METRICS_NAMESPACE');
/**
 * `emf` (the default: the document on stdout, for CloudWatch) or `log` (the document as a
 * DEBUG line of the logger: `npm start` and the tests set it, so metrics never flood a
 * terminal; `npm start -- --log-level DEBUG` shows them).
 */
const outputSetting = /* @__PURE__ */ optional('METRICS_OUTPUT', ['emf', 'log']);

const current = new AsyncLocalStorage<Recorded>();

function add(name: string, unit: MetricUnit, value: number): void {
  const recorded = current.getStore();
  if (!recorded || !Number.isFinite(value)) return;
  const metric = recorded.get(name);
  if (metric) metric.value += value;
  else recorded.set(name, { unit, value });
}

/** A file's bytes were stored (a new file, or new bytes for an existing one). */
export function countUpload(bytes: number): void {
  add(METRIC.uploads, 'Count', 1);
  add(METRIC.uploadedBytes, 'Bytes', bytes);
}

/** A DPP was shown in another language: how many of its texts came from the store and how many stayed in the original. */
export function countTranslations(fromStore: number, inOriginal: number): void {
  add(METRIC.translationsFromStore, 'Count', fromStore);
  add(METRIC.translationsInOriginal, 'Count', inOriginal);
}

/** A company had texts of a DPP machine-translated (each one a call to the provider, paid per character). */
export function countMachineTranslations(texts: number): void {
  add(METRIC.translationsFromProvider, 'Count', texts);
}

/** A notarization's transaction was mined: it is ANCHORED. */
export function countNotarizationAnchored(): void {
  add(METRIC.notarizationsAnchored, 'Count', 1);
}

/** The anchor worker gave up on a notarization: it is FAILED. */
export function countNotarizationFailed(): void {
  add(METRIC.notarizationsFailed, 'Count', 1);
}

/** An anchoring attempt was held up by a cause that goes away (the notarization stays PENDING). */
export function countAnchoringBlocked(): void {
  add(METRIC.anchoringBlocked, 'Count', 1);
}

/** The anchoring account's balance, read now: a gauge (the last reading of the invocation counts, not a sum). */
export function recordAnchorAccountBalance(wei: bigint): void {
  const recorded = current.getStore();
  if (!recorded) return;
  // ETH to 9 decimals (gwei): a double holds it exactly enough for an alarm threshold.
  recorded.set(METRIC.anchorAccountBalance, { unit: 'None', value: Number(wei / 1_000_000_000n) / 1e9 });
}

/** Starts an empty record for the invocation being served (and the work it awaits). */
export function startMetrics(): void {
  current.enterWith(new Map());
}

/**
 * The EMF document of what was recorded, with its dimension values; undefined when
 * nothing was. Values are summed per invocation (one sample per metric and invocation).
 */
export function emfDocument(
  recorded: ReadonlyMap<string, { unit: MetricUnit; value: number }>,
  dimensions: Record<(typeof METRIC_DIMENSIONS)[number], string>,
  namespace: string,
  timestamp = Date.now(),
): Record<string, unknown> | undefined {
  if (recorded.size === 0) return undefined;
  const document: Record<string, unknown> = {
    _aws: {
      Timestamp: timestamp,
      CloudWatchMetrics: [
        {
          Namespace: namespace,
          Dimensions: [[...METRIC_DIMENSIONS]],
          Metrics: [...recorded].map(([name, { unit }]) => ({ Name: name, Unit: unit })),
        },
      ],
    },
    ...dimensions,
  };
  for (const [name, { value }] of recorded) document[name] = value;
  return document;
}

/**
 * Writes what the current invocation recorded, once, and forgets it. Called at the end of
 * every invocation by the endpoint stack; writes nothing when nothing was recorded.
 */
export function flushMetrics(route: string): void {
  const recorded = current.getStore();
  if (!recorded) return;
  const document = emfDocument(
    recorded,
    { service: serviceName(), route },
    namespaceSetting() ?? DEFAULT_METRICS_NAMESPACE,
  );
  recorded.clear();
  if (!document) return;
  if (outputSetting() === 'log') logger.debug('metrics', { emf: document });
  else process.stdout.write(`${JSON.stringify(document)}\n`);
}
