import { routes } from '../lib/api/routes';

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
    } = r.access;
    return (
      [
        a.table && `table ${a.table}`,
        a.bucket?.length && `bucket ${a.bucket.join('/')}`,
        a.translate && 'translate',
        a.signingKey && 'signing key',
        a.cursorKey && 'cursor key',
        a.email && 'e-mail',
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
