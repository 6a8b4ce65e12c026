import { randomUUID } from 'node:crypto';
import { CloudFrontClient, CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';
import { optional } from '../config';
import { bounded, clientSettings, withoutFence } from './budget';

/**
 * Amazon CloudFront, the only module that speaks its SDK: invalidating paths of the service's
 * own distribution (context cdn=true; the stack sets CDN_DISTRIBUTION_ID on the rows with
 * `access.cdn` and grants them cloudfront:CreateInvalidation on it). Without a distribution
 * (locally, or a stack without the CDN) there is nothing to invalidate and nothing is called.
 */
const distributionId = /* @__PURE__ */ optional('CDN_DISTRIBUTION_ID');

let client: CloudFrontClient | undefined;
// CloudFront is global: its API answers in us-east-1 whatever the stack's region.
const cloudFrontClient = (): CloudFrontClient => {
  client ??= bounded(new CloudFrontClient({ region: 'us-east-1', ...clientSettings(3_000) }));
  return client;
};

/**
 * Asks CloudFront to drop `paths` (each may end in `*`) from every edge: ONE CreateInvalidation.
 * False when no distribution is configured (nothing was called). The caller's write is done
 * already, so the call runs without its fence and what it leaves unknown is its own (an answer
 * never turns into "outcome unknown" because of it). Throws the SDK's error otherwise.
 */
export async function invalidatePaths(paths: readonly string[]): Promise<boolean> {
  const id = distributionId();
  if (id === undefined || paths.length === 0) return false;
  await withoutFence(() =>
    cloudFrontClient().send(
      new CreateInvalidationCommand({
        DistributionId: id,
        InvalidationBatch: { CallerReference: randomUUID(), Paths: { Quantity: paths.length, Items: [...paths] } },
      }),
    ),
  );
  return true;
}
