import { optional, region, required } from '../config';

const bucketName = /* @__PURE__ */ required('BUCKET_NAME');
const endpoint = /* @__PURE__ */ optional('S3_ENDPOINT');

/**
 * The origin of the data bucket's signed URLs, where a passport's image route redirects
 * (GET /dpp/{dppId}/images/{imageId}): the one origin besides its own a page may load images
 * from (its CSP). Virtual-hosted in the cloud (`https://<bucket>.s3.<region>.amazonaws.com`, as
 * the S3 client signs them), the endpoint's own origin where one is set (the local stand-in,
 * path-style). Computed from the settings: no S3 client in the page's bundle.
 */
export function bucketOrigin(): string {
  const local = endpoint();
  return local === undefined ? `https://${bucketName()}.s3.${region()}.amazonaws.com` : new URL(local).origin;
}
