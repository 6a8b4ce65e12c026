import { isConditionFailure } from '../aws/errors';
import * as table from '../aws/table';
import { noItem, ofCompany, where } from '../data/expressions';
import * as keys from '../data/keys';
import type { DppImageItem, DppItem } from '../dpps/model';
import { writeUnderDpp } from '../dpps/repository';
import { readWithParent } from '../files/repository';

/**
 * All DynamoDB access of a DPP's images (`DPP#<dppId>` / `IMAGE#<imageId>`). Every write is
 * conditioned on the caller's company: a new image on its DPP's, a delete on the image's own.
 */

/** An image with its DPP: ONE BatchGetItem of the two items (a public read checks `published`). */
export const readImageWithDpp = (dppId: string, imageId: string) =>
  readWithParent<DppItem, DppImageItem>(keys.dpp(dppId), keys.dppImage(dppId, imageId));

/** Writes a new image only if its DPP exists and is the image's company's (one transaction); false otherwise. */
export const putImageIfDpp = (dppId: string, image: DppImageItem): Promise<boolean> =>
  writeUnderDpp(dppId, image.company_id, [{ put: { ...image }, condition: noItem() }]);

/** Deletes an image of the company's; the image as it was, or undefined when there was none. */
export async function deleteImage(
  dppId: string,
  imageId: string,
  companyId: string,
): Promise<DppImageItem | undefined> {
  try {
    return await table.delete<DppImageItem>(keys.dppImage(dppId, imageId), where(ofCompany(companyId)));
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}
