import type { Route } from '../../lib/api/contract';
import { type RouteFn, routes } from '../../lib/api/routes';

/**
 * One sample request per route, derived from its row's example (lib/api/contract.ts,
 * RouteExample), against fixed ids of infra/local/demo-data.json (lib/api/demo.ts).
 * `npm run events` writes them to events/<fn>.json (API Gateway v2 events, for
 * `sam local invoke` and `npm run invoke`); test/events checks each file is current and
 * answers `status` against freshly seeded data; test/functions/tenant-isolation.test.ts
 * sends each jwt route's sample with the other company's token.
 */
export interface Sample {
  method?: string;
  path: string;
  headers?: Readonly<Record<string, string>>;
  multipart?: Route['example']['multipart'];
  /** A JSON body (sent with `content-type: application/json`). */
  json?: Route['example']['json'];
  status: number;
  /**
   * The status with the use case stubbed (`npm run bench`, overhead), when the sample's own
   * status comes from the use case rather than from the handler stack (auth, body, validation).
   */
  stubbedStatus?: number;
}

/** Stands for a fresh demo token; `npm run invoke` replaces it (see docs/local.md for SAM). */
export const TOKEN_PLACEHOLDER = 'DEMO_TOKEN';

/** A row's example as a request: its path values in the path, its query after it. */
export function sampleOf(route: Route): Sample {
  const { example } = route;
  if (example.request) return { method: example.request.method, path: example.request.path, status: example.status };
  const path = route.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    // A greedy `{name+}` holds the rest of the path: each of its segments encoded, its slashes kept.
    const greedy = name.endsWith('+');
    const value = example.params?.[greedy ? name.slice(0, -1) : name];
    if (value === undefined) throw new Error(`${route.fn}: the example has no value for {${name}}`);
    return greedy ? value.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(value);
  });
  const query = example.query ? `?${new URLSearchParams(example.query)}` : '';
  return {
    path: `${path}${query}`,
    ...(example.headers && { headers: example.headers }),
    ...(example.multipart && { multipart: example.multipart }),
    ...(example.json && { json: example.json }),
    status: example.status,
    ...(example.stubbedStatus !== undefined && { stubbedStatus: example.stubbedStatus }),
  };
}

export const samples = Object.fromEntries(routes.map((route) => [route.fn, sampleOf(route)])) as Record<
  RouteFn,
  Sample
>;
