import { type Attribute, attributesOf, type Profile } from './format';
import { attributeValue, isPresent } from './values';

/** A mandatory attribute a passport lacks: its aspect, where it goes (its pointer) and its label. */
export interface MissingAttribute {
  aspect: string;
  attribute: string;
  path: string;
  label: string;
}

export interface Completeness {
  profile: string;
  category: string;
  /** How many attributes the category makes mandatory. */
  mandatory: number;
  /** How many of them the passport has. */
  present: number;
  missing: MissingAttribute[];
  complete: boolean;
}

/**
 * How complete a profiled passport's aspects are for its category (docs/profiles.md,
 * Completeness): each attribute the category makes mandatory is present when its value is
 * (isPresent: not absent, null, empty text, empty list or object; for a value in a list's items,
 * at least one picked item has it), or, for an attribute composed of others, when they all are.
 * From the aspects as stored on the DPP item: nothing is read.
 */
export function completenessOf(
  profile: Profile,
  category: string,
  aspects: Readonly<Record<string, unknown>> | undefined,
): Completeness {
  const all = attributesOf(profile);
  const byId = new Map(all.map((attribute) => [attribute.id, attribute]));
  const has = (attribute: Attribute & { aspect: string }, seen: ReadonlySet<string>): boolean =>
    attribute.composedOf
      ? attribute.composedOf.every((id) => {
          const part = byId.get(id);
          return part !== undefined && !seen.has(id) && has(part, new Set([...seen, id]));
        })
      : isPresent(attributeValue(aspects?.[attribute.aspect], attribute));
  const mandatory = all.filter((attribute) => attribute.obligation[category] === 'mandatory');
  const missing = mandatory
    .filter((attribute) => !has(attribute, new Set([attribute.id])))
    .map((attribute) => ({
      aspect: attribute.aspect,
      attribute: attribute.id,
      path: attribute.pointer ?? '',
      label: attribute.label.en ?? attribute.id,
    }));
  return {
    profile: profile.id,
    category,
    mandatory: mandatory.length,
    present: mandatory.length - missing.length,
    missing,
    complete: missing.length === 0,
  };
}
