import * as v from 'valibot';
import type { DppImageItem } from '../dpps/model';
import { NotFoundError } from '../errors';
import type { ImageMimeType } from '../files/file-type';
import { id } from '../schemas';

/** An unknown image, or another company's: 404 on the image routes, so ids cannot be probed. */
export const dppImageNotFound = () => new NotFoundError('image not found', 'IMAGE_NOT_FOUND');

/** The path parameters that name one image of a DPP. */
export const dppImageParams = v.object({ dppId: id, imageId: id });

/** An image as the passport shows it (interface 2, DPP translated view): `image` is a signed GET URL. */
export const dppImageView = (item: DppImageItem, url: string) => ({
  image: url,
  // An image item holds an image's type: POST /dpps/{dppId}/images takes IMAGE_FORMATS only.
  type: item.mime_type as ImageMimeType,
  uuid: item.id,
});
