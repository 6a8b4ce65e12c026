import * as v from 'valibot';

/**
 * The response shapes of the interface (section 2), as schemas. They are the contract the
 * tests check every answer against and the OpenAPI document shows; functions never
 * validate their own answers, and each function bundles only its own route's shapes:
 * the calls are marked pure, so esbuild drops every shape a function does not use.
 */
const str = /* @__PURE__ */ v.string();

/** decisions.md, Transport: ISO 8601 UTC with milliseconds, `2026-11-21T10:15:30.123Z`. */
export const timestamp = /* @__PURE__ */ v.pipe(
  str,
  /* @__PURE__ */ v.isoTimestamp(),
  /* @__PURE__ */ v.regex(
    /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/,
    'must be an ISO 8601 UTC timestamp with milliseconds',
  ),
);
/** The fields the interface types as uuid. */
const uuid = /* @__PURE__ */ v.pipe(str, /* @__PURE__ */ v.uuid());
/** decisions.md, Files: signed GET URLs (`signedUrl`, `url`, and a passport image's `image`). */
export const signedUrl = /* @__PURE__ */ v.pipe(str, /* @__PURE__ */ v.url());
/** decisions.md, Enumerations: a file's `type` is the MIME type detected from its bytes. */
const fileType = /* @__PURE__ */ v.picklist([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'text/plain',
  'text/csv',
  'application/json',
]);
/** decisions.md, Files: the hex SHA-256 of the stored bytes. */
const sha256 = /* @__PURE__ */ v.pipe(str, /* @__PURE__ */ v.regex(/^[0-9a-f]{64}$/, 'must be a hex SHA-256'));

export const templateFile = {
  id: uuid,
  template_id: uuid,
  name: str,
  description: str,
  path: str,
  type: fileType,
  uuid: uuid,
};

export const dppFile = {
  id: str,
  dpp_id: str,
  created_at: timestamp,
  updated_at: timestamp,
  created_by: str,
  description: str,
  name: str,
  path: str,
  type: fileType,
  hash: sha256,
  notarized: /* @__PURE__ */ v.boolean(),
};

/** `{message, ok}` of the write routes. */
export const done = { message: str, ok: /* @__PURE__ */ v.literal(true) };

/** `nextCursor` when another page has items (decisions.md, Lists). */
export const nextCursor = { nextCursor: /* @__PURE__ */ v.optional(str) };

export const translatedDpp = /* @__PURE__ */ v.strictObject({
  id: str,
  name: str,
  description: str,
  created_at: timestamp,
  updated_at: timestamp,
  type: str,
  company_id: str,
  model_id: str,
  images: /* @__PURE__ */ v.array(/* @__PURE__ */ v.strictObject({ image: signedUrl, type: str, uuid: str })),
  files: /* @__PURE__ */ v.array(/* @__PURE__ */ v.strictObject({ id: str, name: str, description: str, path: str })),
  cards: /* @__PURE__ */ v.array(
    /* @__PURE__ */ v.strictObject({
      id: str,
      name: str,
      description: str,
      characteristics: /* @__PURE__ */ v.array(/* @__PURE__ */ v.strictObject({ id: str, characteristic: str })),
    }),
  ),
});

/** The error body of decisions.md. */
export const errorBody = /* @__PURE__ */ v.strictObject({
  error: str,
  code: str,
  details: /* @__PURE__ */ v.optional(
    /* @__PURE__ */ v.array(/* @__PURE__ */ v.strictObject({ path: str, message: str })),
  ),
});
