/**
 * The route table: every row of the contract (lib/api/routes/<fn>.ts), in the order the
 * README and the OpenAPI document list them.
 *
 * Functions import only their own row, so a function bundles only its own schemas; this
 * table is for the CDK stack, the local server, the sample events, the docs and the tests.
 * Adding an endpoint: a use case in lib/<resource>/, a row in lib/api/routes/, a handler
 * in functions/, a line here, a sample in infra/local/samples.ts, then `npm run events`
 * and `npm run docs`, and tests (the tenant-isolation test type-checks only when the new
 * route has a probe).
 */
import type { Route } from './contract';
import { acceptInvitationRoute } from './routes/accept-invitation';
import { createDppRoute } from './routes/create-dpp';
import { createDppCardRoute } from './routes/create-dpp-card';
import { createDppFileRoute } from './routes/create-dpp-file';
import { createDppImageRoute } from './routes/create-dpp-image';
import { createDppVersionRoute } from './routes/create-dpp-version';
import { createInvitationRoute } from './routes/create-invitation';
import { createRelatedDppsRoute } from './routes/create-related-dpps';
import { createTemplateRoute } from './routes/create-template';
import { createTemplateFileRoute } from './routes/create-template-file';
import { deleteDppCardRoute } from './routes/delete-dpp-card';
import { deleteDppFileRoute } from './routes/delete-dpp-file';
import { deleteDppImageRoute } from './routes/delete-dpp-image';
import { deleteTemplateFileRoute } from './routes/delete-template-file';
import { discountSubscriptionRoute } from './routes/discount-subscription';
import { generateJwtRoute } from './routes/generate-jwt';
import { getCompanyDppRoute } from './routes/get-company-dpp';
import { getDppRoute } from './routes/get-dpp';
import { getDppFileRoute } from './routes/get-dpp-file';
import { getDppVersionDocumentRoute } from './routes/get-dpp-version-document';
import { getKybDataRoute } from './routes/get-kyb-data';
import { getNonOfficialOperatorRoute } from './routes/get-non-official-operator';
import { getTemplateFileRoute } from './routes/get-template-file';
import { healthRoute } from './routes/health';
import { listDppFilesRoute } from './routes/list-dpp-files';
import { listDppNotarizationsRoute } from './routes/list-dpp-notarizations';
import { listDppVersionsRoute } from './routes/list-dpp-versions';
import { listDppsRoute } from './routes/list-dpps';
import { listNonOfficialOperatorsRoute } from './routes/list-non-official-operators';
import { listTemplateFilesRoute } from './routes/list-template-files';
import { listTemplatesRoute } from './routes/list-templates';
import { notFoundRoute } from './routes/not-found';
import { notarizeDppVersionRoute } from './routes/notarize-dpp-version';
import { putDppTranslationRoute } from './routes/put-dpp-translation';
import { searchRelatedDppsRoute } from './routes/search-related-dpps';
import { updateDppRoute } from './routes/update-dpp';
import { updateDppCardRoute } from './routes/update-dpp-card';
import { updateDppFileRoute } from './routes/update-dpp-file';
import { updateTemplateRoute } from './routes/update-template';
import { updateTemplateFileRoute } from './routes/update-template-file';
import { validatePromotionalCodeRoute } from './routes/validate-promotional-code';
import { verifyBusinessRoute } from './routes/verify-business';

export const routes = [
  generateJwtRoute,
  getDppRoute,
  createDppRoute,
  listDppsRoute,
  getCompanyDppRoute,
  updateDppRoute,
  createTemplateRoute,
  listTemplatesRoute,
  updateTemplateRoute,
  createTemplateFileRoute,
  listTemplateFilesRoute,
  getTemplateFileRoute,
  updateTemplateFileRoute,
  deleteTemplateFileRoute,
  createDppFileRoute,
  listDppFilesRoute,
  getDppFileRoute,
  updateDppFileRoute,
  deleteDppFileRoute,
  createDppCardRoute,
  updateDppCardRoute,
  deleteDppCardRoute,
  createDppImageRoute,
  deleteDppImageRoute,
  putDppTranslationRoute,
  listDppVersionsRoute,
  createDppVersionRoute,
  getDppVersionDocumentRoute,
  notarizeDppVersionRoute,
  listDppNotarizationsRoute,
  searchRelatedDppsRoute,
  createRelatedDppsRoute,
  listNonOfficialOperatorsRoute,
  getNonOfficialOperatorRoute,
  createInvitationRoute,
  acceptInvitationRoute,
  verifyBusinessRoute,
  getKybDataRoute,
  validatePromotionalCodeRoute,
  discountSubscriptionRoute,
  healthRoute,
  notFoundRoute,
] as const satisfies readonly Route[];

export type RouteFn = (typeof routes)[number]['fn'];
export type RouteOf<F extends RouteFn> = Extract<(typeof routes)[number], { fn: F }>;

/** PascalCase id for CDK constructs and `sam local invoke`: generate-jwt -> GenerateJwtFunction. */
export function functionId(fn: string): string {
  return `${fn.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase())}Function`;
}

/** The `$default` row: API Gateway's catch-all for requests no other route matches. */
export const isCatchAll = (route: Pick<Route, 'path'>): boolean => route.path === '$default';

/** The API Gateway route key of a row: `METHOD /path`, or `$default`. */
export const routeKeyOf = (route: Pick<Route, 'method' | 'path'>): string =>
  isCatchAll(route) ? '$default' : `${route.method} ${route.path}`;
