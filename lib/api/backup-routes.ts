import type { Route } from './contract';
import { routes } from './routes';

/**
 * The routes of the back-up copy's read-only deployment (EN 18221; docs/deploy.md, The back-up
 * copy): every read a consumer, a grant holder or a verifier makes of a published passport, served
 * from the back-up's own table and bucket with the same tiers and grants. Nothing that writes a
 * passport, a company or a grant is there: those routes are absent (404, the `$default` route's
 * answer), not refused. The reads through a grant still write their access-log entry, on the
 * back-up's table. `verify-dpp-version` is left out: it reads the chain through the anchor
 * worker's node, which the back-up does not run.
 */
export const BACKUP_ROUTE_FNS: ReadonlySet<string> = new Set([
  'health',
  'not-found',
  'get-passport-page',
  'get-dpp',
  'get-dpp-version-document',
  'get-public-dpp-file',
  'get-public-dpp-image',
  'download-dpp-file',
  'download-dpp-image',
  'get-public-dpp-aspect',
  'resolve-product',
  'resolve-item',
  'describe-resolver',
  'get-did-document',
  'get-dpp-context',
  'list-profiles',
  'get-profile',
  // The passport API's reads (docs/behaviour.md, The passport API): a passport by id, product or
  // element, and as it was at a date (EN 18221: any point in time, on the back-up too).
  'read-passport',
  'read-passport-by-product',
  'read-passport-at-date',
  'read-passport-element',
]);

/** Whether the back-up serves a route: a read of the list above (never a write, whatever the list says). */
export const servedByBackup = (route: Pick<Route, 'fn' | 'method'>): boolean =>
  BACKUP_ROUTE_FNS.has(route.fn) && (route.method === 'GET' || route.fn === 'not-found');

/** The back-up deployment's route table. */
export const backupRoutes: readonly Route[] = routes.filter(servedByBackup);
