import { ANCHOR_WORKER_FN } from '../lib/anchoring/worker';
import { functionId, routes } from '../lib/api/routes';
import { BACKUP_REPLICATOR_FN } from '../lib/backup/worker';
import { KYB_RETRY_WORKER_FN } from '../lib/companies/kyb/worker';
import { IMPORT_WORKER_FN } from '../lib/imports/worker';

export const ROUTES_START = '<!-- routes:start (generated from lib/api/routes.ts by `npm run docs`) -->';
export const ROUTES_END = '<!-- routes:end -->';

/** The route table of docs/api.md, from the route table. */
export function routesMarkdown(): string {
  const access = (r: (typeof routes)[number]) => {
    const a: {
      table?: string;
      bucket?: readonly string[];
      translate?: boolean;
      signingKey?: boolean;
      cursorKey?: boolean;
      email?: boolean;
      links?: boolean;
      cdn?: boolean;
    } = r.access;
    return (
      [
        a.table && `table ${a.table}`,
        a.bucket?.length && `bucket ${a.bucket.join('/')}`,
        a.translate && 'translate',
        a.signingKey && 'signing key',
        a.cursorKey && 'cursor key',
        a.email && 'e-mail',
        a.cdn && 'CDN invalidation',
      ]
        .filter(Boolean)
        .join(', ') || '—'
    );
  };
  const rows = routes.map(
    (r) =>
      `| \`${r.method} ${r.path}\` | \`functions/${r.fn}.ts\` | ${r.auth === 'jwt' ? 'Bearer JWT' : 'public'} | ${access(r)} | ${r.summary} |`,
  );
  return ['| route | handler | auth | access | what it does |', '|---|---|---|---|---|', ...rows].join('\n');
}

export function withRoutes(readme: string): string {
  const start = readme.indexOf(ROUTES_START);
  const end = readme.indexOf(ROUTES_END);
  if (start < 0 || end < start) throw new Error('docs/api.md has no routes markers');
  return `${readme.slice(0, start + ROUTES_START.length)}\n${routesMarkdown()}\n${readme.slice(end)}`;
}

export const SAM_FUNCTIONS_START =
  '<!-- sam-functions:start (generated from lib/api/routes.ts and the workers by `npm run docs`) -->';
export const SAM_FUNCTIONS_END = '<!-- sam-functions:end -->';

/** Every function `sam local invoke` can run (docs/local.md): each route's, then each worker's, with its sample event(s). */
export function samFunctionsMarkdown(): string {
  const rows = routes.map((r) => `| \`${functionId(r.fn)}\` | \`${r.method} ${r.path}\` | \`events/${r.fn}.json\` |`);
  const workers = [
    `| \`${functionId(ANCHOR_WORKER_FN)}\` | anchor worker: the table's stream; its sweep's schedule | \`events/${ANCHOR_WORKER_FN}.json\` (stream record), \`events/${ANCHOR_WORKER_FN}-sweep.json\` (schedule) |`,
    `| \`${functionId(KYB_RETRY_WORKER_FN)}\` | KYB retry worker: its schedule | \`events/${KYB_RETRY_WORKER_FN}.json\` |`,
    `| \`${functionId(IMPORT_WORKER_FN)}\` | import worker: the import queue (an upload's S3 event) | \`events/${IMPORT_WORKER_FN}.json\` |`,
    // Any record of the stream is one it copies: the anchor worker's sample is a notarization's INSERT.
    `| \`${functionId(BACKUP_REPLICATOR_FN)}\` | back-up replicator (a stack with a back-up): the table's stream, every change | \`events/${ANCHOR_WORKER_FN}.json\` (a stream record; run against \`npm start -- --backup\`) |`,
  ];
  return [
    `${routes.length + workers.length} functions: ${routes.length} routes and ${workers.length} workers.`,
    '',
    '| function (`sam local invoke <function>`) | invoked by | sample event |',
    '|---|---|---|',
    ...rows,
    ...workers,
  ].join('\n');
}

/** docs/local.md with its SAM function list rewritten. */
export function withSamFunctions(markdown: string): string {
  const start = markdown.indexOf(SAM_FUNCTIONS_START);
  const end = markdown.indexOf(SAM_FUNCTIONS_END);
  if (start < 0 || end < start) throw new Error('docs/local.md has no sam-functions markers');
  return `${markdown.slice(0, start + SAM_FUNCTIONS_START.length)}\n${samFunctionsMarkdown()}\n${markdown.slice(end)}`;
}
