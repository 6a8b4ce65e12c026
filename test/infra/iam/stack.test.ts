import { beforeAll, describe, expect, it } from 'vitest';
import { BUCKET_ACTIONS, OBJECT_KEY_PREFIX, TABLE_ACTIONS } from '../../../infra/constructs/functions';
import {
  LOCAL_BUCKET,
  LOCAL_CLOUD_ONLY_VALUES,
  LOCAL_FROM_ADDRESS,
  LOCAL_REGION,
  LOCAL_TABLE,
} from '../../../infra/local/environment';
import { functionCredentials, LocalIam, type Request } from '../../../infra/local/iam';
import { dynamoDbCalls, jsonProtocolCalls, s3Calls, sesCalls } from '../../../infra/local/iam/requests';
import {
  type FunctionIdentity,
  functionIdentities,
  LOCAL_ACCOUNT,
  type Template,
} from '../../../infra/local/iam/template';
import { sandboxTemplate, synthesizedTemplate } from '../../../infra/local/sam-env';
import { tableSchema } from '../../../infra/table-schema';
import type { Access } from '../../../lib/access';
import { ANCHOR_WORKER_ACCESS, ANCHOR_WORKER_FN } from '../../../lib/anchoring/worker';
import type { Route } from '../../../lib/api/contract';
import { routes } from '../../../lib/api/routes';
import { KYB_RETRY_ACCESS, KYB_RETRY_WORKER_FN } from '../../../lib/companies/kyb/worker';

/**
 * The IAM the local stack enforces, checked off the shipped code: the roles of the synthesized
 * template (not the rows that made them), through the same request mapping and evaluator the
 * local engines' IAM proxies use (infra/local/iam).
 */
const arn = (service: string, rest: string) => `arn:aws:${service}:${LOCAL_REGION}:${LOCAL_ACCOUNT}:${rest}`;
const TABLE_ARN = arn('dynamodb', `table/${LOCAL_TABLE}`);
const OBJECTS = `arn:aws:s3:::${LOCAL_BUCKET}/${OBJECT_KEY_PREFIX}*`;
const secretArn = (setting: string) => arn('secretsmanager', `secret:${LOCAL_CLOUD_ONLY_VALUES[setting]}`);

let template: Template;
let identities: Map<string, FunctionIdentity>;
beforeAll(() => {
  template = sandboxTemplate() as Template;
  identities = functionIdentities(template);
});

/** Every (action, resource) a row's access declares (lib/access.ts), read from its documentation, not from the stack's code. */
function declaredGrants(access: Access): Set<string> {
  const grants = new Set<string>();
  const add = (actions: readonly string[], resources: readonly string[]) => {
    for (const action of actions) for (const resource of resources) grants.add(`${action} ${resource}`);
  };
  if (access.table) add(TABLE_ACTIONS[access.table], [TABLE_ARN]);
  if (access.tableIndexes)
    add(
      ['dynamodb:Query'],
      tableSchema.globalIndexes.map((i) => `${TABLE_ARN}/index/${i.name}`),
    );
  for (const level of access.bucket ?? []) add(BUCKET_ACTIONS[level], [OBJECTS]);
  if (access.email) add(['ses:SendEmail', 'ses:SendRawEmail'], [arn('ses', `identity/${LOCAL_FROM_ADDRESS}`)]);
  if (access.translate) add(['translate:TranslateText'], ['*']);
  if (access.signingKey) add(['secretsmanager:GetSecretValue'], [secretArn('JWT_SIGNING_KEY_SECRET_ID')]);
  if (access.issuerKey) add(['secretsmanager:GetSecretValue'], [secretArn('VC_ISSUER_KEY_SECRET_ID')]);
  if (access.cursorKey) add(['secretsmanager:GetSecretValue'], [secretArn('CURSOR_KEY_SECRET_ID')]);
  if (access.stripe) add(['secretsmanager:GetSecretValue'], [secretArn('STRIPE_SECRET_KEY_SECRET_ID')]);
  if (access.chain) add(['secretsmanager:GetSecretValue'], [secretArn('EVM_RPC_URL_SECRET_ID')]);
  if (access.anchoring) {
    add(['dynamodb:GetItem', 'dynamodb:UpdateItem'], [TABLE_ARN]);
    add(['secretsmanager:GetSecretValue'], [secretArn('ANCHOR_KEY_SECRET_ID'), secretArn('EVM_RPC_URL_SECRET_ID')]);
  }
  return grants;
}

/** What every function's role holds beside its row: its own log group and X-Ray (active tracing). */
const isPlatformGrant = (fn: string, action: string, resource: string) =>
  (action.startsWith('logs:') && resource.startsWith(arn('logs', 'log-group:'))) ||
  (action.startsWith('xray:') && resource === '*') ||
  // The anchor worker's event source mapping reads the table's stream and sends what fails to its dead-letter queue.
  (fn === ANCHOR_WORKER_FN &&
    (/^dynamodb:(DescribeStream|GetRecords|GetShardIterator)$/.test(action)
      ? resource === `${TABLE_ARN}/stream/local`
      : false)) ||
  (fn === ANCHOR_WORKER_FN && action === 'dynamodb:ListStreams' && resource === '*') ||
  (fn === ANCHOR_WORKER_FN && /^sqs:/.test(action) && resource.startsWith(arn('sqs', '')));

const rows: Array<{ fn: string; access: Access }> = [
  ...routes,
  { fn: ANCHOR_WORKER_FN, access: ANCHOR_WORKER_ACCESS },
  { fn: KYB_RETRY_WORKER_FN, access: KYB_RETRY_ACCESS },
];

describe('each function role of the synthesized template', () => {
  it('holds no grant its route row does not declare (least privilege, from the template)', () => {
    const undeclared: string[] = [];
    for (const { fn, access } of rows) {
      const declared = declaredGrants(access);
      for (const statement of identities.get(fn)?.statements ?? []) {
        expect(statement.Effect).toBe('Allow');
        for (const action of [statement.Action ?? []].flat()) {
          for (const resource of [statement.Resource ?? []].flat()) {
            if (!declared.has(`${action} ${resource}`) && !isPlatformGrant(fn, action, resource)) {
              undeclared.push(`${fn}: ${action} on ${resource}`);
            }
          }
        }
      }
    }
    expect(undeclared).toEqual([]);
  });

  it('holds every grant its route row declares', () => {
    const missing: string[] = [];
    for (const { fn, access } of rows) {
      const held = new Set(
        (identities.get(fn)?.statements ?? []).flatMap((s) =>
          [s.Action ?? []].flat().flatMap((a) => [s.Resource ?? []].flat().map((r) => `${a} ${r}`)),
        ),
      );
      for (const grant of declaredGrants(access)) if (!held.has(grant)) missing.push(`${fn}: ${grant}`);
    }
    expect(missing).toEqual([]);
  });
});

/**
 * One route of each kind, its call as the local engine sees it, and its row with that grant
 * taken away. All six variants are synthesized together (one synth), each on its own route.
 */
const TX = 'DynamoDB_20120810';
const KINDS: Array<{ kind: string; fn: string; without: Partial<Access>; calls: () => Request[] }> = [
  {
    kind: 'a read',
    fn: 'get-company',
    without: { table: undefined },
    calls: () => dynamoDbCalls(`${TX}.GetItem`, { TableName: LOCAL_TABLE, Key: { pk: { S: 'COMPANY#c' } } }),
  },
  {
    kind: 'a write',
    fn: 'update-dpp-card',
    without: { table: 'read' },
    calls: () => dynamoDbCalls(`${TX}.UpdateItem`, { TableName: LOCAL_TABLE, Key: { pk: { S: 'DPP#d' } } }),
  },
  {
    kind: 'a transaction',
    fn: 'create-dpp',
    without: { table: 'read' },
    calls: () =>
      dynamoDbCalls(`${TX}.TransactWriteItems`, {
        TransactItems: [
          { ConditionCheck: { TableName: LOCAL_TABLE, Key: {} } },
          { Put: { TableName: LOCAL_TABLE, Item: {} } },
        ],
      }),
  },
  {
    kind: 'an upload and the presigned URL it hands out',
    fn: 'create-dpp-file',
    without: { bucket: ['delete'] },
    calls: () => {
      const key = `/${LOCAL_BUCKET}/companies/c/dpps/d/files/f.pdf`;
      return [
        ...s3Calls('PUT', key, new URLSearchParams(), {}),
        // The GET of the URL it signed, checked against the signer's role when it is used.
        ...s3Calls('GET', key, new URLSearchParams({ 'X-Amz-Credential': 'x' }), {}),
      ];
    },
  },
  {
    kind: 'an e-mail',
    fn: 'create-invitation',
    without: { email: undefined },
    calls: () =>
      sesCalls('POST', '/', new URLSearchParams({ Action: 'SendEmail', Source: LOCAL_FROM_ADDRESS }).toString()) ?? [],
  },
  {
    kind: 'a secret read',
    fn: 'generate-jwt',
    without: { signingKey: undefined },
    calls: () =>
      jsonProtocolCalls('secretsmanager.GetSecretValue', {
        SecretId: LOCAL_CLOUD_ONLY_VALUES.JWT_SIGNING_KEY_SECRET_ID,
      }),
  },
];

describe('a grant taken from a route row', () => {
  let reduced: LocalIam;
  let shipped: LocalIam;
  beforeAll(() => {
    const variant: Route[] = routes.map((route) => {
      const change = KINDS.find((k) => k.fn === route.fn);
      return change ? { ...route, access: { ...route.access, ...change.without } } : route;
    });
    reduced = LocalIam.fromTemplate(synthesizedTemplate(variant) as Template, { adminKeys: [] });
    shipped = new LocalIam(identities, { adminKeys: [] });
  });

  it.each(KINDS)('is denied for $kind ($fn), as AWS denies it, and allowed with the shipped row', ({ fn, calls }) => {
    const key = functionCredentials(fn).accessKeyId;
    for (const call of calls()) {
      expect(shipped.authorize(key, [call])).toEqual({ allowed: true, fn });
      const verdict = reduced.authorize(key, [call]);
      expect(verdict).toMatchObject({ allowed: false, fn, action: call.action, resource: call.resource });
      expect(verdict.allowed === false && verdict.message).toBe(
        `User: arn:aws:sts::${LOCAL_ACCOUNT}:assumed-role/${identities.get(fn)?.role}/${fn} is not authorized to perform: ` +
          `${call.action} on resource: ${call.resource} because no identity-based policy allows the ${call.action} action`,
      );
    }
  });
});

describe('the local IAM check', () => {
  it('passes the engines own keys unchecked, and denies no key or a key no function has', () => {
    const iam = new LocalIam(identities, { adminKeys: ['local'] });
    const call = { action: 'dynamodb:DeleteTable', resource: TABLE_ARN };
    expect(iam.authorize('local', [call]).allowed).toBe(true);
    expect(iam.authorize(undefined, [call])).toMatchObject({
      allowed: false,
      message: expect.stringContaining('anonymous'),
    });
    expect(iam.authorize('AKIAUNKNOWN', [call])).toMatchObject({
      allowed: false,
      message: expect.stringContaining('AKIAUNKNOWN'),
    });
  });

  it('denies a whole transaction when one leg is not allowed (a read-only role putting through TransactWriteItems)', () => {
    const iam = new LocalIam(identities, { adminKeys: [] });
    const calls = dynamoDbCalls(`${TX}.TransactWriteItems`, {
      TransactItems: [{ Update: { TableName: LOCAL_TABLE } }, { Put: { TableName: LOCAL_TABLE } }],
    });
    expect(iam.authorize(functionCredentials('get-company').accessKeyId, calls)).toMatchObject({
      allowed: false,
      action: 'dynamodb:UpdateItem',
    });
  });

  it('lets only the anchor worker read the table’s stream, found in the shard iterator of a GetRecords', () => {
    const iam = new LocalIam(identities, { adminKeys: [] });
    const stream = 'arn:aws:dynamodb:ddblocal:000000000000:table/dpp-local/stream/2026-11-26T19:16:01.123';
    const read = dynamoDbCalls('DynamoDBStreams_20120810.GetRecords', { ShardIterator: `000|${stream}|AAAA` });
    expect(read).toEqual([{ action: 'dynamodb:GetRecords', resource: `${TABLE_ARN}/stream/local` }]);
    expect(iam.authorize(functionCredentials(ANCHOR_WORKER_FN).accessKeyId, read).allowed).toBe(true);
    expect(iam.authorize(functionCredentials('get-company').accessKeyId, read).allowed).toBe(false);
  });

  it('lets only the rows with tableIndexes query an index', () => {
    const iam = new LocalIam(identities, { adminKeys: [] });
    const query = dynamoDbCalls(`${TX}.Query`, { TableName: LOCAL_TABLE, IndexName: 'gsi1' });
    expect(query).toEqual([{ action: 'dynamodb:Query', resource: `${TABLE_ARN}/index/gsi1` }]);
    expect(iam.authorize(functionCredentials('list-dpps').accessKeyId, query).allowed).toBe(true);
    expect(iam.authorize(functionCredentials('get-company').accessKeyId, query).allowed).toBe(false);
  });
});
