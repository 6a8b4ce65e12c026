/**
 * IAM enforced on the integration stack itself (infra/local/iam): a call signed with a
 * function's own key that its role in the synthesized template does not allow is refused by
 * the engine's IAM proxy with AWS's own error, naming the action and the resource; the same key
 * doing what its role allows goes through.
 */
import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { functionCredentials } from '../../../infra/local/iam';

const env = inject('localEnv');
const region = env.AWS_REGION;
const as = (fn: string) => ({ region, credentials: functionCredentials(fn) });
const TABLE_ARN = `arn:aws:dynamodb:${region}:123456789012:table/${env.TABLE_NAME}`;

describe('the integration stack checks each function against its role', () => {
  it('refuses a DynamoDB write to a read-only role with AccessDeniedException, and lets its read through', async () => {
    const db = DynamoDBDocumentClient.from(
      new DynamoDBClient({ ...as('get-company'), endpoint: env.DYNAMODB_ENDPOINT }),
    );
    const key = { pk: `IAM#${randomUUID()}`, sk: 'X' };
    expect((await db.send(new GetCommand({ TableName: env.TABLE_NAME, Key: key }))).Item).toBeUndefined();
    const denied = await db.send(new PutCommand({ TableName: env.TABLE_NAME, Item: key })).catch((e: Error) => e);
    expect(denied).toMatchObject({ name: 'AccessDeniedException', $metadata: { httpStatusCode: 400 } });
    expect((denied as Error).message).toMatch(
      new RegExp(
        `^User: arn:aws:sts::123456789012:assumed-role/GetCompanyFunctionRole[0-9A-F]{8}/get-company is not authorized to perform: dynamodb:PutItem on resource: ${TABLE_ARN} `,
      ),
    );
  });

  it('refuses S3 object access outside the role (a read-only role putting, a role with no bucket reading), with 403 AccessDenied', async () => {
    const s3 = (fn: string) => new S3Client({ ...as(fn), endpoint: env.S3_ENDPOINT, forcePathStyle: true });
    const Key = `companies/${randomUUID()}/iam.txt`;
    const put = await s3('get-dpp-file')
      .send(new PutObjectCommand({ Bucket: env.BUCKET_NAME, Key, Body: 'x' }))
      .catch((e: Error) => e);
    expect(put).toMatchObject({ name: 'AccessDenied', $metadata: { httpStatusCode: 403 } });
    expect((put as Error).message).toContain(`s3:PutObject on resource: arn:aws:s3:::${env.BUCKET_NAME}/${Key}`);
    const get = await s3('get-company')
      .send(new GetObjectCommand({ Bucket: env.BUCKET_NAME, Key }))
      .catch((e: Error) => e);
    expect(get).toMatchObject({ name: 'AccessDenied' });
    // A role with the grant gets S3's own answer: no such object.
    const allowed = await s3('get-dpp-file')
      .send(new GetObjectCommand({ Bucket: env.BUCKET_NAME, Key }))
      .catch((e: Error) => e);
    expect(allowed).toMatchObject({ name: 'NoSuchKey' });
  });

  it('refuses an e-mail from a role without ses:SendEmail', async () => {
    const ses = new SESClient({ ...as('get-company'), endpoint: env.SES_ENDPOINT });
    const denied = await ses
      .send(
        new SendEmailCommand({
          Source: env.SES_FROM_ADDRESS,
          Destination: { ToAddresses: ['someone@example.com'] },
          Message: { Subject: { Data: 's' }, Body: { Text: { Data: 't' } } },
        }),
      )
      .catch((e: Error) => e);
    expect(denied).toMatchObject({ name: 'AccessDenied', $metadata: { httpStatusCode: 403 } });
    expect((denied as Error).message).toContain(
      `ses:SendEmail on resource: arn:aws:ses:${region}:123456789012:identity/`,
    );
  });

  it('denies a key no function has', async () => {
    const db = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        region,
        endpoint: env.DYNAMODB_ENDPOINT,
        credentials: { accessKeyId: 'AKIANOTAFUNCTION', secretAccessKey: 'x' },
      }),
    );
    await expect(
      db.send(new GetCommand({ TableName: env.TABLE_NAME, Key: { pk: 'A', sk: 'B' } })),
    ).rejects.toMatchObject({
      name: 'AccessDeniedException',
    });
  });
});
