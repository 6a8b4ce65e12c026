import * as v from 'valibot';

/**
 * The response shapes of the interface (section 2), as schemas. They are the contract the
 * tests check every answer against and the OpenAPI document shows; functions never
 * validate their own answers, and each function bundles only its own route's shapes:
 * the calls are marked pure, so esbuild drops every shape a function does not use.
 */
const str = /* @__PURE__ */ v.string();
/** Who may read a part of a passport (lib/access-tiers/tiers.ts). */
export const accessTier = /* @__PURE__ */ v.picklist(['public', 'legitimate_interest', 'authority', 'company']);

/**
 * `{ ...a, ...b }` as a call marked pure: a spread at module level counts as a side effect
 * (a getter could run), so a shape built with one would stay in every bundle that imports
 * this module, used or not.
 */
const join = <A extends object, B extends object>(a: A, b: B): A & B => ({ ...a, ...b });

/** docs/spec/decisions.md, Transport: ISO 8601 UTC with milliseconds, `2026-11-21T10:15:30.123Z`. */
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
/** docs/spec/decisions.md, Files: signed GET URLs (`signedUrl`, `url`, and a passport image's `image`). */
export const signedUrl = /* @__PURE__ */ v.pipe(str, /* @__PURE__ */ v.url());
/** docs/spec/decisions.md, Enumerations: a file's `type` is the MIME type detected from its bytes. */
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
/** docs/spec/decisions.md, Files: the hex SHA-256 of the stored bytes. */
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
  /** Who may read it (docs/choices.md, Access tiers). */
  access_tier: accessTier,
};

/** A DPP as the related-DPPs search shows it (interface 4.3): `related_dpps` are the ids it links to. */
export const relatedDpp = /* @__PURE__ */ v.strictObject({
  id: str,
  company_id: str,
  name: str,
  description: str,
  type: str,
  created_at: timestamp,
  updated_at: timestamp,
  related_dpps: /* @__PURE__ */ v.array(str),
});

/** A file copied from a related DPP onto the target (POST /related-dpps), with a signed URL to its own bytes. */
export const relatedFile = /* @__PURE__ */ v.strictObject({
  id: str,
  name: str,
  description: str,
  type: fileType,
  path: str,
  url: signedUrl,
  created_at: timestamp,
  updated_at: timestamp,
});

/** A tech card copied from a related DPP onto the target; `dpp_card_id` is the copy's own id. */
export const relatedTechCard = /* @__PURE__ */ v.strictObject({
  id: str,
  name: str,
  description: str,
  characteristics: /* @__PURE__ */ v.array(
    /* @__PURE__ */ v.strictObject({ id: str, characteristic: str, dpp_card_id: str }),
  ),
});

/** A file as a version froze it (versions and notarizations views); `url` is signed, to that version's bytes. */
export const versionFile = /* @__PURE__ */ v.strictObject({
  id: str,
  name: str,
  description: str,
  type: fileType,
  path: str,
  url: signedUrl,
});

/** A tech card as a version froze it. */
export const versionCard = /* @__PURE__ */ v.strictObject({
  id: str,
  name: str,
  description: str,
  characteristics: /* @__PURE__ */ v.array(/* @__PURE__ */ v.strictObject({ id: str, characteristic: str })),
});

/** A DPP version (interface 2, DPP version): its number as a string, its public `uri`, what it froze. */
export const dppVersion = /* @__PURE__ */ v.strictObject({
  version: /* @__PURE__ */ v.pipe(str, /* @__PURE__ */ v.regex(/^[1-9]\d*$/, 'must be a version number')),
  uri: /* @__PURE__ */ v.pipe(str, /* @__PURE__ */ v.url()),
  files: /* @__PURE__ */ v.array(versionFile),
  cards: /* @__PURE__ */ v.array(versionCard),
});

/** Aspect id → its document in the profile's source form (docs/profiles.md). */
export const aspectDocuments = /* @__PURE__ */ v.record(
  str,
  /* @__PURE__ */ v.record(str, /* @__PURE__ */ v.unknown()),
);

/** A passport's lifecycle (docs/behaviour.md, Lifecycle): its predecessor, its successor, whether it ceased. */
/**
 * A change of a dynamic attribute in a profiled DPP's history (lib/dpp-aspects: the company's
 * GET /dpps/{dppId}/aspects-history; the public one shows the same but for `changed_by`).
 */
export const aspectChange = {
  revision: /* @__PURE__ */ v.pipe(
    /* @__PURE__ */ v.number(),
    /* @__PURE__ */ v.integer(),
    /* @__PURE__ */ v.minValue(1),
  ),
  changed_at: str,
  changed_by: str,
  aspect: str,
  attribute: str,
  pointer: str,
  tier: /* @__PURE__ */ v.picklist(['public', 'legitimate_interest', 'authority']),
  old: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.unknown()),
  new: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.unknown()),
};

export const lifecycle = /* @__PURE__ */ v.strictObject({
  replaces: /* @__PURE__ */ v.optional(str),
  replaced_by: /* @__PURE__ */ v.optional(str),
  ceased: /* @__PURE__ */ v.boolean(),
  ceased_at: /* @__PURE__ */ v.optional(timestamp),
});

/** A conformity claim as stored (lib/dpps/conformity-claims.ts): the company's, its id and its checked evidence. */
export const conformityClaim = /* @__PURE__ */ v.strictObject({
  id: str,
  topic: str,
  conformance: /* @__PURE__ */ v.boolean(),
  description: /* @__PURE__ */ v.optional(str),
  criteria: /* @__PURE__ */ v.array(
    /* @__PURE__ */ v.strictObject({ id: str, name: str, description: /* @__PURE__ */ v.optional(str) }),
  ),
  reference_standard: /* @__PURE__ */ v.optional(
    /* @__PURE__ */ v.strictObject({
      id: str,
      name: str,
      issuing_party: /* @__PURE__ */ v.strictObject({ id: str, name: str }),
    }),
  ),
  reference_regulation: /* @__PURE__ */ v.optional(
    /* @__PURE__ */ v.strictObject({
      id: str,
      name: str,
      administered_by: /* @__PURE__ */ v.strictObject({ id: str, name: str }),
    }),
  ),
  evidence: /* @__PURE__ */ v.strictObject({
    credential: str,
    url: /* @__PURE__ */ v.optional(str),
    hash: sha256,
    issuer: str,
    issuer_name: /* @__PURE__ */ v.optional(str),
  }),
});
export const conformityClaims = /* @__PURE__ */ v.array(conformityClaim);

/**
 * The canonical version document a version's `uri` serves (lib/versions/model.ts,
 * VersionDocument): the DPP's fields, files (with the hash of their bytes) and cards as the
 * version froze them. Its exact bytes are what the content hash is taken of.
 */
export const versionDocument = /* @__PURE__ */ v.strictObject({
  format: /* @__PURE__ */ v.literal('dpp-version/1'),
  dpp_id: str,
  version: /* @__PURE__ */ v.pipe(
    /* @__PURE__ */ v.number(),
    /* @__PURE__ */ v.integer(),
    /* @__PURE__ */ v.minValue(1),
  ),
  version_id: str,
  created_at: timestamp,
  dpp: /* @__PURE__ */ v.strictObject({
    id: str,
    company_id: str,
    model_id: str,
    template_id: str,
    code: str,
    search_id: str,
    name: str,
    description: str,
    type: str,
    language: str,
    created_at: timestamp,
    updated_at: timestamp,
  }),
  files: /* @__PURE__ */ v.array(
    /* @__PURE__ */ v.strictObject({ id: str, name: str, description: str, type: fileType, path: str, hash: sha256 }),
  ),
  cards: /* @__PURE__ */ v.array(versionCard),
  /** A profiled DPP's profile, category and aspects with only the public attributes (docs/profiles.md). */
  profiled: /* @__PURE__ */ v.optional(
    /* @__PURE__ */ v.strictObject({
      profile: str,
      category: /* @__PURE__ */ v.optional(str),
      aspects: aspectDocuments,
    }),
  ),
  /** The company's conformity claims with their evidence; only on a version taken when it had some. */
  conformity_claims: /* @__PURE__ */ v.optional(conformityClaims),
  /** The SHA-256 of each restricted tier's document; only on a version with restricted parts. */
  tiers: /* @__PURE__ */ v.optional(
    /* @__PURE__ */ v.strictObject({
      legitimate_interest: /* @__PURE__ */ v.optional(sha256),
      authority: /* @__PURE__ */ v.optional(sha256),
      company: /* @__PURE__ */ v.optional(sha256),
    }),
  ),
});

/** A version's tier document (its restricted parts of one tier, salted): what an access grant reads at the version's address. */
export const tierDocument = /* @__PURE__ */ v.strictObject({
  format: /* @__PURE__ */ v.literal('dpp-version-tier/1'),
  dpp_id: str,
  version: /* @__PURE__ */ v.number(),
  version_id: str,
  tier: /* @__PURE__ */ v.picklist(['legitimate_interest', 'authority', 'company']),
  salt: /* @__PURE__ */ v.pipe(str, /* @__PURE__ */ v.regex(/^[0-9a-f]{32}$/)),
  files: /* @__PURE__ */ v.array(
    /* @__PURE__ */ v.strictObject({ id: str, name: str, description: str, type: fileType, path: str, hash: sha256 }),
  ),
  cards: /* @__PURE__ */ v.array(versionCard),
  /** A profiled DPP's attributes of this tier alone, in their aspect documents. */
  aspects: /* @__PURE__ */ v.optional(aspectDocuments),
});

const evmAddress = /* @__PURE__ */ v.pipe(
  str,
  /* @__PURE__ */ v.regex(/^0x[0-9a-fA-F]{40}$/, 'must be an EVM address'),
);
/** A chain field the anchor worker has not filled yet is `""`. */
const notYet = /* @__PURE__ */ v.literal('');
const chainHash = /* @__PURE__ */ v.union([
  notYet,
  /* @__PURE__ */ v.pipe(str, /* @__PURE__ */ v.regex(/^0x[0-9a-f]{64}$/, 'must be a 0x-prefixed 32-byte hash')),
]);
const count = /* @__PURE__ */ v.pipe(
  /* @__PURE__ */ v.number(),
  /* @__PURE__ */ v.integer(),
  /* @__PURE__ */ v.minValue(0),
);

/** The answer of notarize (interface 4.8): the notarized version. */
export const notarizedVersion = /* @__PURE__ */ v.strictObject({
  id: str,
  status: /* @__PURE__ */ v.literal('READY'),
  hash: sha256,
  signature: /* @__PURE__ */ v.pipe(
    str,
    /* @__PURE__ */ v.regex(/^0x[0-9a-f]{130}$/, 'must be a 0x-prefixed 65-byte signature'),
  ),
  submitter: evmAddress,
  uri: /* @__PURE__ */ v.pipe(str, /* @__PURE__ */ v.url()),
});

/**
 * A notarization (interface 4.8): its chain fields (`""` and block 0 until the anchor worker
 * fills them), the DPP as the version froze it, and the version's files and cards.
 */
export const notarization = /* @__PURE__ */ v.strictObject({
  id: str,
  block_hash: chainHash,
  block_number: count,
  created_at: timestamp,
  dpp_hash: sha256,
  from: /* @__PURE__ */ v.union([notYet, evmAddress]),
  to: /* @__PURE__ */ v.union([notYet, evmAddress]),
  transaction_hash: chainHash,
  url: /* @__PURE__ */ v.union([notYet, /* @__PURE__ */ v.pipe(str, /* @__PURE__ */ v.url())]),
  version: count,
  status: /* @__PURE__ */ v.picklist(['PENDING', 'ANCHORED', 'FAILED']),
  dpp: /* @__PURE__ */ v.strictObject({
    id: str,
    code: str,
    description: str,
    dpp_id: str,
    model_id: str,
    name: str,
    type: str,
    search_id: str,
    template_id: str,
    company_id: str,
    created_at: timestamp,
    updated_at: timestamp,
    version_id: str,
    related_dpps: /* @__PURE__ */ v.null(),
  }),
  files: /* @__PURE__ */ v.array(versionFile),
  cards: /* @__PURE__ */ v.array(versionCard),
});

/** `{message, ok}` of the write routes. */
export const done = { message: str, ok: /* @__PURE__ */ v.literal(true) };

/** docs/spec/decisions.md, Enumerations: KYB `status`. */
const kybStatus = /* @__PURE__ */ v.picklist(['PENDING', 'VERIFIED', 'REJECTED']);

/** The interface's "KYB data" (section 2): the nine fields as the company sent them. */
export const kybData = /* @__PURE__ */ v.strictObject({
  company_name: str,
  vat_number: str,
  street_address: str,
  zip_or_postal_code: str,
  city_or_town: str,
  district_or_province: str,
  sdi_or_pec: str,
  rea_code: str,
  country_code: str,
});

/** The interface's KYB result (`companyInfo`): `vat` is the number as VIES checked it (`IT…`, `EL…`, `XI…`). */
export const kybResult = /* @__PURE__ */ v.strictObject({
  vat: str,
  street_address: str,
  zip_or_postal_code: str,
  city_or_town: str,
  district_or_province: str,
  rea_code: str,
  sdi_or_pec: str,
  status: kybStatus,
});

/** `nextCursor` when another page has items (docs/spec/decisions.md, Lists). */
export const nextCursor = { nextCursor: /* @__PURE__ */ v.optional(str) };

/**
 * A profiled passport's fields on its public views (lib/profiles/passport.ts): its profile, category,
 * whether it is complete, its aspect documents with only the reader's tier's attributes; and its lifecycle.
 */
const profiledEntries = () => ({
  profile: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.strictObject({ id: str, name: str, version: str })),
  category: /* @__PURE__ */ v.optional(str),
  complete: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.boolean()),
  aspects: /* @__PURE__ */ v.optional(aspectDocuments),
  lifecycle: /* @__PURE__ */ v.optional(lifecycle),
});

export const translatedDpp = /* @__PURE__ */ v.strictObject({
  id: str,
  name: str,
  description: str,
  created_at: timestamp,
  updated_at: timestamp,
  type: str,
  company_id: str,
  model_id: str,
  /**
   * `url`: the image's public address (GET /dpp/{dppId}/images/{imageId}), which lasts, unlike the signed
   * `image`; a restricted image's `image` and `url` are both its download through the grant
   * (GET /dpp/{dppId}/images/{imageId}/download).
   */
  images: /* @__PURE__ */ v.array(
    /* @__PURE__ */ v.strictObject({ image: signedUrl, type: str, uuid: str, url: signedUrl, access_tier: accessTier }),
  ),
  /** `url`: the file's public download (GET /dpp/{dppId}/files/{fileId}), or a restricted one's through the grant (…/download). */
  files: /* @__PURE__ */ v.array(
    /* @__PURE__ */ v.strictObject({
      id: str,
      name: str,
      description: str,
      path: str,
      url: signedUrl,
      access_tier: accessTier,
    }),
  ),
  cards: /* @__PURE__ */ v.array(
    /* @__PURE__ */ v.strictObject({
      id: str,
      name: str,
      description: str,
      characteristics: /* @__PURE__ */ v.array(/* @__PURE__ */ v.strictObject({ id: str, characteristic: str })),
      access_tier: accessTier,
    }),
  ),
  .../* @__PURE__ */ profiledEntries(),
  /** Its identifier in the EU DPP registry (Reg. (EU) 2026/1778), once its company stored it; absent before. */
  registration_id: /* @__PURE__ */ v.optional(str),
});

/**
 * What a request carrying an `access` value reads at (GET /dpp/{dppId}): `granted` with the grant's tier,
 * or `invalid` with `public` when the value names no active grant (revoked, expired or wrong, alike).
 */
export const accessStatus = /* @__PURE__ */ v.strictObject({
  status: /* @__PURE__ */ v.picklist(['granted', 'invalid']),
  tier: /* @__PURE__ */ v.picklist(['public', 'legitimate_interest', 'authority']),
});

/** A tech card as the card routes answer it: the interface's tech card, with the DPP it is on. */
export const dppCard = /* @__PURE__ */ v.strictObject({
  id: str,
  dpp_id: str,
  name: str,
  description: str,
  characteristics: /* @__PURE__ */ v.array(/* @__PURE__ */ v.strictObject({ id: str, characteristic: str })),
  access_tier: accessTier,
});

/** A DPP image as the passport shows it: `image` a signed GET URL, `type` the detected image type, `uuid` its id. */
export const dppImage = /* @__PURE__ */ v.strictObject({
  image: signedUrl,
  type: /* @__PURE__ */ v.picklist(['image/png', 'image/jpeg', 'image/webp', 'image/gif']),
  uuid: str,
});

const translatedText = /* @__PURE__ */ v.strictObject({ name: str, description: str });
/** A card's stored texts: its name and description when translated, its characteristics' by id when any is. */
const translatedCard = /* @__PURE__ */ v.strictObject({
  name: /* @__PURE__ */ v.optional(str),
  description: /* @__PURE__ */ v.optional(str),
  characteristics: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.record(str, str)),
});

/**
 * What is stored for one language of a DPP (PUT /dpps/{dppId}/translations/{language}): the DPP's
 * name and description when translated, its files' and cards' (with their characteristics') by id, and `stale`, the units made
 * for an older wording of their source text (`dpp`, `files.<id>`, `cards.<id>`, `cards.<id>.characteristics.<id>`).
 */
export const storedTranslation = /* @__PURE__ */ v.strictObject({
  language: str,
  name: /* @__PURE__ */ v.optional(str),
  description: /* @__PURE__ */ v.optional(str),
  files: /* @__PURE__ */ v.record(str, translatedText),
  cards: /* @__PURE__ */ v.record(str, translatedCard),
  stale: /* @__PURE__ */ v.array(str),
});

/** `{message}` of the invitation routes (interface 4.6). */
export const message = { message: str };

/** A non-official operator (interface 2): `created_at` in the list, `updated_at` alone. */
const operatorFields = { id: str, email: str, country_code: str, company_name: str };
export const listedOperator = /* @__PURE__ */ v.strictObject(
  /* @__PURE__ */ join(operatorFields, { created_at: timestamp }),
);
export const nonOfficialOperator = /* @__PURE__ */ v.strictObject(
  /* @__PURE__ */ join(operatorFields, { updated_at: timestamp }),
);

/** Stripe's integers (epoch seconds, counts, amounts in a currency's smallest unit). */
const int = /* @__PURE__ */ v.pipe(/* @__PURE__ */ v.number(), /* @__PURE__ */ v.integer());
const nullableInt = /* @__PURE__ */ v.nullable(int);
const nullableStr = /* @__PURE__ */ v.nullable(str);
const stripeMetadata = /* @__PURE__ */ v.record(str, str);

/**
 * A promotion code, validation form (interface 2): `discount.amount` is a percentage or an amount in
 * the smallest unit of the coupon's currency (as Stripe counts it); `expiration_date` is null when
 * the code never expires.
 */
export const validatedPromotionCode = /* @__PURE__ */ v.strictObject({
  id: str,
  code: str,
  active: /* @__PURE__ */ v.boolean(),
  discount: /* @__PURE__ */ v.strictObject({
    type: /* @__PURE__ */ v.picklist(['percent', 'amount']),
    amount: /* @__PURE__ */ v.number(),
  }),
  expiration_date: /* @__PURE__ */ v.nullable(timestamp),
});

/**
 * A promotion code, activation form (interface 2): Stripe's promotion code object, its coupon in
 * place, with Stripe's own nulls (`percent_off` of an amount coupon, a coupon with no limit).
 */
export const activatedPromotionCode = /* @__PURE__ */ v.strictObject({
  id: str,
  object: /* @__PURE__ */ v.literal('promotion_code'),
  code: str,
  active: /* @__PURE__ */ v.boolean(),
  created: int,
  customer: nullableStr,
  expires_at: nullableInt,
  livemode: /* @__PURE__ */ v.boolean(),
  max_redemptions: nullableInt,
  times_redeemed: int,
  metadata: stripeMetadata,
  restrictions: /* @__PURE__ */ v.strictObject({
    first_time_transaction: /* @__PURE__ */ v.boolean(),
    minimum_amount: nullableInt,
    minimum_amount_currency: nullableStr,
  }),
  coupon: /* @__PURE__ */ v.strictObject({
    id: str,
    object: /* @__PURE__ */ v.literal('coupon'),
    amount_off: nullableInt,
    created: int,
    currency: nullableStr,
    duration: /* @__PURE__ */ v.picklist(['forever', 'once', 'repeating']),
    duration_in_months: nullableInt,
    livemode: /* @__PURE__ */ v.boolean(),
    max_redemptions: nullableInt,
    metadata: stripeMetadata,
    name: nullableStr,
    percent_off: /* @__PURE__ */ v.nullable(/* @__PURE__ */ v.number()),
    redeem_by: nullableInt,
    times_redeemed: int,
    valid: /* @__PURE__ */ v.boolean(),
  }),
});

/** The error body of docs/spec/decisions.md. */
export const errorBody = /* @__PURE__ */ v.strictObject({
  error: str,
  code: str,
  details: /* @__PURE__ */ v.optional(
    /* @__PURE__ */ v.array(/* @__PURE__ */ v.strictObject({ path: str, message: str })),
  ),
});

/** A DPP's own fields as its company sees them (the authoring routes, /dpps): `""`, 0 and [] where never set. */
const companyDppEntries = {
  id: str,
  company_id: str,
  name: str,
  description: str,
  type: str,
  code: /* @__PURE__ */ v.union([
    /* @__PURE__ */ v.literal(''),
    /* @__PURE__ */ v.pipe(str, /* @__PURE__ */ v.regex(/^\d{14}$/, 'must be a GTIN-14')),
  ]),
  search_id: str,
  model_id: str,
  template_id: str,
  /** The commodity code and facility GLN set on the DPP (`""`: its template's, if any, counts; docs/behaviour.md, The EU registry). */
  commodity_code: str,
  facility_id: str,
  /** The EU registry's identifier of the passport (PUT /dpps/{dppId}/registration); `""` until it is stored. */
  registration_id: str,
  language: str,
  version_count: count,
  published: /* @__PURE__ */ v.boolean(),
  /** The sector profile the DPP follows and its category (docs/profiles.md); `""` for a DPP without one. */
  profile: str,
  category: str,
  related_dpps: /* @__PURE__ */ v.array(str),
  created_at: timestamp,
  updated_at: timestamp,
  /** Its predecessor, successor and whether it ceased (docs/behaviour.md, Lifecycle), when any applies. */
  lifecycle: /* @__PURE__ */ v.optional(lifecycle),
};
export const companyDppFields = /* @__PURE__ */ v.strictObject(companyDppEntries);

/** A DPP as its company sees it (GET /dpps/{dppId}): its fields and everything under it. */
export const companyDpp = /* @__PURE__ */ v.strictObject(
  /* @__PURE__ */ join(companyDppEntries, {
    images: /* @__PURE__ */ v.array(
      /* @__PURE__ */ v.strictObject({ id: str, type: str, url: signedUrl, access_tier: accessTier }),
    ),
    files: /* @__PURE__ */ v.array(/* @__PURE__ */ v.strictObject(/* @__PURE__ */ join(dppFile, { url: signedUrl }))),
    cards: /* @__PURE__ */ v.array(
      /* @__PURE__ */ v.strictObject({
        id: str,
        name: str,
        description: str,
        characteristics: /* @__PURE__ */ v.array(/* @__PURE__ */ v.strictObject({ id: str, characteristic: str })),
        access_tier: accessTier,
      }),
    ),
    /** The languages of its stored translations. */
    translations: /* @__PURE__ */ v.array(str),
  }),
);

/** A template of a company (the template routes): `model_id` `""` where never set. */
export const template = /* @__PURE__ */ v.strictObject({
  id: uuid,
  company_id: str,
  name: str,
  model_id: str,
  /** The sector profile and category a DPP made from the template takes; `""` when it has none. */
  profile: str,
  category: str,
  /** The commodity code and facility GLN its DPPs default to; `""` when it has none. */
  commodity_code: str,
  facility_id: str,
  created_at: timestamp,
  updated_at: timestamp,
});

/** An access grant as its company sees it (lib/access-grants): never its secret or the secret's hash. */
export const accessGrant = /* @__PURE__ */ v.strictObject({
  id: uuid,
  dpp_id: str,
  tier: /* @__PURE__ */ v.picklist(['legitimate_interest', 'authority']),
  /** `operator_id` when the audience is a non-official operator (then `email` is the operator's). */
  audience: /* @__PURE__ */ v.strictObject({ email: str, operator_id: /* @__PURE__ */ v.optional(str) }),
  created_at: timestamp,
  /** The id of the admin who created it. */
  created_by: str,
  expires_at: timestamp,
  status: /* @__PURE__ */ v.picklist(['active', 'expired', 'revoked']),
  revoked_at: /* @__PURE__ */ v.optional(timestamp),
});

/** One read through an access grant: which grant, when, on which route, and the restricted parts served. */
export const accessLogEntry = /* @__PURE__ */ v.strictObject({
  id: uuid,
  grant_id: uuid,
  tier: /* @__PURE__ */ v.picklist(['legitimate_interest', 'authority']),
  read_at: timestamp,
  route: /* @__PURE__ */ v.picklist(['dpp', 'passport', 'version', 'file', 'image', 'aspect', 'aspect-history']),
  /** `read` a full answer, `head` a HEAD, `not_modified` a revalidation answered 304. */
  kind: /* @__PURE__ */ v.picklist(['read', 'head', 'not_modified']),
  /** HMAC-SHA-256 (hex), keyed per grant, of the reader's IP address and user agent; absent for older grants. */
  reader: /* @__PURE__ */ v.optional(
    /* @__PURE__ */ v.pipe(/* @__PURE__ */ v.string(), /* @__PURE__ */ v.regex(/^[0-9a-f]{64}$/)),
  ),
  served: /* @__PURE__ */ v.strictObject({
    cards: /* @__PURE__ */ v.array(str),
    files: /* @__PURE__ */ v.array(str),
    images: /* @__PURE__ */ v.array(str),
    version: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.number()),
    /** The restricted attributes of a profiled passport served (their ids in its profile). */
    attributes: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.array(str)),
  }),
});

/**
 * A passport's EU DPP registry record (lib/registry/model.ts): the registration metadata of the
 * CIRPASS-2 mock EU registry's schema, whose rules it keeps (test/lib/registry/registry-schema.ts
 * checks records against them).
 */
export const registryRecord = /* @__PURE__ */ v.strictObject({
  upi: /* @__PURE__ */ v.pipe(str, /* @__PURE__ */ v.minLength(1), /* @__PURE__ */ v.maxLength(200)),
  reoId: /* @__PURE__ */ v.pipe(str, /* @__PURE__ */ v.minLength(1), /* @__PURE__ */ v.maxLength(50)),
  facilitiesId: /* @__PURE__ */ v.pipe(
    /* @__PURE__ */ v.array(/* @__PURE__ */ v.pipe(str, /* @__PURE__ */ v.maxLength(250))),
    /* @__PURE__ */ v.minLength(1),
  ),
  liveURL: /* @__PURE__ */ v.pipe(str, /* @__PURE__ */ v.url(), /* @__PURE__ */ v.regex(/^http/)),
  backupURL: /* @__PURE__ */ v.pipe(str, /* @__PURE__ */ v.url(), /* @__PURE__ */ v.regex(/^http/)),
  commodityCode: /* @__PURE__ */ v.pipe(str, /* @__PURE__ */ v.regex(/^[0-9]{4,10}$/)),
  dataCarrierTypes: /* @__PURE__ */ v.array(str),
  granularityLevel: /* @__PURE__ */ v.picklist(['MODEL', 'BATCH', 'ITEM']),
  /** Present exactly when `granularityLevel` is ITEM (the registry's rule). */
  deactivated: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.boolean()),
});

/** An EU registry export (POST /registry-exports): its files behind signed links, and the passports left out. */
export const registryExport = /* @__PURE__ */ v.strictObject({
  export_id: str,
  /** The changes it covers: after `since` (null: the company's first export) up to `until`. */
  since: /* @__PURE__ */ v.nullable(timestamp),
  until: timestamp,
  record_count: count,
  files: /* @__PURE__ */ v.array(
    /* @__PURE__ */ v.strictObject({
      url: signedUrl,
      records: /* @__PURE__ */ v.pipe(count, /* @__PURE__ */ v.maxValue(100)),
      dpp_ids: /* @__PURE__ */ v.array(str),
      expires_at: timestamp,
    }),
  ),
  skipped: /* @__PURE__ */ v.array(
    /* @__PURE__ */ v.strictObject({
      dpp_id: str,
      reason: /* @__PURE__ */ v.picklist(['not_published', 'incomplete']),
      missing: /* @__PURE__ */ v.optional(
        /* @__PURE__ */ v.array(/* @__PURE__ */ v.strictObject({ path: str, message: str })),
      ),
    }),
  ),
});

// ---------------------------------------------------------------------------------------------
// The passport API of EN 18222 (lib/passport-api): the EN 18223 header beside the data elements

/** A version as a passport of the passport API names it. */
export const passportVersion = /* @__PURE__ */ v.strictObject({
  number: v.pipe(v.number(), v.integer(), v.minValue(1)),
  hash: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)),
  createdAt: v.string(),
  uri: v.string(),
});

/**
 * A passport as the passport API answers it: the EN 18223 header (its id, the unique product
 * identifier as a GS1 Digital Link URI, granularity, the version of this document's shape, status,
 * last update, the economic operator's EORI number or LEI, the facility's GLN, the content
 * specifications it follows) and its data elements, as the reader's tier reads them.
 */
export const en18222Passport = /* @__PURE__ */ v.strictObject({
  digitalProductPassportId: v.string(),
  uniqueProductIdentifier: v.nullable(v.string()),
  granularity: v.picklist(['model', 'batch', 'item']),
  dppSchemaVersion: v.string(),
  dppStatus: v.picklist(['draft', 'active', 'inactive', 'archived']),
  lastUpdate: v.string(),
  economicOperatorId: v.nullable(v.string()),
  facilityId: v.nullable(v.string()),
  contentSpecificationIds: v.array(v.string()),
  elements: v.record(v.string(), v.unknown()),
  version: v.optional(passportVersion),
});
