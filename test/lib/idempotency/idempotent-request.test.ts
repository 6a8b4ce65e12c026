import { DeleteCommand, DynamoDBDocumentClient, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { isDependencyUnavailable } from '../../../lib/aws/errors';
import * as keys from '../../../lib/data/keys';
import { abandon, begin, type Claim, fenceOf, finish } from '../../../lib/idempotency/idempotent-request';
import {
  fingerprint,
  type IdempotencyItem,
  LOCK_MILLISECONDS,
  RETENTION_SECONDS,
  type StoredResponse,
} from '../../../lib/idempotency/model';
import { dynamoErrors } from '../../support/unit/aws-errors';
import { domainFailure } from '../../support/unit/rejection';
import { PRINCIPAL } from '../../support/unit/tokens';

/**
 * The state machine of an idempotent request (lib/idempotency/idempotent-request.ts) on
 * DynamoDB's answers, mocked: what each earlier record decides, and the faults only a mock
 * can produce (throttling between the claim and the answer, a claim taken over meanwhile).
 * The same machine runs against DynamoDB Local in test/functions/idempotency.test.ts.
 */
const db = mockClient(DynamoDBDocumentClient);
beforeEach(() => {
  db.reset();
});

const NOW = Date.UTC(2026, 10, 21, 10, 0, 0);
const scope = { companyId: PRINCIPAL.companyId, route: 'create-dpp-file', key: 'retry-1' };
const input = { params: { dppId: 'dpp-1' }, body: { name: 'Manual', file: { content: Buffer.from('%PDF-1.7') } } };
const answer: StoredResponse = {
  statusCode: 200,
  headers: { 'content-type': 'application/json' },
  body: '{"ok":true}',
};

const updates = () => db.commandCalls(UpdateCommand).map((call) => call.args[0].input);
const deletes = () => db.commandCalls(DeleteCommand).map((call) => call.args[0].input);

/** The record the claim would write, read back from the SET of the UpdateItem it sent (`#a = :v` or `if_not_exists`). */
function sentRecord(update: UpdateCommandInput): IdempotencyItem {
  const names = update.ExpressionAttributeNames ?? {};
  const values = update.ExpressionAttributeValues ?? {};
  const item: Record<string, unknown> = { ...update.Key };
  for (const [, name, value] of (update.UpdateExpression ?? '').matchAll(
    /(#\w+) = (?:if_not_exists\(#\w+, )?(:\w+)/g,
  )) {
    if (values[value!] !== undefined) item[names[name!]!] = values[value!];
  }
  return item as unknown as IdempotencyItem;
}

/** DynamoDB finding no record: the claim's if_not_exists SETs write every value given. */
const noRecord = () =>
  db.on(UpdateCommand).callsFake((update: UpdateCommandInput) => ({ Attributes: sentRecord(update) }));

/** DynamoDB finding `existing`: every if_not_exists keeps its value, so the item comes back as it was. */
const found = (existing: Partial<IdempotencyItem>) => ({
  Attributes: {
    ...keys.idempotency(scope.companyId, scope.route, scope.key),
    type: 'IDEMPOTENCY',
    fingerprint: fingerprint(input),
    token: 'token-of-the-first-request',
    state: 'COMPLETED',
    locked_until: NOW - 5_000,
    ttl: NOW / 1000 + 3600,
    response: answer,
    ...existing,
  },
});
const recordIs = (existing: Partial<IdempotencyItem>) => db.on(UpdateCommand).resolvesOnce(found(existing));

describe('begin', () => {
  it('claims a new key in one UpdateItem that writes only where nothing is', async () => {
    noRecord();
    const begun = await begin(scope, input, NOW);
    expect(begun.claim?.key).toEqual(keys.idempotency(scope.companyId, scope.route, scope.key));
    expect(updates()).toHaveLength(1);
    const [claim] = updates();
    expect(claim!.ConditionExpression).toBeUndefined();
    expect(claim!.UpdateExpression).toMatch(/^SET (#(\w+) = if_not_exists\(#\2, :u\d+\)(, )?)+$/);
    expect(sentRecord(claim!)).toMatchObject({
      company_id: scope.companyId,
      fingerprint: fingerprint(input),
      state: 'IN_PROGRESS',
      token: begun.claim!.token,
      locked_until: NOW + LOCK_MILLISECONDS,
      ttl: NOW / 1000 + RETENTION_SECONDS,
    });
  });

  it('replays the stored answer of the same request, in the same round trip', async () => {
    recordIs({ state: 'COMPLETED' });
    expect(await begin(scope, input, NOW)).toEqual({ replay: answer });
    expect(db.calls()).toHaveLength(1);
  });

  it('refuses the same key with another request: 422 IDEMPOTENCY_KEY_REUSED, even while the first runs', async () => {
    db.on(UpdateCommand)
      .resolvesOnce(found({ state: 'COMPLETED' }))
      .resolvesOnce(found({ state: 'IN_PROGRESS', locked_until: NOW + 10_000 }));
    for (let i = 0; i < 2; i++) {
      const error = await domainFailure(begin(scope, { ...input, body: { ...input.body, name: 'Other' } }, NOW));
      expect([error.kind, error.code]).toEqual(['unprocessable', 'IDEMPOTENCY_KEY_REUSED']);
    }
    expect(db.calls()).toHaveLength(2);
  });

  it('answers 409 IDEMPOTENCY_KEY_IN_PROGRESS while the first request holds its lock', async () => {
    recordIs({ state: 'IN_PROGRESS', locked_until: NOW + 1, response: undefined });
    const error = await domainFailure(begin(scope, input, NOW));
    expect([error.kind, error.code]).toEqual(['conflict', 'IDEMPOTENCY_KEY_IN_PROGRESS']);
    expect(db.calls()).toHaveLength(1);
  });

  it('takes over a claim whose lock lapsed (its request died), conditioned on that claim and on no effect applied', async () => {
    db.on(UpdateCommand)
      .resolvesOnce(found({ state: 'IN_PROGRESS', locked_until: NOW, response: undefined }))
      .resolves({});
    const begun = await begin(scope, input, NOW);
    expect(begun.claim).toBeDefined();
    const takeOver = updates()[1]!;
    expect(takeOver.ConditionExpression).toBe('#token = :c0 AND attribute_not_exists(#applied_at)');
    expect(takeOver.ExpressionAttributeValues?.[':c0']).toBe('token-of-the-first-request');
    expect(takeOver.UpdateExpression).toMatch(/REMOVE #response, #applied_at$/);
    expect(sentRecord(takeOver)).toMatchObject({ token: begun.claim!.token, state: 'IN_PROGRESS' });
  });

  it('runs again after the 24 hours, even for another request, while DynamoDB has not deleted the record yet', async () => {
    db.on(UpdateCommand)
      .resolvesOnce(found({ ttl: NOW / 1000, fingerprint: 'of-another-request' }))
      .resolves({});
    const begun = await begin(scope, input, NOW);
    expect(begun.claim).toBeDefined();
    expect(sentRecord(updates()[1]!)).toMatchObject({ ttl: NOW / 1000 + RETENTION_SECONDS });
  });

  it('never takes over a lapsed claim whose effect was applied: 409 IDEMPOTENCY_KEY_ANSWER_LOST, nothing written', async () => {
    recordIs({ state: 'IN_PROGRESS', locked_until: NOW - 1, response: undefined, applied_at: '2026-11-21T09:59:50Z' });
    const error = await domainFailure(begin(scope, input, NOW));
    expect([error.kind, error.code]).toEqual(['conflict', 'IDEMPOTENCY_KEY_ANSWER_LOST']);
    expect(updates()).toHaveLength(1);
  });

  it('holds the key until the lock time it is given (the request’s own deadline)', async () => {
    noRecord();
    await begin(scope, input, NOW, NOW + 9_000);
    expect(sentRecord(updates()[0]!)).toMatchObject({ locked_until: NOW + 9_000 });
  });

  it('answers 409 when another retry took the lapsed claim over first', async () => {
    db.on(UpdateCommand)
      .resolvesOnce(found({ state: 'IN_PROGRESS', locked_until: NOW - 1 }))
      .rejects(dynamoErrors.conditionalCheckFailed());
    const error = await domainFailure(begin(scope, input, NOW));
    expect(error.code).toBe('IDEMPOTENCY_KEY_IN_PROGRESS');
  });

  it('lets a throttled claim fail as a dependency failure (503), having written nothing', async () => {
    db.on(UpdateCommand).rejects(dynamoErrors.throttling());
    const error = await begin(scope, input, NOW).catch((e: unknown) => e);
    expect(isDependencyUnavailable(error)).toBe(true);
  });

  it('keeps keys of different companies and routes apart', async () => {
    noRecord();
    await begin(scope, input, NOW);
    await begin({ ...scope, companyId: 'another-company' }, input, NOW);
    await begin({ ...scope, route: 'create-template-file' }, input, NOW);
    expect(new Set(updates().map((u) => u.Key!.pk)).size).toBe(3);
  });
});

describe('the fence of a claim', () => {
  it('marks the key applied, only while the record still holds this claim', () => {
    const claim: Claim = { key: keys.idempotency(scope.companyId, scope.route, scope.key), token: 'my-token' };
    const fence = fenceOf(claim, NOW);
    expect(fence.update).toEqual(claim.key);
    expect(fence.set.values).toEqual({ ':u0': new Date(NOW).toISOString() });
    expect(fence.condition).toMatchObject({ expression: '#token = :c0', values: { ':c0': 'my-token' } });
    expect(fence.lost()).toMatchObject({ kind: 'conflict', code: 'IDEMPOTENCY_KEY_IN_PROGRESS' });
  });
});

describe('finish and abandon', () => {
  const claim: Claim = { key: keys.idempotency(scope.companyId, scope.route, scope.key), token: 'my-token' };

  it('stores a 2xx answer as COMPLETED, only while the claim is still this request’s', async () => {
    db.on(UpdateCommand).resolves({});
    await finish(claim, answer);
    const [complete] = updates();
    expect(complete!.Key).toEqual(claim.key);
    expect(complete!.ConditionExpression).toBe('#token = :c0');
    expect(complete!.UpdateExpression).toBe('SET #state = :u0, #response = :u1');
    expect(complete!.ExpressionAttributeValues).toEqual({ ':c0': 'my-token', ':u0': 'COMPLETED', ':u1': answer });
  });

  it('frees the key after a 4xx or 5xx answer instead of keeping it', async () => {
    db.on(DeleteCommand).resolves({});
    await finish(claim, { ...answer, statusCode: 406 });
    await finish(claim, { ...answer, statusCode: 503 });
    expect(updates()).toHaveLength(0);
    expect(deletes()).toHaveLength(2);
    expect(deletes()[0]).toMatchObject({
      Key: claim.key,
      ConditionExpression: '#token = :c0',
      ExpressionAttributeValues: { ':c0': 'my-token' },
    });
  });

  it('after a failure whose outcome is unknown, frees the key only if no effect was applied', async () => {
    db.on(DeleteCommand).resolves({});
    await finish(claim, { ...answer, statusCode: 503 }, true);
    await abandon(claim, true);
    expect(deletes().map((d) => d.ConditionExpression)).toEqual([
      '#token = :c0 AND attribute_not_exists(#applied_at)',
      '#token = :c0 AND attribute_not_exists(#applied_at)',
    ]);
  });

  it('never fails a request whose write succeeded: a throttled or lost completion is logged, not thrown', async () => {
    db.on(UpdateCommand).rejectsOnce(dynamoErrors.throttling()).rejectsOnce(dynamoErrors.conditionalCheckFailed());
    await expect(finish(claim, answer)).resolves.toBeUndefined();
    await expect(finish(claim, answer)).resolves.toBeUndefined();
  });

  it('never hides the request’s own error: a failed release is logged, not thrown', async () => {
    db.on(DeleteCommand)
      .rejectsOnce(dynamoErrors.internalServerError())
      .rejectsOnce(dynamoErrors.conditionalCheckFailed());
    await expect(abandon(claim)).resolves.toBeUndefined();
    await expect(abandon(claim)).resolves.toBeUndefined();
    expect(deletes()).toHaveLength(2);
  });
});
