import * as v from 'valibot';
import { SUMMARIES } from './summaries';

/**
 * A profile and one of its categories, as a new DPP or template names them (docs/profiles.md,
 * Profiled passports). From the summaries (2 KiB of data), not the catalogue: creating a DPP
 * needs the ids, not the attributes. Both or neither: a profile's mandatory attributes depend on
 * the category (`obligation`), so a profiled DPP without one could never be complete.
 */
const IDS = SUMMARIES.map((summary) => summary.id);
const CATEGORIES = [...new Set(SUMMARIES.flatMap((summary) => summary.categories.map((category) => category.id)))];

export const profileChoiceEntries = {
  profile: /* @__PURE__ */ v.optional(
    /* @__PURE__ */ v.picklist(IDS, `must be the id of a profile of GET /profiles: ${IDS.join(', ')}`),
  ),
  /** Any profile's category here; the check below holds it to the profile's own. */
  category: /* @__PURE__ */ v.optional(
    /* @__PURE__ */ v.picklist(CATEGORIES, `must be the id of a category of the profile: ${CATEGORIES.join(', ')}`),
  ),
};

/** What is wrong with a profile and category together, or undefined: the message for `category`. */
export function categoryProblem(profile: string | undefined, category: string | undefined): string | undefined {
  if (profile === undefined) return category === undefined ? undefined : 'needs a `profile`';
  const categories = SUMMARIES.find((summary) => summary.id === profile)?.categories.map((c) => c.id) ?? [];
  if (category === undefined) return `is required with a profile: one of ${categories.join(', ')}`;
  return categories.includes(category) ? undefined : `is not a category of ${profile}: one of ${categories.join(', ')}`;
}

/**
 * The check of a body with `profile` and `category` (profileChoiceEntries): a category needs a
 * profile, a profile needs one of its categories. A 400 naming `category`.
 */
export const profileChoiceCheck = <T extends { profile?: string; category?: string }>() =>
  /* @__PURE__ */ v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const message = categoryProblem(dataset.value.profile, dataset.value.category);
    if (message === undefined) return;
    addIssue({
      message,
      path: [
        {
          type: 'object',
          origin: 'value',
          input: dataset.value as Record<string, unknown>,
          key: 'category',
          value: dataset.value.category,
        },
      ],
    });
  });
