import { describe, expect, it } from 'vitest';
import {
  assertSupported,
  denialMessage,
  evaluate,
  type Statement,
  wildcardMatch,
} from '../../../infra/local/iam/evaluate';

/** AWS's documented identity-policy evaluation (IAM User Guide, "Policy evaluation logic"), case by case. */
const TABLE = 'arn:aws:dynamodb:eu-central-1:123456789012:table/dpp-local';
const allow = (Action: string | string[], Resource: string | string[], extra: Partial<Statement> = {}): Statement => ({
  Effect: 'Allow',
  Action,
  Resource,
  ...extra,
});

describe('the local IAM evaluator', () => {
  it('denies by default: no statement that applies is an implicit deny', () => {
    expect(evaluate([], { action: 'dynamodb:GetItem', resource: TABLE })).toEqual({
      allowed: false,
      reason: 'implicit-deny',
    });
    expect(evaluate([allow('dynamodb:GetItem', TABLE)], { action: 'dynamodb:PutItem', resource: TABLE }).allowed).toBe(
      false,
    );
  });

  it('allows a call an Allow statement names by action and resource', () => {
    expect(
      evaluate([allow(['dynamodb:Query', 'dynamodb:GetItem'], TABLE)], { action: 'dynamodb:GetItem', resource: TABLE })
        .allowed,
    ).toBe(true);
  });

  it('lets an explicit Deny win over any Allow, whatever their order', () => {
    const deny: Statement = { Effect: 'Deny', Action: 'dynamodb:*', Resource: TABLE };
    for (const statements of [
      [allow('dynamodb:GetItem', TABLE), deny],
      [deny, allow('dynamodb:GetItem', TABLE)],
    ]) {
      expect(evaluate(statements, { action: 'dynamodb:GetItem', resource: TABLE })).toMatchObject({
        allowed: false,
        reason: 'explicit-deny',
      });
    }
  });

  it('matches actions case-insensitively, with * and ? wildcards', () => {
    expect(evaluate([allow('DynamoDB:getitem', TABLE)], { action: 'dynamodb:GetItem', resource: TABLE }).allowed).toBe(
      true,
    );
    expect(evaluate([allow('dynamodb:*Item', TABLE)], { action: 'dynamodb:PutItem', resource: TABLE }).allowed).toBe(
      true,
    );
    expect(evaluate([allow('dynamodb:?etItem', TABLE)], { action: 'dynamodb:GetItem', resource: TABLE }).allowed).toBe(
      true,
    );
    expect(
      evaluate([allow('dynamodb:?etItem', TABLE)], { action: 'dynamodb:BatchGetItem', resource: TABLE }).allowed,
    ).toBe(false);
  });

  it('matches resources case-sensitively; * spans / (a table ARN does not cover its indexes)', () => {
    const objects = 'arn:aws:s3:::dpp-local-files/companies/*';
    const req = (resource: string) => ({ action: 's3:GetObject', resource });
    expect(
      evaluate([allow('s3:GetObject', objects)], req('arn:aws:s3:::dpp-local-files/companies/c1/dpps/d/f.pdf')).allowed,
    ).toBe(true);
    expect(
      evaluate([allow('s3:GetObject', objects)], req('arn:aws:s3:::dpp-local-files/Companies/c1/f.pdf')).allowed,
    ).toBe(false);
    expect(evaluate([allow('s3:GetObject', objects)], req('arn:aws:s3:::dpp-local-files/other/f.pdf')).allowed).toBe(
      false,
    );
    expect(
      evaluate([allow('dynamodb:Query', TABLE)], { action: 'dynamodb:Query', resource: `${TABLE}/index/gsi1` }).allowed,
    ).toBe(false);
    expect(wildcardMatch('arn:aws:s3:::b/a?c', 'arn:aws:s3:::b/abc')).toBe(true);
    expect(wildcardMatch('arn:aws:s3:::b/a?c', 'arn:aws:s3:::b/ac')).toBe(false);
    expect(wildcardMatch('arn:aws:s3:::b/a.c', 'arn:aws:s3:::b/abc')).toBe(false);
  });

  it('reads NotAction and NotResource as "every other"', () => {
    const notAction: Statement = { Effect: 'Allow', NotAction: 'dynamodb:DeleteItem', Resource: TABLE };
    expect(evaluate([notAction], { action: 'dynamodb:PutItem', resource: TABLE }).allowed).toBe(true);
    expect(evaluate([notAction], { action: 'dynamodb:DeleteItem', resource: TABLE }).allowed).toBe(false);
    const notResource: Statement = { Effect: 'Deny', Action: 's3:*', NotResource: 'arn:aws:s3:::b/companies/*' };
    const statements = [allow('s3:GetObject', '*'), notResource];
    expect(evaluate(statements, { action: 's3:GetObject', resource: 'arn:aws:s3:::b/companies/x' }).allowed).toBe(true);
    expect(evaluate(statements, { action: 's3:GetObject', resource: 'arn:aws:s3:::b/other' }).allowed).toBe(false);
  });

  it('applies a statement only when every condition holds (StringEquals, StringLike, ForAllValues, ForAnyValue, Null)', () => {
    const leading = allow('dynamodb:Query', TABLE, {
      Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['COMPANY#c1*'] } },
    });
    const query = (keys?: string[]) => ({
      action: 'dynamodb:Query',
      resource: TABLE,
      context: { 'dynamodb:LeadingKeys': keys },
    });
    expect(evaluate([leading], query(['COMPANY#c1'])).allowed).toBe(true);
    expect(evaluate([leading], query(['COMPANY#c1', 'COMPANY#c2'])).allowed).toBe(false);
    // ForAllValues with the key absent holds (the documented pitfall).
    expect(evaluate([leading], query(undefined)).allowed).toBe(true);
    const equals = allow('ses:SendEmail', '*', {
      Condition: { StringEquals: { 'ses:FromAddress': 'no-reply@dpp.local' } },
    });
    const send = (from?: string) => ({ action: 'ses:SendEmail', resource: '*', context: { 'SES:FromAddress': from } });
    expect(evaluate([equals], send('no-reply@dpp.local')).allowed).toBe(true);
    expect(evaluate([equals], send('other@dpp.local')).allowed).toBe(false);
    expect(evaluate([equals], send(undefined)).allowed).toBe(false);
    const any = allow('s3:GetObject', '*', {
      Condition: { 'ForAnyValue:StringEquals': { 'aws:TagKeys': ['a', 'b'] } },
    });
    expect(
      evaluate([any], { action: 's3:GetObject', resource: '*', context: { 'aws:TagKeys': ['z', 'b'] } }).allowed,
    ).toBe(true);
    expect(evaluate([any], { action: 's3:GetObject', resource: '*', context: { 'aws:TagKeys': ['z'] } }).allowed).toBe(
      false,
    );
    const notEquals = allow('s3:GetObject', '*', { Condition: { StringNotEquals: { 'aws:userid': 'x' } } });
    expect(
      evaluate([notEquals], { action: 's3:GetObject', resource: '*', context: { 'aws:userid': 'y' } }).allowed,
    ).toBe(true);
    expect(
      evaluate([notEquals], { action: 's3:GetObject', resource: '*', context: { 'aws:userid': 'x' } }).allowed,
    ).toBe(false);
    const absent = allow('s3:GetObject', '*', { Condition: { Null: { 'aws:TokenIssueTime': 'true' } } });
    expect(evaluate([absent], { action: 's3:GetObject', resource: '*' }).allowed).toBe(true);
    expect(
      evaluate([absent], { action: 's3:GetObject', resource: '*', context: { 'aws:TokenIssueTime': 't' } }).allowed,
    ).toBe(false);
  });

  it('refuses, when loading, a condition operator it cannot judge, instead of reading it as true', () => {
    expect(() =>
      assertSupported(allow('s3:GetObject', '*', { Condition: { IpAddress: { 'aws:SourceIp': '10.0.0.0/8' } } })),
    ).toThrow(/IpAddress is not supported/);
    expect(() => assertSupported({ Effect: 'Allow', Resource: '*' })).toThrow(/Action or NotAction/);
  });

  it('words a denial as AWS does, naming the caller, the action and the resource', () => {
    const request = { action: 'dynamodb:PutItem', resource: TABLE };
    expect(denialMessage('arn:aws:sts::123456789012:assumed-role/R/get-dpp', request, evaluate([], request))).toBe(
      `User: arn:aws:sts::123456789012:assumed-role/R/get-dpp is not authorized to perform: dynamodb:PutItem on resource: ${TABLE} because no identity-based policy allows the dynamodb:PutItem action`,
    );
  });
});
