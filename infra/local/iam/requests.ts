/**
 * What a request to a local engine asks IAM for: the caller's access key id, and each action on
 * each resource the call needs, the way AWS authorizes it:
 * - DynamoDB: the X-Amz-Target operation on the TableName (an IndexName: the index's ARN); each
 *   leg of a TransactWriteItems (Put → PutItem, Update → UpdateItem, Delete → DeleteItem,
 *   ConditionCheck → ConditionCheckItem) and of a TransactGetItems (GetItem) on its own table;
 *   BatchGetItem / BatchWriteItem once per table. Streams: the operation on the table's stream.
 * - S3 (path-style): method, path and query → s3:GetObject, PutObject, DeleteObject,
 *   PutObjectTagging, ListBucket, …; a copy also needs s3:GetObject on its source.
 * - SES: v1 `Action=SendEmail|SendRawEmail` (form body) or the v2 outbound-emails path, on the
 *   identity of the sending address.
 * - Secrets Manager, Translate, SQS: the JSON protocol's target operation on its resource.
 */
import { LOCAL_REGION } from '../environment';
import type { Request } from './evaluate';
import { LOCAL_ACCOUNT } from './template';

const arn = (service: string, rest: string) => `arn:aws:${service}:${LOCAL_REGION}:${LOCAL_ACCOUNT}:${rest}`;

/** The access key id of a SigV4 request: its Authorization header's Credential, or a presigned URL's X-Amz-Credential. */
export function accessKeyIdOf(
  headers: Record<string, string | string[] | undefined>,
  query: URLSearchParams,
): string | undefined {
  const authorization = headers.authorization;
  const header = Array.isArray(authorization) ? authorization[0] : authorization;
  const fromHeader = header?.match(/Credential=([^/,\s]+)\//)?.[1];
  if (fromHeader) return fromHeader;
  return query.get('X-Amz-Credential')?.split('/')[0] || undefined;
}

const tableArn = (table: string) => arn('dynamodb', `table/${table}`);

/** A DynamoDB Local stream ARN (…:table/<t>/stream/<label>) as the local template names the table's stream. */
const streamArn = (requested: string | undefined) => {
  const table = requested?.match(/:table\/([^/]+)\/stream\//)?.[1];
  return table ? `${tableArn(table)}/stream/local` : '*';
};

type Json = Record<string, unknown>;

/** The calls one DynamoDB (or DynamoDB Streams) request makes. */
export function dynamoDbCalls(target: string, body: Json): Request[] {
  const [prefix, operation = ''] = target.split('.');
  const action = `dynamodb:${operation}`;
  if (prefix?.startsWith('DynamoDBStreams')) {
    // GetRecords names its stream only inside the shard iterator (DynamoDB Local writes the ARN into it).
    const stream = (body.StreamArn ?? String(body.ShardIterator ?? '').match(/arn:aws:dynamodb:[^|]+/)?.[0]) as
      | string
      | undefined;
    return [{ action, resource: operation === 'ListStreams' ? '*' : streamArn(stream) }];
  }
  const legs = (items: unknown, kinds: Record<string, string>): Request[] =>
    ((items ?? []) as Json[]).flatMap((item) =>
      Object.entries(kinds)
        .filter(([kind]) => item[kind] !== undefined)
        .map(([kind, legAction]) => ({
          action: `dynamodb:${legAction}`,
          resource: tableArn((item[kind] as Json).TableName as string),
        })),
    );
  switch (operation) {
    case 'TransactWriteItems':
      return legs(body.TransactItems, {
        Put: 'PutItem',
        Update: 'UpdateItem',
        Delete: 'DeleteItem',
        ConditionCheck: 'ConditionCheckItem',
      });
    case 'TransactGetItems':
      return legs(body.TransactItems, { Get: 'GetItem' });
    case 'BatchGetItem':
    case 'BatchWriteItem':
      return Object.keys((body.RequestItems ?? {}) as Json).map((table) => ({ action, resource: tableArn(table) }));
    case 'ListTables':
      return [{ action, resource: '*' }];
  }
  const table = body.TableName as string | undefined;
  if (!table) return [{ action, resource: '*' }];
  const index = body.IndexName as string | undefined;
  return [{ action, resource: index ? `${tableArn(table)}/index/${index}` : tableArn(table) }];
}

/** Object sub-resources and the action each takes per method. */
const OBJECT_SUBRESOURCES: Record<string, Partial<Record<string, string>>> = {
  tagging: { GET: 'GetObjectTagging', PUT: 'PutObjectTagging', DELETE: 'DeleteObjectTagging' },
  acl: { GET: 'GetObjectAcl', PUT: 'PutObjectAcl' },
  retention: { GET: 'GetObjectRetention', PUT: 'PutObjectRetention' },
  'legal-hold': { GET: 'GetObjectLegalHold', PUT: 'PutObjectLegalHold' },
  attributes: { GET: 'GetObjectAttributes' },
};

/** The calls one path-style S3 request makes (`/<bucket>/<key>?<query>`). */
export function s3Calls(
  method: string,
  path: string,
  query: URLSearchParams,
  headers: Record<string, unknown>,
): Request[] {
  const [, bucket = '', ...keyParts] = path.split('/');
  const key = decodeURIComponent(keyParts.join('/'));
  const upper = method.toUpperCase();
  const call = (action: string, resource: string): Request => ({ action: `s3:${action}`, resource });
  if (bucket === '') return [call('ListAllMyBuckets', '*')];
  const bucketArn = `arn:aws:s3:::${bucket}`;
  if (keyParts.length === 0 || key === '') {
    if (upper === 'PUT') return [call('CreateBucket', bucketArn)];
    if (upper === 'DELETE') return [call('DeleteBucket', bucketArn)];
    if (upper === 'POST' && query.has('delete')) return [call('DeleteObject', `${bucketArn}/*`)];
    if (query.has('versions')) return [call('ListBucketVersions', bucketArn)];
    if (query.has('uploads')) return [call('ListBucketMultipartUploads', bucketArn)];
    return [call('ListBucket', bucketArn)];
  }
  const objectArn = `${bucketArn}/${key}`;
  for (const [name, actions] of Object.entries(OBJECT_SUBRESOURCES)) {
    if (query.has(name)) {
      const action = actions[upper];
      if (action) return [call(action, objectArn)];
    }
  }
  const versioned = query.has('versionId');
  switch (upper) {
    case 'GET':
    case 'HEAD':
      return [call(versioned ? 'GetObjectVersion' : 'GetObject', objectArn)];
    case 'DELETE':
      if (query.has('uploadId')) return [call('AbortMultipartUpload', objectArn)];
      return [call(versioned ? 'DeleteObjectVersion' : 'DeleteObject', objectArn)];
    case 'PUT':
    case 'POST': {
      const source = headers['x-amz-copy-source'];
      if (typeof source === 'string') {
        const from = decodeURIComponent((source.split('?')[0] ?? '').replace(/^\//, ''));
        return [call('GetObject', `arn:aws:s3:::${from}`), call('PutObject', objectArn)];
      }
      return [call('PutObject', objectArn)];
    }
  }
  return [call(`${upper}Object`, objectArn)];
}

/** The address inside `"Name" <address>`, or the whole value. */
const addressOf = (source: string) => source.match(/<([^>]+)>/)?.[1] ?? source.trim();

/** The calls one SES request makes: v1 (form-encoded Action) or v2 (REST). Undefined: not an SES API call (the stand-in's own pages). */
export function sesCalls(method: string, path: string, body: string): Request[] | undefined {
  const identity = (from: string | undefined) => arn('ses', `identity/${from ? addressOf(from) : '*'}`);
  if (method === 'POST' && (path === '/' || path === '')) {
    const form = new URLSearchParams(body);
    const action = form.get('Action');
    if (!action) return undefined;
    return [{ action: `ses:${action}`, resource: identity(form.get('Source') ?? undefined) }];
  }
  if (method === 'POST' && path.startsWith('/v2/email/outbound-emails')) {
    const parsed = (body ? JSON.parse(body) : {}) as { FromEmailAddress?: string };
    return [{ action: 'ses:SendEmail', resource: identity(parsed.FromEmailAddress) }];
  }
  return undefined;
}

/** The calls of a JSON-protocol request to Secrets Manager, Translate or SQS (X-Amz-Target). */
export function jsonProtocolCalls(target: string, body: Json): Request[] {
  const [prefix = '', operation = ''] = target.split('.');
  if (prefix === 'secretsmanager') {
    const id = String(body.SecretId ?? '');
    return [
      {
        action: `secretsmanager:${operation}`,
        resource: id.startsWith('arn:') ? id : arn('secretsmanager', `secret:${id}`),
      },
    ];
  }
  if (prefix.startsWith('AWSShineFrontendService')) return [{ action: `translate:${operation}`, resource: '*' }];
  if (prefix === 'AmazonSQS') {
    const queue =
      String(body.QueueUrl ?? body.QueueName ?? '')
        .split('/')
        .pop() ?? '';
    return [{ action: `sqs:${operation}`, resource: arn('sqs', queue) }];
  }
  throw new Error(`No IAM mapping for ${target} (infra/local/iam/requests.ts)`);
}
