import { DynamoDBDocumentClient, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { isDependencyUnavailable } from '../../../lib/aws/errors';
import * as keys from '../../../lib/data/keys';
import { toDppItem } from '../../../lib/dpps/model';
import { putNewDpp } from '../../../lib/dpps/repository';
import { dynamoErrors } from '../../support/unit/aws-errors';

/**
 * The create-DPP transaction's outcomes only a mock produces on demand: every condition
 * failing at once (which one answers), and conflicts with concurrent transactions on the
 * company item (sent again). The real conditions run against DynamoDB Local in
 * test/functions/dpps.test.ts.
 */
const db = mockClient(DynamoDBDocumentClient);
const random = vi.spyOn(Math, 'random').mockReturnValue(0);
afterAll(() => random.mockRestore());

const at = '2026-11-22T10:00:00.000Z';
const dpp = (template_id?: string) =>
  toDppItem({
    id: 'd1',
    company_id: 'c1',
    model_id: 'm1',
    ...(template_id && { template_id }),
    name: 'n',
    description: '',
    dpp_type: 't',
    language: 'en',
    created_at: at,
    updated_at: at,
  });
const legsOf = (call: number) =>
  (db.commandCalls(TransactWriteCommand)[call]!.args[0].input as TransactWriteCommandInput).TransactItems!;

beforeEach(() => db.reset());

describe('putNewDpp', () => {
  it('checks the template, then KYB, then puts the DPP, in one transaction', async () => {
    db.on(TransactWriteCommand).resolves({});
    expect(await putNewDpp(dpp('t1'))).toBe('written');
    const legs = legsOf(0);
    expect(legs.map((leg) => Object.keys(leg)[0])).toEqual(['ConditionCheck', 'ConditionCheck', 'Put']);
    expect(legs[0]!.ConditionCheck!.Key).toEqual(keys.template('t1'));
    expect(legs[1]!.ConditionCheck).toMatchObject({
      Key: keys.company('c1'),
      ConditionExpression: '#kyb.#status = :c0',
      ExpressionAttributeNames: { '#kyb': 'kyb', '#status': 'status' },
      ExpressionAttributeValues: { ':c0': 'VERIFIED' },
    });
    expect(legs[2]!.Put!.ConditionExpression).toBe('attribute_not_exists(pk)');
  });

  it('answers the template when both conditions failed, and KYB when only it did', async () => {
    db.on(TransactWriteCommand).rejects(
      dynamoErrors.transactionCanceled('ConditionalCheckFailed', 'ConditionalCheckFailed', 'None'),
    );
    expect(await putNewDpp(dpp('t1'))).toBe('template_not_found');
    db.on(TransactWriteCommand).rejects(dynamoErrors.transactionCanceled('None', 'ConditionalCheckFailed', 'None'));
    expect(await putNewDpp(dpp('t1'))).toBe('kyb_required');
    db.on(TransactWriteCommand).rejects(dynamoErrors.transactionCanceled('ConditionalCheckFailed', 'None'));
    expect(await putNewDpp(dpp())).toBe('kyb_required');
  });

  it('sends a transaction that conflicted with another again, and gives up as a dependency failure', async () => {
    db.on(TransactWriteCommand)
      .rejectsOnce(dynamoErrors.transactionCanceled('None', 'TransactionConflict', 'None'))
      .resolves({});
    expect(await putNewDpp(dpp('t1'))).toBe('written');
    db.reset();
    db.on(TransactWriteCommand).rejects(dynamoErrors.transactionCanceled('TransactionConflict', 'None'));
    const error = await putNewDpp(dpp()).catch((e: unknown) => e);
    expect(isDependencyUnavailable(error)).toBe(true);
  });
});
