import * as v from 'valibot';

/**
 * Access tiers (docs/choices.md, Access tiers): who may read a part of a passport (a tech card, a
 * file, an image). Ordered: a reader of a tier also reads every tier before it, so `authority`
 * reads `legitimate_interest` and `public`. `company` is the company's own and is never granted.
 * A part without the attribute is `public`, so data written before tiers existed stays public.
 */
export const ACCESS_TIERS = ['public', 'legitimate_interest', 'authority', 'company'] as const;
export type AccessTier = (typeof ACCESS_TIERS)[number];

/** The tiers above `public`, each with a tier document in a version (lib/versions/document.ts). */
export const RESTRICTED_TIERS = ['legitimate_interest', 'authority', 'company'] as const;
export type RestrictedTier = (typeof RESTRICTED_TIERS)[number];

/** The tiers a grant may give (never `public`, which needs none, nor `company`). */
export const GRANTABLE_TIERS = ['legitimate_interest', 'authority'] as const;
export type GrantableTier = (typeof GRANTABLE_TIERS)[number];

export const accessTier = v.picklist(ACCESS_TIERS, `must be one of ${ACCESS_TIERS.join(', ')}`);

/** What a part stores: the attribute only where it is not `public`. */
export interface Tiered {
  access_tier?: AccessTier;
}

export const tierOf = (part: Tiered): AccessTier => part.access_tier ?? 'public';

const rank = (tier: AccessTier): number => ACCESS_TIERS.indexOf(tier);

/** Whether a reader at `reader` may see a part of tier `part` (a tier includes the tiers below it). */
export const includes = (reader: AccessTier, part: AccessTier): boolean => rank(part) <= rank(reader);

/** The parts a reader at `reader` may see, in their order. */
export const visibleTo = <T extends Tiered>(reader: AccessTier, parts: readonly T[]): T[] =>
  parts.filter((part) => includes(reader, tierOf(part)));

/** The attribute to store for a tier: `public` is stored as no attribute (undefined). */
export const storedTier = (tier: AccessTier): AccessTier | undefined => (tier === 'public' ? undefined : tier);
