import * as v from 'valibot';

/**
 * The profile format (docs/profiles.md): a sector's data model as data. A profile is one JSON
 * file under lib/profiles/data/; this module is its schema, in valibot, and the rules across
 * its fields (`profileProblems`). Nothing here knows any sector: a profile's aspects,
 * attributes, categories and access groups are all in its file.
 *
 * Used by the tests (each profile file conforms), the route docs (the catalogue's response
 * schema) and §2 of issue 27 (validating aspect documents against a profile). No function
 * imports it: a profile in the repository is checked by its test, not at every cold start.
 */

/** The value types an attribute, or a field nested in one, may have. */
export const VALUE_TYPES = ['number', 'integer', 'string', 'enum', 'date', 'uri', 'boolean', 'object', 'list'] as const;
export type ValueTypeName = (typeof VALUE_TYPES)[number];

/** The tiers an attribute is read at (lib/access-tiers/tiers.ts): `company` is the owner's own, never an attribute's. */
export const ATTRIBUTE_TIERS = ['public', 'legitimate_interest', 'authority'] as const;
export type AttributeTier = (typeof ATTRIBUTE_TIERS)[number];

/** How a category holds an attribute; a category an attribute does not name does not apply to it. */
export const OBLIGATIONS = ['mandatory', 'voluntary'] as const;

/** The forms a `date` takes: an RFC 3339 date-time, a full date, or a year and month. */
export const DATE_FORMATS = ['date-time', 'date', 'year-month'] as const;

const text = /* @__PURE__ */ v.pipe(/* @__PURE__ */ v.string(), /* @__PURE__ */ v.minLength(1));
/** An id of the format's own: lower-case words joined by `-`. */
const slug = /* @__PURE__ */ v.pipe(
  /* @__PURE__ */ v.string(),
  /* @__PURE__ */ v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case words joined by -'),
);
/** A language code (ISO 639-1) and its text; English is required, the page's other languages are checked by each profile's test. */
export const labels = /* @__PURE__ */ v.pipe(
  /* @__PURE__ */ v.record(
    /* @__PURE__ */ v.pipe(
      /* @__PURE__ */ v.string(),
      /* @__PURE__ */ v.regex(/^[a-z]{2}$/, 'must be an ISO 639-1 code'),
    ),
    text,
  ),
  /* @__PURE__ */ v.check((record) => 'en' in record, 'must have an English (`en`) label'),
);
/** An RFC 6901 JSON pointer to a value inside a document (`` for the document itself). */
export const jsonPointer = /* @__PURE__ */ v.pipe(
  /* @__PURE__ */ v.string(),
  /* @__PURE__ */ v.regex(/^(?:\/(?:[^~/]|~[01])*)*$/, 'must be an RFC 6901 JSON pointer, such as /a/b'),
);
const scalar = /* @__PURE__ */ v.union([
  /* @__PURE__ */ v.string(),
  /* @__PURE__ */ v.number(),
  /* @__PURE__ */ v.boolean(),
]);

/**
 * The keys of a value type. Nested types (`fields`, `items`, `entries`) are themselves value
 * types, given here as `nested` so that the same shape serves the format's own check (fully
 * recursive) and the catalogue's response schema (the OpenAPI document has no recursive
 * schemas: there, a nested type is any JSON object).
 */
const valueTypeEntries = <N extends v.GenericSchema>(nested: N) => ({
  type: /* @__PURE__ */ v.picklist(VALUE_TYPES),
  /** The unit of a number or integer, as its symbol (`kg`, `%`, `kWh`, `°C`, `a` for years). */
  unit: /* @__PURE__ */ v.optional(text),
  minimum: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.number()),
  maximum: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.number()),
  /** A string's ECMAScript regular expression (`u` flag). */
  pattern: /* @__PURE__ */ v.optional(text),
  /** An enum's values. */
  values: /* @__PURE__ */ v.optional(
    /* @__PURE__ */ v.pipe(/* @__PURE__ */ v.array(scalar), /* @__PURE__ */ v.minLength(1)),
  ),
  /** A date's form. */
  format: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.picklist(DATE_FORMATS)),
  /** An object's fields, each a value type that may say `required`. */
  fields: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.record(/* @__PURE__ */ v.string(), nested)),
  /** An object whose keys are free (a text per language): the type of each value. */
  entries: /* @__PURE__ */ v.optional(nested),
  /** A list's item type. */
  items: /* @__PURE__ */ v.optional(nested),
  /** A field of an object that must be there when the object is. */
  required: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.boolean()),
  /** A field's label, where it is shown on its own. */
  label: /* @__PURE__ */ v.optional(labels),
});

/** A type alias, not an interface: it must fit the catalogue's nested `looseObject`s (an index signature). */
export type ValueType = {
  type: ValueTypeName;
  unit?: string;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  values?: Array<string | number | boolean>;
  format?: (typeof DATE_FORMATS)[number];
  fields?: Record<string, ValueType>;
  entries?: ValueType;
  items?: ValueType;
  required?: boolean;
  label?: Record<string, string>;
};

export const valueType: v.GenericSchema<ValueType> = /* @__PURE__ */ v.strictObject(
  /* @__PURE__ */ valueTypeEntries(/* @__PURE__ */ v.lazy(() => valueType)),
) as v.GenericSchema<ValueType>;

/** Where an attribute's value is when it lies in the items of a list: which items, and where in each. */
const item = <N extends v.GenericSchema>(where: N) =>
  /* @__PURE__ */ v.strictObject({
    /** The items whose fields have these values; every item when absent. */
    where: /* @__PURE__ */ v.optional(where),
    /** The value's place inside an item. */
    pointer: jsonPointer,
  });

const attributeEntries = <T extends v.GenericSchema>(type: T) => ({
  /** Unique in the profile; stable (a DPP's data and its grants' tests name attributes by it). */
  id: slug,
  label: labels,
  /** Where the value is in its aspect's document (RFC 6901); for a value in a list's items, the list. */
  pointer: /* @__PURE__ */ v.optional(jsonPointer),
  item: /* @__PURE__ */ v.optional(item(/* @__PURE__ */ v.record(/* @__PURE__ */ v.string(), scalar))),
  /** An attribute made of others (by id), with no value of its own: present when they all are. */
  composedOf: /* @__PURE__ */ v.optional(
    /* @__PURE__ */ v.pipe(/* @__PURE__ */ v.array(slug), /* @__PURE__ */ v.minLength(1)),
  ),
  type: /* @__PURE__ */ v.optional(type),
  tier: /* @__PURE__ */ v.picklist(ATTRIBUTE_TIERS),
  /** Changes over the product's life (a history, not a new passport). */
  dynamic: /* @__PURE__ */ v.boolean(),
  /** One value for the product model, or one per item (each unit). */
  level: /* @__PURE__ */ v.picklist(['model', 'item']),
  /** Per category id: mandatory or voluntary; a category not named does not apply. */
  obligation: /* @__PURE__ */ v.record(/* @__PURE__ */ v.string(), /* @__PURE__ */ v.picklist(OBLIGATIONS)),
  /** The article or annex point of the law it comes from. */
  reference: text,
  /** Where the source has it: its item (row, point), section, and the access group it gives. */
  origin: /* @__PURE__ */ v.strictObject({
    item: text,
    section: /* @__PURE__ */ v.optional(text),
    accessGroup: /* @__PURE__ */ v.optional(text),
  }),
  /** A field the profile adds where the source's schema has none for the attribute. */
  extension: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.literal(true)),
  /** Where the profile departs from its source, and why. */
  note: /* @__PURE__ */ v.optional(text),
});

const profileEntries = <T extends v.GenericSchema>(type: T) => ({
  id: slug,
  name: text,
  /** The profile's version: the source's where the profile follows one model. */
  version: text,
  source: /* @__PURE__ */ v.strictObject({
    name: text,
    version: text,
    url: /* @__PURE__ */ v.pipe(/* @__PURE__ */ v.string(), /* @__PURE__ */ v.url()),
    licence: text,
    /** What the licence asks to be said: who made the source, and what the profile changed. */
    attribution: text,
    /** The source's files or parts the profile was derived from. */
    documents: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.array(text)),
  }),
  categories: /* @__PURE__ */ v.pipe(
    /* @__PURE__ */ v.array(/* @__PURE__ */ v.strictObject({ id: slug, label: labels })),
    /* @__PURE__ */ v.minLength(1),
  ),
  /** The source's access groups and the tier each maps to (Art. 77(2) for batteries). */
  accessGroups: /* @__PURE__ */ v.optional(
    /* @__PURE__ */ v.array(
      /* @__PURE__ */ v.strictObject({ group: text, tier: /* @__PURE__ */ v.picklist(ATTRIBUTE_TIERS) }),
    ),
  ),
  /**
   * The product's lifecycle (docs/profiles.md, Lifecycle): which attribute is its status (an enum
   * at a pointer of its own), the statuses of a product that gets a passport of its own linked to
   * this one (POST /dpps/{dppId}/successor), and those at which the passport may cease.
   */
  lifecycle: /* @__PURE__ */ v.optional(
    /* @__PURE__ */ v.strictObject({
      status: slug,
      successor: /* @__PURE__ */ v.pipe(/* @__PURE__ */ v.array(scalar), /* @__PURE__ */ v.minLength(1)),
      end: /* @__PURE__ */ v.pipe(/* @__PURE__ */ v.array(scalar), /* @__PURE__ */ v.minLength(1)),
    }),
  ),
  aspects: /* @__PURE__ */ v.pipe(
    /* @__PURE__ */ v.array(
      /* @__PURE__ */ v.strictObject({
        /** The aspect's name in the source's documents (a path segment of the aspect routes). */
        id: /* @__PURE__ */ v.pipe(
          /* @__PURE__ */ v.string(),
          /* @__PURE__ */ v.regex(/^[A-Za-z][A-Za-z0-9-]*$/, 'must be letters, digits or -'),
        ),
        label: labels,
        /** The source's schema of this aspect's document, where there is one. */
        schema: /* @__PURE__ */ v.optional(text),
        attributes: /* @__PURE__ */ v.pipe(
          /* @__PURE__ */ v.array(/* @__PURE__ */ v.strictObject(attributeEntries(type))),
          /* @__PURE__ */ v.minLength(1),
        ),
        /** Fields of the source's schema that no attribute holds, and why. */
        unmapped: /* @__PURE__ */ v.optional(
          /* @__PURE__ */ v.array(/* @__PURE__ */ v.strictObject({ pointer: jsonPointer, note: text })),
        ),
      }),
    ),
    /* @__PURE__ */ v.minLength(1),
  ),
});

/** A profile file, fully checked (its value types recursively). */
export const profileSchema = /* @__PURE__ */ v.strictObject(/* @__PURE__ */ profileEntries(valueType));
export type Profile = v.InferOutput<typeof profileSchema>;
export type Aspect = Profile['aspects'][number];
export type Attribute = Aspect['attributes'][number];

/** A value type one level deep, its nested types any object: for the OpenAPI document, which has no recursion. */
const valueTypeOneLevel = /* @__PURE__ */ v.strictObject(
  /* @__PURE__ */ valueTypeEntries(/* @__PURE__ */ v.looseObject({})),
);
/** The catalogue as `GET /profiles/{profileId}` answers it: the profile file. */
export const catalogueResponse = /* @__PURE__ */ v.strictObject(/* @__PURE__ */ profileEntries(valueTypeOneLevel));
/** What `GET /profiles` lists of each profile. */
export const profileSummary = /* @__PURE__ */ v.pick(catalogueResponse, [
  'id',
  'name',
  'version',
  'source',
  'categories',
]);

/** Where an attribute's value is in its aspect's document, as one string (unique in a profile). */
export const addressOf = (aspect: Pick<Aspect, 'id'>, attribute: Attribute): string =>
  attribute.pointer === undefined
    ? `${aspect.id}#composed:${attribute.id}`
    : `${aspect.id}#${attribute.pointer}${attribute.item ? ` items${attribute.item.where ? JSON.stringify(attribute.item.where) : ''}${attribute.item.pointer}` : ''}`;

/** A rule of the format one field's schema cannot say, broken: where (a path in the file) and what. */
export interface Problem {
  path: string;
  message: string;
}

function typeProblems(type: ValueType, path: string): Problem[] {
  const out: Problem[] = [];
  const allowed: Record<ValueTypeName, readonly (keyof ValueType)[]> = {
    number: ['unit', 'minimum', 'maximum'],
    integer: ['unit', 'minimum', 'maximum'],
    string: ['pattern'],
    enum: ['values'],
    date: ['format'],
    uri: [],
    boolean: [],
    object: ['fields', 'entries'],
    list: ['items'],
  };
  const own = ['type', 'required', 'label'];
  for (const key of Object.keys(type) as (keyof ValueType)[])
    if (!own.includes(key) && !allowed[type.type].includes(key))
      out.push({ path, message: `\`${key}\` does not apply to a ${type.type}` });
  if (type.type === 'enum' && !type.values) out.push({ path, message: 'an enum needs `values`' });
  if (type.type === 'date' && !type.format) out.push({ path, message: 'a date needs its `format`' });
  if (type.type === 'list' && !type.items) out.push({ path, message: 'a list needs `items`' });
  if (type.type === 'object' && !type.fields === !type.entries)
    out.push({ path, message: 'an object needs either `fields` or `entries`' });
  if (type.minimum !== undefined && type.maximum !== undefined && type.minimum > type.maximum)
    out.push({ path, message: '`minimum` is above `maximum`' });
  if (type.pattern !== undefined) {
    try {
      new RegExp(type.pattern, 'u');
    } catch {
      out.push({ path, message: '`pattern` is not a regular expression' });
    }
  }
  for (const [name, field] of Object.entries(type.fields ?? {}))
    out.push(...typeProblems(field, `${path}/fields/${name}`));
  if (type.items) out.push(...typeProblems(type.items, `${path}/items`));
  if (type.entries) out.push(...typeProblems(type.entries, `${path}/entries`));
  return out;
}

/**
 * The rules across fields of a profile that conforms to `profileSchema`: attribute ids and
 * addresses unique; an attribute has a pointer and a type, or is composed of others that
 * exist; obligations name the profile's categories; where the profile maps access groups,
 * each attribute's group is one of them and its tier is the group's; each value type holds
 * only the keys of its kind. Empty when the profile holds.
 */
export function profileProblems(profile: Profile): Problem[] {
  const out: Problem[] = [];
  const categories = new Set(profile.categories.map((category) => category.id));
  const groups = new Map(profile.accessGroups?.map((group) => [group.group, group.tier]));
  const ids = new Set<string>();
  const addresses = new Map<string, string>();
  const all = new Set(profile.aspects.flatMap((aspect) => aspect.attributes.map((attribute) => attribute.id)));
  if (new Set(profile.aspects.map((aspect) => aspect.id)).size !== profile.aspects.length)
    out.push({ path: '/aspects', message: 'two aspects have the same id' });
  profile.aspects.forEach((aspect, a) => {
    aspect.attributes.forEach((attribute, i) => {
      const path = `/aspects/${a}/attributes/${i}`;
      if (ids.has(attribute.id)) out.push({ path, message: `the id ${attribute.id} is taken` });
      ids.add(attribute.id);
      if (attribute.composedOf) {
        if (attribute.pointer !== undefined || attribute.type || attribute.item)
          out.push({ path, message: 'an attribute composed of others has no pointer, item or type' });
        for (const id of attribute.composedOf)
          if (!all.has(id) || id === attribute.id) out.push({ path, message: `composed of ${id}, no other attribute` });
      } else if (attribute.pointer === undefined || !attribute.type) {
        out.push({ path, message: 'an attribute needs a pointer and a type, or `composedOf`' });
      } else {
        out.push(...typeProblems(attribute.type, `${path}/type`));
      }
      const address = addressOf(aspect, attribute);
      const other = addresses.get(address);
      if (other) out.push({ path, message: `the same place as ${other}: ${address}` });
      addresses.set(address, attribute.id);
      for (const category of Object.keys(attribute.obligation))
        if (!categories.has(category)) out.push({ path, message: `the category ${category} is not the profile’s` });
      if (profile.accessGroups) {
        const group = attribute.origin.accessGroup;
        if (group === undefined || !groups.has(group))
          out.push({ path, message: `its access group ${group ?? '(none)'} is not one of the profile’s` });
        else if (groups.get(group) !== attribute.tier)
          out.push({ path, message: `its tier ${attribute.tier} is not its access group’s (${groups.get(group)})` });
      }
    });
  });
  if (profile.lifecycle) {
    const { status, successor, end } = profile.lifecycle;
    const attribute = profile.aspects.flatMap((aspect) => aspect.attributes).find((a) => a.id === status);
    if (!attribute || attribute.item || attribute.type?.type !== 'enum')
      out.push({ path: '/lifecycle/status', message: `${status} is no enum attribute at a pointer of its own` });
    else
      for (const [key, values] of [
        ['successor', successor],
        ['end', end],
      ] as const)
        for (const value of values)
          if (!attribute.type.values?.includes(value))
            out.push({ path: `/lifecycle/${key}`, message: `${value} is not a value of ${status}` });
  }
  return out;
}

/** Every attribute of a profile, with its aspect's id. */
export const attributesOf = (profile: Profile): Array<Attribute & { aspect: string }> =>
  profile.aspects.flatMap((aspect) => aspect.attributes.map((attribute) => ({ ...attribute, aspect: aspect.id })));

/**
 * Where a use case finds a profile by its id: the catalogue (lib/profiles/catalogue.ts: profileById), or
 * the packed one (lib/profiles/packed-catalogue.ts) in a function whose bundle cannot carry the JSON.
 * Passed in, never defaulted, so a function bundles only the one its use case names.
 */
export type ProfileLookup = (id: string) => Profile | undefined;
