import type { AccessTier } from '../access-tiers/tiers';
import type { TransactionItem } from '../aws/dynamodb';
import { eq, noItem, ofCompany, partialUpdate, where } from '../data/expressions';
import * as keys from '../data/keys';
import { transactWithConditions } from '../data/transaction';
import type { DppImageItem, DppItem } from '../dpps/model';
import { writeUnderDpp } from '../dpps/repository';
import { readWithParent } from '../files/repository';

/**
 * All DynamoDB access of a DPP's images (`DPP#<dppId>` / `IMAGE#<imageId>`). Every write is
 * conditioned on the caller's company: a new image on its DPP's, a delete on the image's own.
 * A write may carry one more leg, the DPP's Digital Link entry gaining or losing the image's id
 * (lib/dpps/link.ts dppLinkImage), in the same transaction.
 */

/** An image with its DPP: ONE BatchGetItem of the two items (a public read checks `published`). */
export const readImageWithDpp = (dppId: string, imageId: string) =>
  readWithParent<DppItem, DppImageItem>(keys.dpp(dppId), keys.dppImage(dppId, imageId));

/**
 * Writes a new image only if its DPP exists and is the image's company's (one transaction, with
 * `committed`: its object's intent record's delete); false otherwise.
 */
export const putImageIfDpp = (
  dppId: string,
  image: DppImageItem,
  link?: TransactionItem,
  committed?: TransactionItem,
): Promise<boolean> =>
  writeUnderDpp(dppId, image.company_id, [
    { put: { ...image }, condition: noItem() },
    ...(link ? [link] : []),
    ...(committed ? [committed] : []),
  ]);

/**
 * Deletes an image of the company's that still holds the bytes `image.path` (the image as read),
 * with `link` in one transaction; false when a condition did not hold, and nothing was written.
 */
export async function deleteImage(image: DppImageItem, companyId: string, link?: TransactionItem): Promise<boolean> {
  const failed = await transactWithConditions([
    { delete: { pk: image.pk, sk: image.sk }, condition: where(ofCompany(companyId), eq('path', image.path)) },
    ...(link ? [link] : []),
  ]);
  return failed.length === 0;
}

/**
 * Sets an image's access tier (`public` removes the attribute), with `link` (the Digital Link entry
 * gaining or losing the image's id) in one transaction, conditioned on the image being the
 * company's and still holding the bytes `image.path`; false when a condition did not hold.
 */
export async function setImageTier(
  image: DppImageItem,
  companyId: string,
  tier: AccessTier | undefined,
  link?: TransactionItem,
): Promise<boolean> {
  const failed = await transactWithConditions([
    {
      update: { pk: image.pk, sk: image.sk },
      set: partialUpdate({ access_tier: tier ?? null }),
      condition: where(ofCompany(companyId), eq('path', image.path)),
    },
    ...(link ? [link] : []),
  ]);
  return failed.length === 0;
}
