/**
 * Puts the local IAM check in front of the engines a function calls with AWS credentials:
 * DynamoDB Local, the S3 server, the SES and Translate stand-ins (the stack's Secrets Manager
 * and SQS have no local engine: locally a secret is inlined). Each function
 * signs with its own key (runtime.ts); the S3 server is told those keys so it still verifies
 * every signature, presigned URLs included.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Engines } from '../engines';
import { DYNAMODB_LOCAL_CREDENTIALS } from '../engines/dynamodb';
import { S3_LOCAL_CREDENTIALS } from '../engines/s3';
import { functionCredentials, LocalIam } from '.';
import { type GuardedService, startIamProxy } from './proxy';
import { installFunctionCredentials } from './runtime';
import type { Template } from './template';

/** s3rver's account model: its registry of key pairs (lib/models/account.js). */
interface S3rverAccount {
  DUMMY_ACCOUNT: { createKeyPair(accessKeyId: string, secretAccessKey: string): void };
}

/**
 * The engines as the functions see them: DynamoDB, S3, SES and Translate behind IAM proxies (on `ports`,
 * default free ones); the others unchanged. `record`: the file each evaluated call is
 * appended to (emptied first).
 */
export async function guardEngines(
  engines: Engines,
  template: Template,
  record: string,
  ports: Partial<Record<GuardedService, number>> = {},
): Promise<Engines> {
  writeFileSync(record, '');
  const iam = LocalIam.fromTemplate(template, {
    adminKeys: [S3_LOCAL_CREDENTIALS.accessKeyId, DYNAMODB_LOCAL_CREDENTIALS.accessKeyId],
    record,
  });
  const account = createRequire(import.meta.url)('@20minutes/s3rver/lib/models/account') as S3rverAccount;
  for (const fn of iam.identities.keys()) {
    const { accessKeyId, secretAccessKey } = functionCredentials(fn);
    account.DUMMY_ACCOUNT.createKeyPair(accessKeyId, secretAccessKey);
  }
  installFunctionCredentials();
  const [dynamodb, s3, ses, translate] = await Promise.all([
    startIamProxy('dynamodb', engines.dynamodb.endpoint, iam, ports.dynamodb),
    startIamProxy('s3', engines.s3.endpoint, iam, ports.s3),
    startIamProxy('ses', engines.ses.endpoint, iam, ports.ses),
    startIamProxy('translate', engines.translate.endpoint, iam, ports.translate),
  ]);
  return {
    ...engines,
    dynamodb,
    s3: { ...s3, directory: engines.s3.directory },
    ses: { endpoint: ses.endpoint, storeUrl: `${ses.endpoint}/store`, stop: ses.stop },
    translate,
    stop: async () => {
      await Promise.allSettled([dynamodb.stop(), s3.stop(), ses.stop(), translate.stop()]);
      await engines.stop();
    },
  };
}
