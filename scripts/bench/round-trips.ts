/**
 * Round trips per request of every read route (GET), over HTTP against the local stack
 * (DynamoDB Local, the S3 server), on the route's sample request (infra/local/samples.ts).
 * Requests are counted on the handlers' own SDK clients, which this process shares with
 * the local server (it runs the handlers in-process): at the deserialize step, which only
 * requests that go over the wire reach (each retry too); presigning a URL makes none.
 * A DynamoDB round trip is a wave of requests in flight together: one starts when a request
 * is sent while none is in flight, so requests sent in parallel (a GetItem beside a Query,
 * the related-DPPs search's Queries) are one round trip of latency and several requests.
 * Latency is local, so only comparable run to run.
 */
import { loadSamples } from '../../infra/local';
import { type RouteFn, routes } from '../../lib/api/routes';
import { percentile } from './processes';

const { samples } = await loadSamples();

export interface RoundTrips {
  fn: RouteFn;
  /** DynamoDB round trips (waves of requests in flight together) per request of the route. */
  dynamodb: number;
  /** DynamoDB requests per request of the route. */
  dynamodbRequests: number;
  s3: number;
  p50: number;
  p95: number;
}

export async function measureRoundTrips(
  fns: readonly RouteFn[],
  options: { apiUrl: string; token: string; requests: number; progress?: (line: string) => void },
): Promise<RoundTrips[]> {
  // The environment is set by now; these are the client modules the handlers use.
  const db = (await import('../../lib/aws/dynamodb')).dynamodbClient();
  const s3 = (await import('../../lib/aws/s3')).s3Client();
  const calls = { dynamodb: 0, s3: 0 };
  const waves = { inFlight: 0, dynamodb: 0 };
  const count =
    (service: keyof typeof calls) =>
    <T>(next: (args: T) => Promise<unknown>) =>
    (args: T) => {
      calls[service] += 1;
      return next(args);
    };
  const wave =
    <T>(next: (args: T) => Promise<unknown>) =>
    async (args: T) => {
      if (waves.inFlight++ === 0) waves.dynamodb += 1;
      try {
        return await next(args);
      } finally {
        waves.inFlight -= 1;
      }
    };
  db.middlewareStack.add(count('dynamodb') as never, { step: 'deserialize', name: 'benchCount' });
  db.middlewareStack.add(wave as never, { step: 'deserialize', name: 'benchWave' });
  s3.middlewareStack.add(count('s3') as never, { step: 'deserialize', name: 'benchCount' });
  try {
    const out: RoundTrips[] = [];
    for (const fn of fns) {
      options.progress?.(`round trips: ${fn}`);
      const sample = samples[fn];
      const jwt = routes.find((r) => r.fn === fn)?.auth === 'jwt';
      const headers = { ...sample.headers, ...(jwt && { authorization: `Bearer ${options.token}` }) };
      const once = async () => {
        // A redirect (the resolver's 307) is the answer measured, not followed.
        const response = await fetch(`${options.apiUrl}${sample.path}`, { headers, redirect: 'manual' });
        await response.arrayBuffer();
        if (response.status !== sample.status) throw new Error(`${fn}: ${sample.path} answered ${response.status}`);
      };
      for (let i = 0; i < 10; i++) await once();
      calls.dynamodb = 0;
      calls.s3 = 0;
      waves.dynamodb = 0;
      const times: number[] = [];
      for (let i = 0; i < options.requests; i++) {
        const start = performance.now();
        await once();
        times.push(performance.now() - start);
      }
      out.push({
        fn,
        dynamodb: waves.dynamodb / options.requests,
        dynamodbRequests: calls.dynamodb / options.requests,
        s3: calls.s3 / options.requests,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
      });
    }
    return out;
  } finally {
    db.middlewareStack.remove('benchCount');
    db.middlewareStack.remove('benchWave');
    s3.middlewareStack.remove('benchCount');
  }
}
