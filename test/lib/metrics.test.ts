import { afterAll, afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';

/**
 * The metrics port (lib/metrics.ts). Its output setting is read once, on the first flush,
 * so it is chosen before the module loads: EMF on stdout here (the unit tests' default is
 * the debug log, so the other suites print nothing); the debug-log output is checked on a
 * fresh copy of the module.
 */
const previousOutput = process.env.METRICS_OUTPUT;
process.env.METRICS_OUTPUT = 'emf';
const { countMachineTranslations, countTranslations, countUpload, emfDocument, flushMetrics, METRIC, startMetrics } =
  await import('../../lib/metrics');
afterAll(() => {
  process.env.METRICS_OUTPUT = previousOutput;
});

let stdout: MockInstance<typeof process.stdout.write>;

/** A line of stdout: an EMF document (with `_aws`) or a log line (with `level`). */
type Written = Record<string, unknown> & {
  _aws: { Timestamp: number; CloudWatchMetrics: Array<{ Namespace: string; Metrics: unknown[] }> };
};
beforeEach(() => {
  stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
});
afterEach(() => {
  stdout.mockRestore();
});

/** The JSON documents written to stdout since the test began. */
const written = () => stdout.mock.calls.map(([chunk]) => JSON.parse(String(chunk)) as Written);

/** One invocation as the endpoint stack runs it: a fresh record, the work, one flush. */
async function invocation(route: string, work: () => Promise<void> | void): Promise<void> {
  startMetrics();
  await work();
  flushMetrics(route);
}

describe('the EMF document', () => {
  it('declares every recorded metric with its unit under one namespace and the service and route dimensions', () => {
    const recorded = new Map([
      ['Uploads', { unit: 'Count' as const, value: 2 }],
      ['UploadedBytes', { unit: 'Bytes' as const, value: 2048 }],
    ]);
    expect(
      emfDocument(recorded, { service: 'dpp-service', route: 'create-dpp-file' }, 'DppService', 1_700_000_000_000),
    ).toEqual({
      _aws: {
        Timestamp: 1_700_000_000_000,
        CloudWatchMetrics: [
          {
            Namespace: 'DppService',
            Dimensions: [['service', 'route']],
            Metrics: [
              { Name: 'Uploads', Unit: 'Count' },
              { Name: 'UploadedBytes', Unit: 'Bytes' },
            ],
          },
        ],
      },
      service: 'dpp-service',
      route: 'create-dpp-file',
      Uploads: 2,
      UploadedBytes: 2048,
    });
  });

  it('is nothing when nothing was recorded', () => {
    expect(emfDocument(new Map(), { service: 's', route: 'r' }, 'N')).toBeUndefined();
  });
});

describe('an invocation', () => {
  it('writes one EMF line at its end, summing what it recorded, in the default namespace', async () => {
    const before = Date.now();
    await invocation('update-dpp-file', () => {
      countUpload(100);
      countUpload(23);
    });
    expect(stdout).toHaveBeenCalledTimes(1);
    expect(String(stdout.mock.calls[0]![0])).toMatch(/^\{.*\}\n$/);
    const [document] = written();
    expect(document).toMatchObject({
      service: 'dpp-service',
      route: 'update-dpp-file',
      Uploads: 2,
      UploadedBytes: 123,
    });
    expect(document!._aws.CloudWatchMetrics[0]!.Namespace).toBe('DppService');
    expect(document!._aws.Timestamp).toBeGreaterThanOrEqual(before);
    expect(document!._aws.Timestamp).toBeLessThanOrEqual(Date.now());
  });

  it('counts texts from the store and in the original, zeros included', async () => {
    await invocation('get-dpp', () => countTranslations(3, 0));
    const [document] = written();
    expect(document!._aws.CloudWatchMetrics[0]!.Metrics).toEqual([
      { Name: METRIC.translationsFromStore, Unit: 'Count' },
      { Name: METRIC.translationsInOriginal, Unit: 'Count' },
    ]);
    expect(document).toMatchObject({ TranslationsFromStore: 3, TranslationsInOriginal: 0 });
  });

  it('counts the texts a company had machine-translated', async () => {
    await invocation('machine-translate-dpp', () => countMachineTranslations(4));
    const [document] = written();
    expect(document!._aws.CloudWatchMetrics[0]!.Metrics).toEqual([
      { Name: METRIC.translationsFromProvider, Unit: 'Count' },
    ]);
    expect(document).toMatchObject({ TranslationsFromProvider: 4 });
  });

  it('writes nothing when it recorded nothing', async () => {
    await invocation('list-dpp-files', () => {});
    expect(stdout).not.toHaveBeenCalled();
  });

  it('writes its record once: a second flush writes nothing', async () => {
    await invocation('create-dpp-file', () => countUpload(5));
    flushMetrics('create-dpp-file');
    expect(stdout).toHaveBeenCalledTimes(1);
  });

  it('ignores a value that is not a finite number instead of writing an invalid document', async () => {
    await invocation('create-dpp-file', () => countUpload(Number.NaN));
    expect(written()[0]).toMatchObject({ Uploads: 1 });
    expect(written()[0]).not.toHaveProperty('UploadedBytes');
  });

  it('keeps its own record when invocations interleave in one process', async () => {
    const upload = (bytes: number) => async () => {
      await new Promise((resolve) => setTimeout(resolve, bytes % 4));
      countUpload(bytes);
      await new Promise((resolve) => setTimeout(resolve, 1));
    };
    await Promise.all([1, 2, 3, 4, 5].map((bytes) => invocation(`route-${bytes}`, upload(bytes))));
    const byRoute = Object.fromEntries(written().map((d) => [d.route, [d.Uploads, d.UploadedBytes]]));
    expect(byRoute).toEqual({
      'route-1': [1, 1],
      'route-2': [1, 2],
      'route-3': [1, 3],
      'route-4': [1, 4],
      'route-5': [1, 5],
    });
  });
});

describe('outside an invocation', () => {
  it('records nothing and writes nothing (seed scripts and unit tests call use cases directly)', async () => {
    // A fresh copy of the module: no invocation of this file can have started a record in it.
    vi.resetModules();
    const fresh = await import('../../lib/metrics');
    fresh.countUpload(10);
    fresh.flushMetrics('create-dpp-file');
    expect(stdout).not.toHaveBeenCalled();
  });
});

describe('METRICS_OUTPUT=log (npm start and the tests)', () => {
  it('writes the document as a DEBUG line of the logger, nothing as EMF on stdout', async () => {
    vi.resetModules();
    process.env.METRICS_OUTPUT = 'log';
    const metrics = await import('../../lib/metrics');
    const { logger } = await import('../../lib/logger');
    const debug = vi.spyOn(logger, 'debug').mockImplementation(() => {});
    metrics.startMetrics();
    metrics.countUpload(42);
    metrics.flushMetrics('create-template-file');
    expect(debug).toHaveBeenCalledTimes(1);
    expect(debug).toHaveBeenCalledWith('metrics', {
      emf: expect.objectContaining({ route: 'create-template-file', Uploads: 1, UploadedBytes: 42 }),
    });
    expect(stdout).not.toHaveBeenCalled();
  });
});
