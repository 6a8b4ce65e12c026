import {
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { isDependencyUnavailable } from '../../../lib/aws/errors';
import * as keys from '../../../lib/data/keys';
import { toInvitationItems } from '../../../lib/invitations/model';
import { storeInvitation } from '../../../lib/invitations/repository';
import { dynamoErrors } from '../../support/unit/aws-errors';

/**
 * The invitation transaction's outcomes that only a mock can produce on demand: conflicts
 * between concurrent transactions (retried), each failed condition (mapped), and the
 * reclaim of an expired invitation's seat before a second try. The real conditions run
 * against DynamoDB Local in test/functions/invitations.test.ts.
 */
const db = mockClient(DynamoDBDocumentClient);
const random = vi.spyOn(Math, 'random').mockReturnValue(0);
afterAll(() => random.mockRestore());

const now = new Date('2026-11-22T10:00:00.000Z');
const pending = toInvitationItems({
  id: 'QhgyT_gJIgJ02FsEXjfnfw',
  company_id: 'c1',
  email: 'new@example.com',
  wallet: '0x71be63f3384f5fb98995898a86b02fb2426c5788',
  password_hash: 'scrypt$16384$8$1$salt$key',
  invited_by: 'admin',
  created_at: now.toISOString(),
});
const cancelled = (...failedAt: number[]) =>
  dynamoErrors.transactionCanceled(
    ...Array.from({ length: 6 }, (_, i) => (failedAt.includes(i) ? 'ConditionalCheckFailed' : 'None')),
  );
const conflict = () => dynamoErrors.transactionCanceled('TransactionConflict', 'None', 'None', 'None', 'None', 'None');
const transactions = () =>
  db.commandCalls(TransactWriteCommand).map((c) => c.args[0].input as TransactWriteCommandInput);

beforeEach(() => {
  db.reset();
  db.on(GetCommand).resolves({ Item: { ...keys.company('c1'), seats_used: 3 } });
  db.on(QueryCommand).resolves({ Items: [] });
});

describe('storeInvitation', () => {
  it('takes the seat, the claims and the invitation in one transaction with every rule as a condition', async () => {
    db.on(TransactWriteCommand).resolves({});
    expect(await storeInvitation(pending, 'admin', now)).toBeUndefined();
    const [legs] = transactions().map((t) => t.TransactItems!);
    expect(legs).toHaveLength(6);
    expect(legs![0]!.Update).toMatchObject({ Key: keys.company('c1') });
    expect(legs![0]!.Update!.ConditionExpression).toContain('#seats_used < #member_limit');
    expect(legs![1]!.ConditionCheck).toMatchObject({ Key: keys.user('c1', 'admin') });
    expect(legs![2]!.Put!.Item).toMatchObject({ ...keys.invitation(pending.invitation.id), status: 'PENDING' });
    expect(legs![3]!.Put!.Item).toMatchObject(keys.emailClaim('c1', 'new@example.com'));
    expect(legs![4]!.Put!.Item).toMatchObject(keys.invitedWallet('c1', pending.invitation.wallet));
    expect(legs![5]!.ConditionCheck).toMatchObject({ Key: keys.wallet(pending.invitation.wallet) });
  });

  it('sends a transaction again after a conflict with a concurrent one', async () => {
    db.on(TransactWriteCommand).rejectsOnce(conflict()).rejectsOnce(conflict()).resolves({});
    expect(await storeInvitation(pending, 'admin', now)).toBeUndefined();
    expect(transactions()).toHaveLength(3);
  });

  it('refuses at once, without racing again, when the company turns out full after a conflict', async () => {
    db.on(TransactWriteCommand).rejects(conflict());
    db.on(GetCommand).resolves({ Item: { ...keys.company('c1'), seats_used: 6, member_limit: 6 } });
    expect(await storeInvitation(pending, 'admin', now)).toBe('member_limit');
    expect(transactions()).toHaveLength(1);
  });

  it('gives up after ten conflicts with an error that answers 503', async () => {
    db.on(TransactWriteCommand).rejects(conflict());
    const error = await storeInvitation(pending, 'admin', now).catch((e: unknown) => e);
    expect(isDependencyUnavailable(error)).toBe(true);
    expect(transactions()).toHaveLength(10);
  });

  it.each([
    [[1], 'not_admin'],
    [[1, 0], 'not_admin'],
    [[3], 'email_taken'],
    [[4], 'wallet_taken'],
    [[5], 'wallet_taken'],
    [[0], 'member_limit'],
    [[0, 3], 'email_taken'],
  ] as const)('maps the failed conditions %j to %s', async (failed, refusal) => {
    db.on(TransactWriteCommand).rejects(cancelled(...failed));
    expect(await storeInvitation(pending, 'admin', now)).toBe(refusal);
  });

  it('reclaims an expired invitation’s claims and seat, then tries once more', async () => {
    const expired = toInvitationItems({
      ...pending.invitation,
      id: 'expiredexpiredexpired0',
      email: 'old@example.com',
      wallet: '0x0000000000000000000000000000000000000001',
      created_at: '2026-11-10T10:00:00.000Z',
    });
    db.on(QueryCommand).resolves({ Items: [expired.emailClaim] });
    db.on(TransactWriteCommand).rejectsOnce(cancelled(0)).resolvesOnce({}).resolves({});
    expect(await storeInvitation(pending, 'admin', now)).toBeUndefined();
    const [first, reclaim, again] = transactions().map((t) => t.TransactItems!);
    expect(first).toEqual(again);
    expect(reclaim!.map((leg) => Object.keys(leg)[0])).toEqual(['Delete', 'Delete', 'Update']);
    expect(reclaim![0]!.Delete).toMatchObject({
      Key: keys.emailClaim('c1', 'old@example.com'),
      ConditionExpression: '#invitation_id = :c0 AND #expires_at <= :c1',
      ExpressionAttributeValues: { ':c0': 'expiredexpiredexpired0', ':c1': now.toISOString() },
    });
    expect(reclaim![1]!.Delete).toMatchObject({ Key: keys.invitedWallet('c1', expired.invitation.wallet) });
    expect(reclaim![2]!.Update).toMatchObject({
      Key: keys.company('c1'),
      UpdateExpression: 'ADD #seats_used :u0',
      ExpressionAttributeValues: { ':u0': -1, ':c0': 1 },
      ConditionExpression: '#seats_used >= :c0',
    });
    // The reclaim Query asked only for the company's e-mail claims past their expiry.
    const query = db.commandCalls(QueryCommand)[0]!.args[0].input;
    expect(query.FilterExpression).toBe('#expires_at <= :c0');
    expect(query.ExpressionAttributeValues).toMatchObject({ ':c0': now.toISOString() });
  });

  it('does not reclaim for a refusal no expired invitation can cause', async () => {
    db.on(TransactWriteCommand).rejects(cancelled(1, 0));
    expect(await storeInvitation(pending, 'admin', now)).toBe('not_admin');
    expect(db.commandCalls(QueryCommand)).toHaveLength(0);
  });
});
