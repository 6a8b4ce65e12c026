import { createHash, createHmac, randomUUID } from 'node:crypto';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { SignatureV4 } from '@smithy/signature-v4';
import type { HttpRequest, SourceData } from '@smithy/types';
import { optional } from '../config';
import { withinBudget } from './budget';

/**
 * Amazon CloudFront, the only module that speaks to it: invalidating paths of the service's own
 * distribution (context cdn=true; the stack sets CDN_DISTRIBUTION_ID on the rows with
 * `access.cdn` and grants them cloudfront:CreateInvalidation on it). Without a distribution
 * (locally, or a stack without the CDN) there is nothing to invalidate and nothing is called.
 *
 * One REST call (POST …/invalidation, an XML body), signed with the SDK's own SigV4 signer and
 * credential chain, which every function bundles already: the CloudFront SDK client would add
 * over 80 KiB of its REST-XML protocol to each function that invalidates (update-dpp-file would
 * pass the 600 KiB bundle goal), for one call whose body is five lines.
 */
const distributionId = /* @__PURE__ */ optional('CDN_DISTRIBUTION_ID');

const HOST = 'cloudfront.amazonaws.com';
const API_VERSION = '2020-05-31';
const TIMEOUT_MS = 3_000;

const bytes = (data: SourceData): Buffer =>
  typeof data === 'string'
    ? Buffer.from(data, 'utf8')
    : ArrayBuffer.isView(data)
      ? Buffer.from(data.buffer, data.byteOffset, data.byteLength)
      : Buffer.from(data);

/** SHA-256 (and HMAC-SHA-256 with a secret) from node:crypto, as the signer takes it. */
class Sha256 {
  private readonly hash;
  constructor(secret?: SourceData) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytes(secret));
  }
  update(data: SourceData): void {
    this.hash.update(bytes(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
}

let signer: SignatureV4 | undefined;
// CloudFront is global: its API is signed for us-east-1 whatever the stack's region.
const cloudFrontSigner = (): SignatureV4 => {
  signer ??= new SignatureV4({
    service: 'cloudfront',
    region: 'us-east-1',
    credentials: defaultProvider(),
    sha256: Sha256,
  });
  return signer;
};

/** CloudFront refused or failed the call (its status and error code, never the body's other text). */
export class CloudFrontError extends Error {
  override name = 'CloudFrontError';
}

const escapeXml = (text: string): string => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The CreateInvalidation request body (https://docs.aws.amazon.com/cloudfront/latest/APIReference/API_CreateInvalidation.html). */
export const invalidationBatch = (paths: readonly string[], callerReference: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?>` +
  `<InvalidationBatch xmlns="http://cloudfront.amazonaws.com/doc/${API_VERSION}/">` +
  `<Paths><Quantity>${paths.length}</Quantity><Items>${paths.map((path) => `<Path>${escapeXml(path)}</Path>`).join('')}</Items></Paths>` +
  `<CallerReference>${escapeXml(callerReference)}</CallerReference></InvalidationBatch>`;

/**
 * Asks CloudFront to drop `paths` (each may end in `*`) from every edge: ONE CreateInvalidation,
 * within the request's time budget. False when no distribution is configured (nothing was
 * called). Throws CloudFrontError when CloudFront refuses or does not answer.
 */
export async function invalidatePaths(paths: readonly string[]): Promise<boolean> {
  const id = distributionId();
  if (id === undefined || paths.length === 0) return false;
  const path = `/${API_VERSION}/distribution/${encodeURIComponent(id)}/invalidation`;
  const body = invalidationBatch(paths, randomUUID());
  const request = {
    method: 'POST',
    protocol: 'https:',
    hostname: HOST,
    path,
    query: {},
    headers: { host: HOST, 'content-type': 'application/xml' },
    body,
  } as HttpRequest;
  const signed = await cloudFrontSigner().sign(request);
  let response: Response;
  try {
    response = await fetch(`https://${HOST}${path}`, {
      method: 'POST',
      headers: signed.headers,
      body,
      signal: withinBudget(AbortSignal.timeout(TIMEOUT_MS)),
    });
  } catch (error) {
    throw new CloudFrontError('CloudFront did not answer CreateInvalidation', { cause: error });
  }
  const text = await response.text();
  if (response.status !== 201) {
    const code = /<Code>([^<]{1,100})<\/Code>/.exec(text)?.[1] ?? 'unknown';
    throw new CloudFrontError(`CloudFront answered CreateInvalidation ${response.status} ${code}`);
  }
  return true;
}
