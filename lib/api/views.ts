import * as v from 'valibot';

/**
 * The response shapes of the interface (section 2), as schemas. They are the contract the
 * tests check every answer against and the OpenAPI document shows; functions never
 * validate their own answers, and each function bundles only its own route's shapes:
 * the calls are marked pure, so esbuild drops every shape a function does not use.
 */
const str = /* @__PURE__ */ v.string();

export const templateFile = {
  id: str,
  template_id: str,
  name: str,
  description: str,
  path: str,
  type: str,
  uuid: str,
};

export const dppFile = {
  id: str,
  dpp_id: str,
  created_at: str,
  updated_at: str,
  created_by: str,
  description: str,
  name: str,
  path: str,
  type: str,
  hash: str,
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
  created_at: str,
  updated_at: str,
  type: str,
  company_id: str,
  model_id: str,
  images: /* @__PURE__ */ v.array(/* @__PURE__ */ v.strictObject({ image: str, type: str, uuid: str })),
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
  details: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.array(/* @__PURE__ */ v.strictObject({ path: str, message: str }))),
});
