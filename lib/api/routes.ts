/**
 * The route table: every row of the contract (lib/api/routes/<fn>.ts), in the order the
 * route table of docs/api.md and the OpenAPI document list them.
 *
 * Functions import only their own row's runtime part (`<fn>Route`), so a function bundles
 * only its own input schema; this table holds the whole rows (`<fn>Docs`: runtime part, docs,
 * response schema, example) for the CDK stack, the local server, the samples, events and
 * tenant probes, the docs and the tests.
 *
 * Adding an endpoint takes three places: its use case (lib/<resource>/<use-case>.ts), its row
 * (lib/api/routes/<fn>.ts, with its line here) and its one-line handler (functions/<fn>.ts);
 * then `npm run events` and `npm run docs` regenerate what derives from the row (docs/api.md,
 * "Adding an endpoint").
 */
import type { Route } from './contract';
import { acceptInvitationDocs } from './routes/accept-invitation';
import { ceaseDppDocs } from './routes/cease-dpp';
import { createAccessGrantDocs } from './routes/create-access-grant';
import { createDppDocs } from './routes/create-dpp';
import { createDppCardDocs } from './routes/create-dpp-card';
import { createDppFileDocs } from './routes/create-dpp-file';
import { createDppImageDocs } from './routes/create-dpp-image';
import { createDppVersionDocs } from './routes/create-dpp-version';
import { createImportDocs } from './routes/create-import';
import { createImportMappingDocs } from './routes/create-import-mapping';
import { createInvitationDocs } from './routes/create-invitation';
import { createPassportDocs } from './routes/create-passport';
import { createRegistryExportDocs } from './routes/create-registry-export';
import { createRelatedDppsDocs } from './routes/create-related-dpps';
import { createSuccessorDocs } from './routes/create-successor';
import { createTemplateDocs } from './routes/create-template';
import { createTemplateFileDocs } from './routes/create-template-file';
import { deleteAccessGrantDocs } from './routes/delete-access-grant';
import { deleteDppCardDocs } from './routes/delete-dpp-card';
import { deleteDppFileDocs } from './routes/delete-dpp-file';
import { deleteDppImageDocs } from './routes/delete-dpp-image';
import { deletePassportDocs } from './routes/delete-passport';
import { deleteTemplateFileDocs } from './routes/delete-template-file';
import { describeResolverDocs } from './routes/describe-resolver';
import { discountSubscriptionDocs } from './routes/discount-subscription';
import { downloadDppFileDocs } from './routes/download-dpp-file';
import { downloadDppImageDocs } from './routes/download-dpp-image';
import { generateJwtDocs } from './routes/generate-jwt';
import { getCompanyDocs } from './routes/get-company';
import { getCompanyDppDocs } from './routes/get-company-dpp';
import { getConformityClaimsDocs } from './routes/get-conformity-claims';
import { getDidDocumentDocs } from './routes/get-did-document';
import { getDppDocs } from './routes/get-dpp';
import { getDppAspectDocs } from './routes/get-dpp-aspect';
import { getDppCompletenessDocs } from './routes/get-dpp-completeness';
import { getDppContextDocs } from './routes/get-dpp-context';
import { getDppFileDocs } from './routes/get-dpp-file';
import { getDppQrDocs } from './routes/get-dpp-qr';
import { getDppVersionDocumentDocs } from './routes/get-dpp-version-document';
import { getImportDocs } from './routes/get-import';
import { getInvitationPageDocs } from './routes/get-invitation-page';
import { getKybDataDocs } from './routes/get-kyb-data';
import { getNonOfficialOperatorDocs } from './routes/get-non-official-operator';
import { getPassportPageDocs } from './routes/get-passport-page';
import { getProfileDocs } from './routes/get-profile';
import { getPublicDppAspectDocs } from './routes/get-public-dpp-aspect';
import { getPublicDppFileDocs } from './routes/get-public-dpp-file';
import { getPublicDppImageDocs } from './routes/get-public-dpp-image';
import { getRegistryRecordDocs } from './routes/get-registry-record';
import { getTemplateFileDocs } from './routes/get-template-file';
import { healthDocs } from './routes/health';
import { listAccessGrantsDocs } from './routes/list-access-grants';
import { listAccessLogDocs } from './routes/list-access-log';
import { listDppAspectHistoryDocs } from './routes/list-dpp-aspect-history';
import { listDppFilesDocs } from './routes/list-dpp-files';
import { listDppNotarizationsDocs } from './routes/list-dpp-notarizations';
import { listDppVersionsDocs } from './routes/list-dpp-versions';
import { listDppsDocs } from './routes/list-dpps';
import { listImportRowsDocs } from './routes/list-import-rows';
import { listImportsDocs } from './routes/list-imports';
import { listNonOfficialOperatorsDocs } from './routes/list-non-official-operators';
import { listProfilesDocs } from './routes/list-profiles';
import { listPublicDppAspectHistoryDocs } from './routes/list-public-dpp-aspect-history';
import { listTemplateFilesDocs } from './routes/list-template-files';
import { listTemplatesDocs } from './routes/list-templates';
import { machineTranslateDppDocs } from './routes/machine-translate-dpp';
import { notFoundDocs } from './routes/not-found';
import { notarizeDppVersionDocs } from './routes/notarize-dpp-version';
import { patchDppAspectDocs } from './routes/patch-dpp-aspect';
import { putConformityClaimsDocs } from './routes/put-conformity-claims';
import { putDppAspectDocs } from './routes/put-dpp-aspect';
import { putDppTranslationDocs } from './routes/put-dpp-translation';
import { putRegistrationDocs } from './routes/put-registration';
import { readPassportDocs } from './routes/read-passport';
import { readPassportAtDateDocs } from './routes/read-passport-at-date';
import { readPassportByProductDocs } from './routes/read-passport-by-product';
import { readPassportElementDocs } from './routes/read-passport-element';
import { readPassportIdsDocs } from './routes/read-passport-ids';
import { resolveItemDocs } from './routes/resolve-item';
import { resolveProductDocs } from './routes/resolve-product';
import { searchRelatedDppsDocs } from './routes/search-related-dpps';
import { updateCompanyDocs } from './routes/update-company';
import { updateDppDocs } from './routes/update-dpp';
import { updateDppCardDocs } from './routes/update-dpp-card';
import { updateDppFileDocs } from './routes/update-dpp-file';
import { updateDppImageDocs } from './routes/update-dpp-image';
import { updatePassportDocs } from './routes/update-passport';
import { updatePassportElementDocs } from './routes/update-passport-element';
import { updateTemplateDocs } from './routes/update-template';
import { updateTemplateFileDocs } from './routes/update-template-file';
import { validatePromotionalCodeDocs } from './routes/validate-promotional-code';
import { verifyBusinessDocs } from './routes/verify-business';
import { verifyDppVersionDocs } from './routes/verify-dpp-version';

export const routes = [
  generateJwtDocs,
  getDppDocs,
  getPublicDppAspectDocs,
  listPublicDppAspectHistoryDocs,
  createDppDocs,
  listDppsDocs,
  getCompanyDppDocs,
  updateDppDocs,
  putDppAspectDocs,
  patchDppAspectDocs,
  getDppAspectDocs,
  getDppCompletenessDocs,
  listDppAspectHistoryDocs,
  putConformityClaimsDocs,
  getConformityClaimsDocs,
  createSuccessorDocs,
  ceaseDppDocs,
  getRegistryRecordDocs,
  putRegistrationDocs,
  createRegistryExportDocs,
  createTemplateDocs,
  listTemplatesDocs,
  updateTemplateDocs,
  createTemplateFileDocs,
  listTemplateFilesDocs,
  getTemplateFileDocs,
  updateTemplateFileDocs,
  deleteTemplateFileDocs,
  createDppFileDocs,
  listDppFilesDocs,
  getDppFileDocs,
  updateDppFileDocs,
  deleteDppFileDocs,
  createDppCardDocs,
  updateDppCardDocs,
  deleteDppCardDocs,
  createDppImageDocs,
  getPublicDppFileDocs,
  getPublicDppImageDocs,
  downloadDppFileDocs,
  downloadDppImageDocs,
  updateDppImageDocs,
  deleteDppImageDocs,
  createAccessGrantDocs,
  listAccessGrantsDocs,
  deleteAccessGrantDocs,
  listAccessLogDocs,
  putDppTranslationDocs,
  machineTranslateDppDocs,
  listDppVersionsDocs,
  createDppVersionDocs,
  getDppVersionDocumentDocs,
  verifyDppVersionDocs,
  getDidDocumentDocs,
  getDppContextDocs,
  notarizeDppVersionDocs,
  listDppNotarizationsDocs,
  searchRelatedDppsDocs,
  createRelatedDppsDocs,
  listNonOfficialOperatorsDocs,
  getNonOfficialOperatorDocs,
  createInvitationDocs,
  acceptInvitationDocs,
  getInvitationPageDocs,
  verifyBusinessDocs,
  getKybDataDocs,
  getCompanyDocs,
  updateCompanyDocs,
  validatePromotionalCodeDocs,
  discountSubscriptionDocs,
  healthDocs,
  resolveItemDocs,
  resolveProductDocs,
  describeResolverDocs,
  getDppQrDocs,
  getPassportPageDocs,
  listProfilesDocs,
  getProfileDocs,
  createImportDocs,
  getImportDocs,
  listImportRowsDocs,
  listImportsDocs,
  createImportMappingDocs,
  createPassportDocs,
  readPassportDocs,
  updatePassportDocs,
  deletePassportDocs,
  readPassportByProductDocs,
  readPassportAtDateDocs,
  readPassportIdsDocs,
  readPassportElementDocs,
  updatePassportElementDocs,
  notFoundDocs,
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
