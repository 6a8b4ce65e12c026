import * as v from 'valibot';
import { expect } from 'vitest';
import { PAGE_LANGUAGES } from '../../../lib/pages/labels';
import { addressOf, attributesOf, type Profile, profileProblems, profileSchema } from '../../../lib/profiles/format';

/** What every profile file's test checks: it is a profile of the format, and it can be shown on the page. */
export function expectConformingProfile(data: unknown): Profile {
  const parsed = v.safeParse(profileSchema, data);
  expect(
    parsed.issues?.map((issue) => `${v.getDotPath(issue)}: ${issue.message}`),
    'the profile format (lib/profiles/format.ts)',
  ).toBeUndefined();
  const profile = parsed.output as Profile;
  expect(profileProblems(profile)).toEqual([]);
  return profile;
}

/** Every label of a profile (categories, aspects, attributes, nested fields) and the languages it lacks of the page's. */
export function missingLabels(profile: Profile): string[] {
  const out: string[] = [];
  const check = (where: string, labels: Record<string, string>) => {
    for (const language of PAGE_LANGUAGES) if (!labels[language]?.trim()) out.push(`${where}: ${language}`);
  };
  for (const category of profile.categories) check(`category ${category.id}`, category.label);
  for (const aspect of profile.aspects) check(`aspect ${aspect.id}`, aspect.label);
  for (const attribute of attributesOf(profile)) check(`attribute ${attribute.id}`, attribute.label);
  return out;
}

/** Each attribute's address (aspect, pointer and item), listed twice when two attributes share one. */
export const duplicateAddresses = (profile: Profile): string[] => {
  const seen = new Set<string>();
  return profile.aspects
    .flatMap((aspect) => aspect.attributes.map((attribute) => addressOf(aspect, attribute)))
    .filter((address) => seen.has(address) || !seen.add(address));
};
