import { optional, required } from './config';

/**
 * Public links the service writes into responses (docs/spec/decisions.md, Public links): they start
 * with the configured public base URL (the custom domain in the cloud, the local API's
 * address locally), never an `execute-api` address. Only rows with `access.links` read it.
 */
const publicBaseUrl = /* @__PURE__ */ required('PUBLIC_BASE_URL');

const base = (): string => publicBaseUrl().replace(/\/+$/, '');

/**
 * A version's `uri`: the public, unauthenticated address of its canonical version document
 * (GET /dpp/{dppId}/versions/{version}), whose SHA-256 is the `dpp_hash` a notarization anchors.
 */
export const versionUri = (dppId: string, version: number): string =>
  `${base()}/dpp/${encodeURIComponent(dppId)}/versions/${version}`;

/**
 * The accept link of an invitation e-mail: the address of POST /accept-invitation with the
 * invitation's id as `invitationId`. The id is the secret. A browser that opens the link gets the
 * invitation page (GET /accept-invitation), whose button POSTs `{invitationId}` to the same address.
 */
export const invitationUrl = (invitationId: string): string =>
  `${base()}/accept-invitation?invitationId=${encodeURIComponent(invitationId)}`;

/** The public JSON view of a DPP (GET /dpp/{dppId}). */
export const dppJsonUrl = (dppId: string): string => `${base()}/dpp/${encodeURIComponent(dppId)}`;

/**
 * The public download of a DPP's file (GET /dpp/{dppId}/files/{fileId}): a redirect to a
 * short-lived signed URL of its current bytes, while the DPP is published.
 */
export const publicFileUrl = (dppId: string, fileId: string): string =>
  `${base()}/dpp/${encodeURIComponent(dppId)}/files/${encodeURIComponent(fileId)}`;

/** The public address of a DPP's image (GET /dpp/{dppId}/images/{imageId}), like publicFileUrl. */
export const publicImageUrl = (dppId: string, imageId: string): string =>
  `${base()}/dpp/${encodeURIComponent(dppId)}/images/${encodeURIComponent(imageId)}`;

/** `?access=<value>` when there is a value: a grant's link keeps it, a header client's does not (it sends the header). */
const withAccess = (href: string, access: string | undefined): string =>
  access === undefined ? href : `${href}?access=${encodeURIComponent(access)}`;

/**
 * The download of a DPP's file through an access grant (GET /dpp/{dppId}/files/{fileId}/download): the
 * grant is checked and the fetch logged each time, then a redirect to a signed URL of a minute.
 */
export const grantFileUrl = (dppId: string, fileId: string, access: string | undefined): string =>
  withAccess(`${publicFileUrl(dppId, fileId)}/download`, access);

/** An image of a DPP through an access grant (GET /dpp/{dppId}/images/{imageId}/download), like grantFileUrl. */
export const grantImageUrl = (dppId: string, imageId: string, access: string | undefined): string =>
  withAccess(`${publicImageUrl(dppId, imageId)}/download`, access);

/**
 * A GS1 Digital Link URI on the public base URL: the product `01/<gtin14>`, or the item
 * `01/<gtin14>/21/<serial>` (what a DPP's data carrier encodes: GET /dpps/{dppId}/qr).
 */
export const digitalLinkUri = (gtin14: string, serial?: string): string =>
  `${base()}/01/${gtin14}${serial === undefined ? '' : `/21/${encodeURIComponent(serial)}`}`;

/** The resolver's root: the public base URL, where Digital Link URIs and /.well-known/gs1resolver live. */
export const resolverRoot = (): string => base();
/**
 * The passport page (GET /passport/{dppId}), the default link a scan lands on; `lang` picks one
 * of the passport's languages (the page otherwise follows Accept-Language).
 */
export const passportPageUrl = (dppId: string, lang?: string): string =>
  `${base()}/passport/${encodeURIComponent(dppId)}${lang === undefined ? '' : `?lang=${encodeURIComponent(lang)}`}`;

/**
 * The service's own DID, the issuer of its credentials (docs/choices.md, Verifiable
 * credentials): `did:web:` and the public base URL's host, its port percent-encoded as did:web
 * requires (`did:web:localhost%3A3000`). A resolver reads its DID document at
 * `https://<host>/.well-known/did.json`, which GET /.well-known/did.json answers.
 */
export const issuerDid = (): string => `did:web:${encodeURIComponent(new URL(base()).host)}`;

/** The path of the service's own JSON-LD context, the vocabulary of its credentials' own terms (GET /ns/dpp/v1). */
export const DPP_CONTEXT_PATH = '/ns/dpp/v1';

/** The service's own JSON-LD context's address (docs/choices.md, Verifiable credentials): same origin as the credentials. */
export const dppContextUrl = (): string => `${base()}${DPP_CONTEXT_PATH}`;

/** A version's public verification (GET /dpp/{dppId}/versions/{version}/verification). */
export const verificationUrl = (dppId: string, version: number): string => `${versionUri(dppId, version)}/verification`;

/** The link of an access grant: the passport page with the grant's `access` value (which holds its secret). */
export const grantPageUrl = (dppId: string, access: string): string =>
  `${base()}/passport/${encodeURIComponent(dppId)}?access=${encodeURIComponent(access)}`;

/** The same grant on the public JSON view (GET /dpp/{dppId}?access=…; the `x-dpp-access` header works too). */
export const grantJsonUrl = (dppId: string, access: string): string =>
  `${dppJsonUrl(dppId)}?access=${encodeURIComponent(access)}`;

/**
 * The base URL of the back-up copy (EN 18221: a second provider serving every version with the
 * same access rules; docs/deploy.md, The back-up URL): the setting BACKUP_BASE_URL, from the
 * stack's context `backupBaseUrl`. Absent: the deployment has no back-up copy configured.
 */
const backupBaseUrl = /* @__PURE__ */ optional('BACKUP_BASE_URL');

/**
 * A DPP's public JSON view on the back-up copy (its GET /dpp/{dppId}, the same path as the
 * primary's): the `backupURL` of its EU registry record; undefined without a back-up base URL.
 */
export const backupDppJsonUrl = (dppId: string): string | undefined => {
  const backup = backupBaseUrl()?.replace(/\/+$/, '');
  return backup === undefined ? undefined : `${backup}/dpp/${encodeURIComponent(dppId)}`;
};
