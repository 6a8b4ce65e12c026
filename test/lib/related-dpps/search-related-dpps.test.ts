import {
  BatchGetCommand,
  type BatchGetCommandInput,
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  type QueryCommandInput,
  ScanCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import * as keys from '../../../lib/data/keys';
import { gsi1, ItemType, ranges } from '../../../lib/data/keys';
import { searchRelatedDpps } from '../../../lib/related-dpps/search-related-dpps';
import { dppItem } from '../../support/unit/items';
import { domainFailure } from '../../support/unit/rejection';
import { OTHER_COMPANY_ID, PRINCIPAL } from '../../support/unit/tokens';

/**
 * The search's reads (docs/spec/decisions.md, Related DPPs; one Query per source at most, no
 * Scan): two round trips, each a set of requests sent together; what the second sends
 * depends only on what the first answered.
 */
const db = mockClient(DynamoDBDocumentClient);
const THIRD_COMPANY = 'c0ffee00-0000-4000-8000-000000000003';

const dpp = (id: string, companyId: string, related?: string[]) =>
  dppItem({ ...keys.dpp(id), ...gsi1.companyDpp(companyId, id), id, company_id: companyId, related_dpps: related });

/** Each request as it was sent, with the round it was sent in. */
let sent: Array<{ round: number; request: string }>;
let round: number;

beforeEach(() => {
  db.reset();
  sent = [];
  round = 1;
});

/** Serves the company's and partners' DPPs by gsi1, partners by range and DPPs by key; answers only after `hold`. */
function serve(options: { own: object[]; partners: Record<string, object[]>; others?: object[]; user?: object }) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const answer = async <T>(request: string, value: T): Promise<T> => {
    sent.push({ round, request });
    await held;
    return value;
  };
  db.on(GetCommand).callsFake((input) => answer(`GetItem ${input.Key.sk}`, { Item: options.user }));
  db.on(QueryCommand).callsFake((input: QueryCommandInput) => {
    const pk = input.ExpressionAttributeValues?.[':pk'] as string;
    if (input.IndexName === gsi1.name) {
      const company = pk.replace('COMPANY#', '');
      const items = company === PRINCIPAL.companyId ? options.own : (options.partners[company] ?? []);
      return answer(`Query gsi1 ${pk}`, { Items: items });
    }
    const partners = Object.keys(options.partners).map((id) => ({
      ...keys.partner(PRINCIPAL.companyId, id),
      type: ItemType.Partner,
      partner_id: id,
    }));
    return answer(`Query ${pk} ${input.ExpressionAttributeValues?.[':from']}`, { Items: partners });
  });
  db.on(BatchGetCommand).callsFake((input: BatchGetCommandInput) => {
    const asked = Object.values(input.RequestItems ?? {})[0]!.Keys!.map((k) => k.pk as string);
    const all = [...options.own, ...Object.values(options.partners).flat(), ...(options.others ?? [])] as Array<{
      pk: string;
    }>;
    return answer(`BatchGetItem ${asked.length}`, {
      Responses: { 'unit-table': all.filter((item) => asked.includes(item.pk)) },
    });
  });
  return () => {
    round = 2;
    release();
  };
}

describe('searchRelatedDpps', () => {
  it('reads in two round trips: own DPPs, partners and the user; then each partner’s DPPs and the linked ones', async () => {
    const release = serve({
      own: [dpp('own-1', PRINCIPAL.companyId, ['partner-1', 'former-1', 'own-2']), dpp('own-2', PRINCIPAL.companyId)],
      partners: { [OTHER_COMPANY_ID]: [dpp('partner-1', OTHER_COMPANY_ID)] },
      others: [dpp('former-1', THIRD_COMPANY)],
      user: { pk: 'COMPANY#x', sk: 'USER#user-0002' },
    });
    const search = searchRelatedDpps(PRINCIPAL, { params: { userId: 'user-0002' } });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sent.map((s) => s.request).sort()).toEqual(
      [
        `GetItem USER#user-0002`,
        `Query gsi1 COMPANY#${PRINCIPAL.companyId}`,
        `Query ${ranges.partners(PRINCIPAL.companyId).pk} PARTNER#`,
      ].sort(),
    );
    release();
    const { dpps } = await search;
    expect(sent.filter((s) => s.round === 2).map((s) => s.request)).toEqual([
      `Query gsi1 COMPANY#${OTHER_COMPANY_ID}`,
      // Only the linked ids that are not the company's own (partner-1 is read twice: it is seen only after).
      'BatchGetItem 2',
    ]);
    expect(dpps.map((d) => d.id)).toEqual(['own-1', 'own-2', 'partner-1', 'former-1']);
    expect(db.commandCalls(ScanCommand)).toHaveLength(0);
  });

  it("reads no user item when the path names the token's own user, and no BatchGetItem with no link", async () => {
    const release = serve({ own: [dpp('own-1', PRINCIPAL.companyId)], partners: {} });
    release();
    const { dpps } = await searchRelatedDpps(PRINCIPAL, { params: { userId: PRINCIPAL.userId } });
    expect(dpps.map((d) => d.id)).toEqual(['own-1']);
    expect(sent.map((s) => s.request.split(' ')[0])).toEqual(['Query', 'Query']);
  });

  it('asks BatchGetItem for at most 100 keys a request', async () => {
    const linked = Array.from({ length: 250 }, (_, i) => `linked-${i}`);
    const release = serve({
      own: [dpp('own-1', PRINCIPAL.companyId, linked)],
      partners: {},
      others: linked.map((id) => dpp(id, THIRD_COMPANY)),
    });
    release();
    const { dpps } = await searchRelatedDpps(PRINCIPAL, { params: { userId: PRINCIPAL.userId } });
    expect(sent.filter((s) => s.request.startsWith('BatchGetItem')).map((s) => s.request)).toEqual([
      'BatchGetItem 100',
      'BatchGetItem 100',
      'BatchGetItem 50',
    ]);
    expect(dpps).toHaveLength(251);
  });

  it('is USER_NOT_FOUND for a user id not of the token’s company', async () => {
    const release = serve({ own: [], partners: {} });
    release();
    const error = await domainFailure(searchRelatedDpps(PRINCIPAL, { params: { userId: 'someone-else' } }));
    expect([error.kind, error.code]).toEqual(['not_found', 'USER_NOT_FOUND']);
    expect(db.commandCalls(GetCommand)[0]!.args[0].input.Key).toEqual(keys.user(PRINCIPAL.companyId, 'someone-else'));
  });
});

describe('ranges.dppCardsAndFiles: what linking reads of a DPP', () => {
  const dppId = 'dpp-42';
  const range = ranges.dppCardsAndFiles(dppId);
  const within = (sk: string) =>
    Buffer.compare(Buffer.from(sk), Buffer.from(range.from)) >= 0 &&
    Buffer.compare(Buffer.from(sk), Buffer.from(range.to)) <= 0;

  it.each(['0197f3c2-7b1e-7a3d-9c4f-2b8e5d6a1f00', '0', 'z'.repeat(64), '_', '-'])(
    'holds the DPP, its file and its card %s, and not its image or translations',
    (id) => {
      for (const key of [keys.dpp(dppId), keys.dppFile(dppId, id), keys.dppCard(dppId, id)]) {
        expect([key.pk, within(key.sk)]).toEqual([range.pk, true]);
      }
      for (const key of [keys.dppImage(dppId, id), keys.dppTranslation(dppId, 'de')]) {
        expect(within(key.sk)).toBe(false);
      }
    },
  );
});
