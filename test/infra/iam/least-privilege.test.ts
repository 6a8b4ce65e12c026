import { describe, expect, it } from 'vitest';
import type { RecordedCall } from '../../../infra/local/iam';
import { formatReport, leastPrivilegeReport, parseRecord } from '../../../infra/local/iam/least-privilege';
import type { FunctionIdentity } from '../../../infra/local/iam/template';

const TABLE = 'arn:aws:dynamodb:eu-central-1:123456789012:table/dpp-local';
const OBJECTS = 'arn:aws:s3:::dpp-local-files/companies/*';
const identity = (fn: string, statements: FunctionIdentity['statements']): [string, FunctionIdentity] => [
  fn,
  {
    fn,
    logicalId: fn,
    role: `${fn}Role`,
    principalArn: `arn:aws:sts::123456789012:assumed-role/${fn}Role/${fn}`,
    statements,
  },
];
const identities = new Map([
  identity('reader', [
    { Effect: 'Allow', Action: ['dynamodb:GetItem', 'dynamodb:Query'], Resource: TABLE },
    { Effect: 'Allow', Action: 's3:GetObject', Resource: OBJECTS },
    { Effect: 'Allow', Action: ['xray:PutTraceSegments'], Resource: '*' },
  ]),
  identity('idle', [{ Effect: 'Allow', Action: 'dynamodb:GetItem', Resource: TABLE }]),
]);
const calls: RecordedCall[] = [
  { fn: 'reader', action: 'dynamodb:GetItem', resource: TABLE, allowed: true },
  { fn: 'reader', action: 's3:GetObject', resource: 'arn:aws:s3:::dpp-local-files/companies/c/f.pdf', allowed: true },
  { fn: 'reader', action: 'dynamodb:PutItem', resource: TABLE, allowed: false },
];

describe('the least-privilege report', () => {
  it('lists each granted action on each resource that no allowed call exercised, per function', () => {
    const report = leastPrivilegeReport(identities, calls);
    expect(report.unexercised).toEqual({
      reader: [{ action: 'dynamodb:Query', resource: TABLE }],
      idle: [{ action: 'dynamodb:GetItem', resource: TABLE }],
    });
    expect(report.silent).toEqual(['idle']);
  });

  it('counts the evaluated calls by service, and sets apart what no local engine can exercise, with why', () => {
    const report = leastPrivilegeReport(identities, calls);
    expect(report.calls).toEqual({ dynamodb: { allowed: 1, denied: 1 }, s3: { allowed: 1, denied: 0 } });
    expect(report.notLocal.reader).toEqual([
      { action: 'xray:PutTraceSegments', resource: '*', reason: expect.stringContaining('Lambda runtime') },
    ]);
    expect(formatReport(report)).toContain(`reader: dynamodb:Query on ${TABLE}`);
  });

  it('reads the record one JSON object a line', () => {
    expect(parseRecord(`${calls.map((c) => JSON.stringify(c)).join('\n')}\n`)).toEqual(calls);
  });
});
