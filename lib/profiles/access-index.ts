import type { Attribute, Profile } from './format';

/** What an access index keeps of a profile (the rest is the catalogue's: lib/profiles/catalogue.ts). */
export interface AccessIndex {
  id: string;
  name: string;
  version: string;
  categories: Array<{ id: string }>;
  lifecycle?: Profile['lifecycle'];
  aspects: Array<{
    id: string;
    label: { en: string };
    attributes: Array<
      Pick<
        Attribute,
        'id' | 'pointer' | 'item' | 'composedOf' | 'type' | 'tier' | 'dynamic' | 'level' | 'obligation'
      > & {
        label: { en: string };
      }
    >;
  }>;
}

/**
 * A profile's access index: the profile with only what filtering a passport at a tier, its
 * completeness and its lifecycle read (scripts/profile-access.ts writes one per profile from
 * this; lib/profiles/access-catalogue.ts bundles them). Its attributes keep their `en` label alone
 * (completeness names a missing one by it) and of their value types only an enum's (the lifecycle
 * status's values).
 */
export function accessIndexOf(profile: Profile): AccessIndex {
  return {
    id: profile.id,
    name: profile.name,
    version: profile.version,
    categories: profile.categories.map((category) => ({ id: category.id })),
    ...(profile.lifecycle && { lifecycle: profile.lifecycle }),
    aspects: profile.aspects.map((aspect) => ({
      id: aspect.id,
      label: { en: aspect.label.en ?? aspect.id },
      attributes: aspect.attributes.map((attribute) => ({
        id: attribute.id,
        label: { en: attribute.label.en ?? attribute.id },
        ...(attribute.pointer !== undefined && { pointer: attribute.pointer }),
        ...(attribute.item && { item: attribute.item }),
        ...(attribute.composedOf && { composedOf: attribute.composedOf }),
        // The status attribute's enum values are the lifecycle's (the only type read here).
        ...(attribute.type?.type === 'enum' && { type: attribute.type }),
        tier: attribute.tier,
        dynamic: attribute.dynamic,
        level: attribute.level,
        obligation: attribute.obligation,
      })),
    })),
  };
}
