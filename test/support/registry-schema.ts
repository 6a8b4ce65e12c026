import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/**
 * The rules of the EU registry's metadata schema, as the CIRPASS-2 mock EU registry states them
 * (github.com/CIRPASS-2/mock-eu-registry, main/src/main/resources/json-schema/default-schema.json,
 * JSON Schema draft 2020-12, Apache-2.0): written here from its rules rather than copied (this
 * repository keeps no fetched file), and checked with Ajv's 2020-12 validator, so a record that
 * passes here passes the registry's own schema. Update it when the registry's schema changes.
 *
 * - required: upi, reoId, liveURL, backupURL, commodityCode, facilitiesId, granularityLevel;
 * - upi: a string of 1-200 characters; reoId: 1-50;
 * - facilitiesId: at least one string of at most 250 characters, each once;
 * - liveURL, backupURL: URIs starting with `http`;
 * - commodityCode: 4 to 10 digits;
 * - granularityLevel: MODEL, BATCH or ITEM;
 * - deactivated: a boolean or null, required when granularityLevel is ITEM and absent otherwise;
 * - other members are allowed (the registry's schema does not close the object: dataCarrierTypes
 *   is one its autocompletion names).
 */
export const REGISTRY_METADATA_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  required: ['upi', 'reoId', 'liveURL', 'backupURL', 'commodityCode', 'facilitiesId', 'granularityLevel'],
  properties: {
    upi: { type: 'string', minLength: 1, maxLength: 200 },
    reoId: { type: 'string', minLength: 1, maxLength: 50 },
    facilitiesId: { type: 'array', uniqueItems: true, minItems: 1, items: { type: 'string', maxLength: 250 } },
    liveURL: { type: 'string', format: 'uri', pattern: '^http' },
    backupURL: { type: 'string', format: 'uri', pattern: '^http' },
    commodityCode: { type: 'string', pattern: '^[0-9]{4,10}$' },
    granularityLevel: { type: 'string', enum: ['MODEL', 'BATCH', 'ITEM'] },
    deactivated: { type: ['boolean', 'null'] },
  },
  if: { properties: { granularityLevel: { const: 'ITEM' } } },
  // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then/else keyword, not a thenable
  then: { required: ['deactivated'] },
  else: { not: { required: ['deactivated'] } },
} as const;

// Not strict: the registry's own schema names `deactivated` in `then` only, which strict mode refuses.
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
const validate = ajv.compile(REGISTRY_METADATA_SCHEMA);

/** The schema's complaints about a record: [] when it is valid. */
export function registryProblems(record: unknown): string[] {
  if (validate(record)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`.trim());
}
