import type { DppCardItem, DppFileItem, DppItem } from '../dpps/model';
import { InvalidInputError, NotFoundError } from '../errors';

/**
 * Related DPPs (interface 4.3, docs/spec/decisions.md "Related DPPs"). A company sees its own DPPs, its
 * partners' and those its DPPs link to. Linking copies a related DPP's files (bytes included, to
 * the target's own object keys) and tech cards onto the target, each copy marked with
 * `copied_from`, and records the link in the target's `related_dpps`.
 */

/** A user id that is neither the token's user nor a user of the token's company (unknown ones alike). */
export const userNotFound = () => new NotFoundError('User not found', 'USER_NOT_FOUND');

/**
 * A related DPP of another company than the caller's or a partner's, or no DPP at all: the same
 * 400, naming only the position the caller sent it at.
 */
export const relatedDppNotVisible = (index: number) =>
  new InvalidInputError(
    `relatedDppIds.${index} is not a DPP of your company or of a partner company`,
    'RELATED_DPP_NOT_VISIBLE',
  );

/** More copies than one transaction can write. */
export const tooManyItems = (items: number, limit: number) =>
  new InvalidInputError(
    `The related DPPs have ${items} files and tech cards to copy; at most ${limit} can be linked in one request`,
    'TOO_MANY_ITEMS',
  );

/** A DPP as the related search shows it (interface 4.3, DPP search result). */
export function relatedDppView(item: DppItem) {
  return {
    id: item.id,
    company_id: item.company_id,
    name: item.name,
    description: item.description,
    type: item.dpp_type,
    created_at: item.created_at,
    updated_at: item.updated_at,
    related_dpps: item.related_dpps ?? [],
  };
}

/** A copied file as the link answer shows it (`url` is added by the use case: a signed GET URL). */
export function relatedFileView(item: DppFileItem) {
  return {
    id: item.id,
    name: item.name,
    description: item.description,
    type: item.mime_type,
    path: item.path,
    created_at: item.created_at,
    updated_at: item.updated_at,
  };
}

/** A copied tech card as the link answer shows it: each characteristic names its card (`dpp_card_id`). */
export function relatedCardView(item: DppCardItem) {
  return {
    id: item.id,
    name: item.name,
    description: item.description,
    characteristics: (item.characteristics ?? []).map(({ id, characteristic }) => ({
      id,
      characteristic,
      dpp_card_id: item.id,
    })),
  };
}
