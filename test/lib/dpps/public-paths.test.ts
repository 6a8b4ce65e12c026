import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cardItem, IDS } from '../../support/unit/items';
import { PRINCIPAL } from '../../support/unit/tokens';

/**
 * A change of what the public may read of a DPP (its publication, a part's tier) drops its public
 * paths at the CDN when there is one (lib/dpps/public-paths.ts over lib/aws/cloudfront.ts); with no
 * distribution configured (locally) nothing is called. CloudFront's API is a stubbed `fetch`:
 * there is no local CDN.
 */
const db = mockClient(DynamoDBDocumentClient);
const DISTRIBUTION = 'E2EXAMPLE0000';
const SEARCH_ID = '01/08012345000012/21/X1-000123';

/** The modules anew, with CDN_DISTRIBUTION_ID as given (a setting is read once per module instance). */
async function fresh(distributionId: string | undefined) {
  vi.resetModules();
  if (distributionId === undefined) delete process.env.CDN_DISTRIBUTION_ID;
  else process.env.CDN_DISTRIBUTION_ID = distributionId;
  return {
    paths: await import('../../../lib/dpps/public-paths'),
    cards: await import('../../../lib/dpp-cards/update-dpp-card'),
  };
}

interface Sent {
  url: string;
  headers: Record<string, string>;
  body: string;
}
let sent: Sent[] = [];
let answer = () => new Response('<Invalidation><Id>I1</Id></Invalidation>', { status: 201 });
/** The CreateInvalidation calls made, with their paths read back from the XML body. */
const invalidations = () =>
  sent
    .filter((call) => call.url.endsWith('/invalidation'))
    .map((call) => ({
      url: call.url,
      paths: [...call.body.matchAll(/<Path>([^<]*)<\/Path>/g)].map((match) => match[1]),
      quantity: Number(/<Quantity>(\d+)<\/Quantity>/.exec(call.body)?.[1]),
      callerReference: /<CallerReference>([^<]*)<\/CallerReference>/.exec(call.body)?.[1],
      authorization: call.headers.authorization ?? '',
    }));

beforeEach(() => {
  db.reset();
  sent = [];
  answer = () => new Response('<Invalidation><Id>I1</Id></Invalidation>', { status: 201 });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, headers: init.headers as Record<string, string>, body: String(init.body) });
    return answer();
  });
});
afterAll(() => {
  vi.unstubAllGlobals();
  delete process.env.CDN_DISTRIBUTION_ID;
});

describe('publicPathsOf', () => {
  it('names the DPP’s JSON and everything under it, its page, its reads by date, the resolver’s paths under each spelling of its GTIN and the passport API’s read by it', async () => {
    const { paths } = await fresh(undefined);
    expect(paths.publicPathsOf('d-1', SEARCH_ID)).toEqual([
      '/dpp/d-1*',
      '/passport/d-1*',
      '/v1/dppsByIdAndDate/d-1*',
      '/01/08012345000012*',
      '/01/8012345000012*',
      '/v1/dppsByProductId/08012345000012*',
    ]);
    expect(paths.publicPathsOf('d-1', '01/00000012345670/21/S')).toEqual([
      '/dpp/d-1*',
      '/passport/d-1*',
      '/v1/dppsByIdAndDate/d-1*',
      '/01/00000012345670*',
      '/01/0000012345670*',
      '/01/000012345670*',
      '/01/12345670*',
      '/v1/dppsByProductId/00000012345670*',
    ]);
    expect(paths.publicPathsOf('d-1')).toEqual(['/dpp/d-1*', '/passport/d-1*', '/v1/dppsByIdAndDate/d-1*']);
  });
});

describe('withdrawPublicAnswers', () => {
  it('invalidates the paths on the configured distribution, in one CreateInvalidation', async () => {
    const { paths } = await fresh(DISTRIBUTION);
    await paths.withdrawPublicAnswers('d-1', SEARCH_ID);
    expect(invalidations()).toEqual([
      {
        url: `https://cloudfront.amazonaws.com/2020-05-31/distribution/${DISTRIBUTION}/invalidation`,
        paths: paths.publicPathsOf('d-1', SEARCH_ID),
        quantity: 6,
        callerReference: expect.stringMatching(/^[0-9a-f-]{36}$/),
        // Signed with SigV4 for CloudFront's global endpoint (us-east-1), with the function's credentials.
        authorization: expect.stringMatching(
          /^AWS4-HMAC-SHA256 Credential=unit\/\d{8}\/us-east-1\/cloudfront\/aws4_request, /,
        ),
      },
    ]);
  });

  it('calls nothing without a distribution (locally, or a stack without the CDN)', async () => {
    const { paths } = await fresh(undefined);
    await paths.withdrawPublicAnswers('d-1', SEARCH_ID);
    expect(invalidations()).toEqual([]);
  });

  it('lets the change stand when CloudFront refuses: no error reaches the caller', async () => {
    answer = () =>
      new Response('<ErrorResponse><Error><Code>TooManyInvalidationsInProgress</Code></Error></ErrorResponse>', {
        status: 400,
      });
    const { paths } = await fresh(DISTRIBUTION);
    await expect(paths.withdrawPublicAnswers('d-1')).resolves.toBeUndefined();
    expect(invalidations()).toHaveLength(1);
    // The same refusal from the adapter itself is an error naming CloudFront's code.
    const { invalidatePaths } = await import('../../../lib/aws/cloudfront');
    await expect(invalidatePaths(['/x*'])).rejects.toThrow(/400 TooManyInvalidationsInProgress/);
  });
});

describe('a use case that changes a tier (PUT /dpps/{dppId}/cards/{cardId})', () => {
  const update = (body: Record<string, unknown>) => ({ params: { dppId: IDS.dpp, cardId: IDS.card }, body });

  it('invalidates the DPP’s paths once the card’s tier is written, and not for a change of its text', async () => {
    db.on(UpdateCommand).resolves({ Attributes: cardItem({ access_tier: 'authority' }) });
    const { cards } = await fresh(DISTRIBUTION);
    await cards.updateDppCard(PRINCIPAL, update({ access_tier: 'authority' }) as never);
    expect(invalidations().map((call) => call.paths)).toEqual([
      [`/dpp/${IDS.dpp}*`, `/passport/${IDS.dpp}*`, `/v1/dppsByIdAndDate/${IDS.dpp}*`],
    ]);
    sent = [];
    await cards.updateDppCard(PRINCIPAL, update({ name: 'Battery' }) as never);
    expect(invalidations()).toEqual([]);
  });
});
