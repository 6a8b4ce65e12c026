import { accessProfileById } from './access-catalogue';
import { completenessOf } from './completeness';
import { filterAspects, placesOf, type TierFilter } from './filter';
import type { Attribute, Profile } from './format';

/** What a DPP item holds of its profile and lifecycle (lib/dpps/model.ts). */
export interface ProfiledDpp {
  profile?: string;
  category?: string;
  aspects?: Record<string, Record<string, unknown>>;
  replaces?: string;
  replaced_by?: string;
  ceased_at?: string;
}

/** Whether an attribute has a value in a passport's documents (one made of others: when they all have). */
export function isPresent(
  profile: Profile,
  attribute: Attribute,
  aspects: Readonly<Record<string, unknown>> | undefined,
): boolean {
  if (attribute.composedOf) {
    return attribute.composedOf.every((id) => {
      for (const aspect of profile.aspects) {
        const part = aspect.attributes.find((a) => a.id === id);
        if (part) return placesOf(part, aspects?.[aspect.id]).length > 0;
      }
      return false;
    });
  }
  const aspect = profile.aspects.find((a) => a.attributes.includes(attribute));
  return aspect !== undefined && placesOf(attribute, aspects?.[aspect.id]).length > 0;
}

/**
 * A profiled DPP as a reader sees it (docs/behaviour.md, Profiled passports): its profile, its
 * category, whether it is complete (every mandatory attribute there, the restricted ones
 * included: whether, never what), and its aspect documents with only the attributes `filter`
 * shows. Undefined for a DPP without a profile.
 */
export function profiledView(dpp: ProfiledDpp, filter: TierFilter) {
  const profile = dpp.profile === undefined ? undefined : accessProfileById(dpp.profile);
  if (!profile) return undefined;
  return {
    profile: { id: profile.id, name: profile.name, version: profile.version },
    ...(dpp.category !== undefined && { category: dpp.category }),
    // Their completeness (lib/profiles/completeness.ts): whether, never what, so restricted attributes count too.
    complete: dpp.category !== undefined && completenessOf(profile, dpp.category, dpp.aspects).complete,
    aspects: filterAspects(profile, dpp.aspects, filter),
  };
}

export type ProfiledView = NonNullable<ReturnType<typeof profiledView>>;

/**
 * The ids of the attributes above `public` that `shown` (documents as a reader got them) holds:
 * what a read through a grant served, for its access-log entry.
 */
export function restrictedAttributes(dpp: ProfiledDpp, shown: Readonly<Record<string, unknown>>): string[] {
  const profile = dpp.profile === undefined ? undefined : accessProfileById(dpp.profile);
  if (!profile) return [];
  return profile.aspects.flatMap((aspect) =>
    aspect.attributes
      .filter((attribute) => attribute.tier !== 'public' && isPresent(profile, attribute, shown))
      .map((attribute) => attribute.id),
  );
}
