/**
 * The cdk-nag findings (AwsSolutions, Serverless) the stack accepts, and how a construct
 * records one. docs/deploy.md lists them (cdk-nag acknowledgements).
 */
import { Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/** A cdk-nag finding this stack accepts: the rule (and finding) id, where, and why. */
export interface NagAcknowledgement {
  /** The id cdk-nag reports; `<Bucket.Arn>` stands for the data bucket's `<LogicalId.Arn>`. */
  readonly rule: string;
  readonly on: string;
  readonly reason: string;
}

/** The acknowledgements of the back-up's resources, found only in a stack with a back-up or a back-up's own. */
export const BACKUP_ONLY = /\(context (backupAccount|role=backup)\)/;

/**
 * Every cdk-nag finding (AwsSolutions, Serverless) this stack accepts, with its reason.
 * docs/deploy.md lists them (cdk-nag acknowledgements); test/infra/nag.test.ts fails
 * on any finding not acknowledged here.
 */
export const NAG_ACKNOWLEDGEMENTS = {
  apiAuthorizer: {
    rule: 'AwsSolutions-APIG4',
    on: 'every route',
    reason:
      'No API Gateway authorizer: an authenticated route verifies the ES256 JWT in its function ' +
      '(lib/auth/verify-token.ts) before it reads anything, with the public keys of its environment (an API ' +
      'Gateway JWT authorizer needs a published JWKS URL). Public by the interface and docs/spec/decisions.md: GET ' +
      '/dpp/{dppId} and a version document GET /dpp/{dppId}/versions/{version} (passports and their proofs), ' +
      'GET /generateJWT/... (which checks an API key), POST /accept-invitation (the invitation id is the ' +
      'secret), GET /health (a fixed answer for load balancers), the GS1 Digital Link resolver (GET, HEAD and ' +
      'OPTIONS of /01/{gtin} and /01/{path+}, and /.well-known/gs1resolver) and the $default 404.',
  },
  starResource: {
    rule: 'AwsSolutions-IAM5[Resource::*]',
    on: 'every function role',
    reason:
      'xray:PutTraceSegments and xray:PutTelemetryRecords (active tracing) and translate:TranslateText have no ' +
      'resource-level permissions: "*" is the only resource they take.',
  },
  lambdaStarPermissions: {
    rule: 'Serverless-LambdaStarPermissions',
    on: 'every function role',
    reason:
      "The rule reads a role's inline policy, where every function role keeps its statements: it finds the " +
      'resource "*" of the actions that take no other (X-Ray for active tracing, translate:TranslateText, the ' +
      "stream mapping's dynamodb:ListStreams). AwsSolutions-IAM5 still checks each wildcard one by one, and " +
      'each is acknowledged there by name, so a new one still fails the synth.',
  },
  bucketObjects: {
    rule: 'AwsSolutions-IAM5[Resource::<Bucket.Arn>/companies/*]',
    on: 'the roles of rows with bucket access',
    reason:
      'Object keys are minted per company and file at run time (companies/{companyId}/...), never taken from ' +
      'the client; companies/* is the narrowest static scope, and tenancy is checked in code before a key is used.',
  },
  bucketAccessLogs: {
    rule: 'AwsSolutions-S1',
    on: 'the data bucket',
    reason:
      'No server access logs: only the functions reach the bucket, through their roles and through presigned ' +
      'URLs they sign after an authorization check, and their logs and the API access logs record each request. ' +
      'A log bucket would itself be unlogged; CloudTrail S3 data events give an audit trail where one is required.',
  },
  signingKeyRotation: {
    rule: 'AwsSolutions-SMG4',
    on: 'the JWT signing-key secret',
    reason:
      'Rotated by the operator, not by a rotation Lambda: the verifiers take their public keys from context ' +
      'jwtPublicKeys, so a rotation is a deploy that lists the new and the old key, then the new secret value ' +
      '(docs/deploy.md).',
  },
  cursorKeyRotation: {
    rule: 'AwsSolutions-SMG4',
    on: 'the cursor-key secret',
    reason:
      'The key only authenticates list cursors: a new value makes open cursors invalid and clients start their ' +
      'lists over, which a rotation Lambda would not improve.',
  },
  stripeKeyRotation: {
    rule: 'AwsSolutions-SMG4',
    on: 'the Stripe secret-key secret',
    reason:
      'Stripe issues and rolls its API keys in its own dashboard (Developers, API keys, Roll key); a rotation ' +
      'Lambda cannot. The operator puts the new key in the secret (docs/deploy.md).',
  },
  deadLetterQueue: {
    rule: 'Serverless-LambdaDLQ',
    on: 'every function',
    reason:
      'API Gateway invokes every function synchronously, and a dead-letter queue only receives asynchronous ' +
      'events. A failed request is answered to its client, logged, and counted by the Errors and 5xx alarms.',
  },
  kybRetryDeadLetterQueue: {
    rule: 'Serverless-LambdaDLQ',
    on: 'the KYB retry worker',
    reason:
      'EventBridge Scheduler invokes it every few minutes with no payload to keep: its work list is the pending ' +
      'index (gsi1 KYB#PENDING), so the next scheduled run redoes whatever a failed run left, and its Errors ' +
      'alarm reports the failure. A queue of empty events would hold nothing to replay.',
  },
  issuerKeyRotation: {
    rule: 'AwsSolutions-SMG4',
    on: 'the credential issuer-key secret',
    reason:
      'Rotated by the operator, not by a rotation Lambda: the new value is the new private key followed by the ' +
      'previous public key, so the DID document keeps publishing the key of credentials signed before; the ' +
      'functions read the secret again every 5 minutes (docs/deploy.md).',
  },
  anchorKeyRotation: {
    rule: 'AwsSolutions-SMG4',
    on: 'the anchoring-key secret',
    reason:
      "The value is an Ethereum account's private key: a new key is a new account (a new `from` on the chain), " +
      'which the operator creates, funds with gas and puts in the secret; a rotation Lambda could do neither. ' +
      'The worker reads the secret again every 5 minutes, so a new key is used with no redeploy.',
  },
  anchorRpcUrlRotation: {
    rule: 'AwsSolutions-SMG4',
    on: "the anchor worker's RPC-URL secret",
    reason:
      "The value is a node provider's URL with its API key, which the provider issues and revokes in its own " +
      'dashboard; a rotation Lambda cannot. The operator puts the new URL in the secret, and the worker reads it ' +
      'again every 5 minutes, so it is used with no redeploy.',
  },
  anchorWorkerDeadLetterQueue: {
    rule: 'Serverless-LambdaDLQ',
    on: 'the anchor worker',
    reason:
      'A function dead-letter queue only receives asynchronous invocations; the anchor worker is invoked ' +
      'synchronously by its DynamoDB stream event source mapping, whose on-failure destination is an SQS ' +
      'dead-letter queue (with an alarm) that receives every stream record the mapping gave up on. Its only ' +
      "asynchronous invocations are its sweep schedule's, with no payload to keep: the sweep's work list is the " +
      'pending index (gsi1 NOTARIZATION#PENDING), which the next run reads again.',
  },
  anchorDeadLetterQueue: {
    rule: 'AwsSolutions-SQS3',
    on: "the anchor worker's dead-letter queue",
    reason:
      "It is itself a dead-letter queue: the on-failure destination of the anchor worker's event source " +
      'mapping, alarmed on its first message. Nothing consumes it, so a queue for its own failures would ' +
      'never receive anything.',
  },
  anchorDeadLetterQueueRedrive: {
    rule: 'Serverless-SQSRedrivePolicy',
    on: "the anchor worker's dead-letter queue",
    reason:
      'It is itself a dead-letter queue (see AwsSolutions-SQS3): a redrive policy would move its messages to yet ' +
      'another queue, and nothing reads it to fail on a message; an operator inspects and redrives it by hand.',
  },
  importDeadLetterQueue: {
    rule: 'AwsSolutions-SQS3',
    on: "the import worker's dead-letter queue",
    reason: "It is itself a dead-letter queue: the import queue's, alarmed on its first message. Nothing consumes it.",
  },
  importDeadLetterQueueRedrive: {
    rule: 'Serverless-SQSRedrivePolicy',
    on: "the import worker's dead-letter queue",
    reason: 'It is itself a dead-letter queue: an operator inspects it and redrives a message by hand.',
  },
  importWorkerDeadLetterQueue: {
    rule: 'Serverless-LambdaDLQ',
    on: 'the import worker',
    reason:
      'Its SQS event source mapping invokes it synchronously, and a function dead-letter queue only receives ' +
      "asynchronous invocations: a message it fails goes back to the import queue, and after the queue's " +
      'maxReceiveCount to its dead-letter queue (alarmed).',
  },
  importWorkerMappingDestination: {
    rule: 'Serverless-LambdaEventSourceMappingDestination',
    on: "the import worker's event source mapping",
    reason:
      "An SQS mapping takes no on-failure destination: the import queue's own redrive policy moves a message it " +
      'failed maxReceiveCount times to the dead-letter queue, which is alarmed.',
  },
  anchorWorkerStarResource: {
    rule: 'AwsSolutions-IAM5[Resource::*]',
    on: "the anchor worker's role",
    reason:
      'Besides X-Ray (active tracing), the DynamoDB stream event source mapping needs dynamodb:ListStreams, ' +
      'which has no resource-level permissions; the stream reads themselves (DescribeStream, GetRecords, ' +
      "GetShardIterator) are granted on the table's stream only.",
  },
  backupDeadLetterQueue: {
    rule: 'AwsSolutions-SQS3',
    on: "the back-up replicator's dead-letter queue (context backupAccount)",
    reason:
      "It is itself a dead-letter queue: the on-failure destination of the replicator's event source mapping, " +
      'alarmed on its first message. Nothing consumes it.',
  },
  backupDeadLetterQueueRedrive: {
    rule: 'Serverless-SQSRedrivePolicy',
    on: "the back-up replicator's dead-letter queue (context backupAccount)",
    reason:
      'It is itself a dead-letter queue: an operator reads the keys it holds and copies those items again ' +
      '(docs/deploy.md, The back-up copy).',
  },
  backupReplicatorDeadLetterQueue: {
    rule: 'Serverless-LambdaDLQ',
    on: 'the back-up replicator (context backupAccount)',
    reason:
      'Its DynamoDB stream event source mapping invokes it synchronously, and a function dead-letter queue only ' +
      'receives asynchronous invocations: the mapping sends the records it gave up on to its own on-failure ' +
      'destination, an SQS dead-letter queue with an alarm.',
  },
  backupReplicatorStarResource: {
    rule: 'AwsSolutions-IAM5[Resource::*]',
    on: "the back-up replicator's role (context backupAccount)",
    reason:
      'Besides X-Ray (active tracing), the DynamoDB stream event source mapping needs dynamodb:ListStreams, ' +
      "which has no resource-level permissions; the stream reads are granted on the table's stream only.",
  },
  backupReplicationObjects: {
    rule: 'AwsSolutions-IAM5[Resource::<Bucket.Arn>/*]',
    on: "S3 replication's role (context backupAccount)",
    reason:
      'S3 replication copies every object of the data bucket, each version with its Object Lock settings: its ' +
      'role reads every object version of that one bucket (and replicates into the one back-up bucket).',
  },
  backupReplicationDestination: {
    rule: 'AwsSolutions-IAM5[Resource::arn:aws:s3:::<backupBucketName>/*]',
    on: "S3 replication's role (context backupAccount)",
    reason: 'The replicas: every object key of the one back-up bucket, which S3 writes as the source keys.',
  },
  backupBucketAccessLogs: {
    rule: 'AwsSolutions-S1',
    on: "the back-up's Object Lock bucket (context role=backup)",
    reason:
      'No server access logs, as the data bucket: its writers are S3 replication (CloudTrail records it) and ' +
      'its readers the functions, whose logs and the API access logs record each request.',
  },
  cdnGeoRestriction: {
    rule: 'AwsSolutions-CFR1',
    on: 'the CDN (context cdn=true)',
    reason:
      'No geo restriction: a passport is read wherever the product is, in any country, as the regulation ' +
      'intends; the authenticated routes check their token whatever the country.',
  },
  cdnWaf: {
    rule: 'AwsSolutions-CFR2',
    on: 'the CDN (context cdn=true) without cdnRateLimit or cdnWebAclArn',
    reason:
      'No WAF web ACL unless asked for: the public reads are keyed on what their functions distinguish (a ' +
      'cache-busting query parameter is refused or ignored at the edge), the API answers only the CDN (a secret ' +
      'origin header), and the API stage throttles every route (the public reads on their own). A web ACL costs ' +
      '$6 a month and $0.60 per million requests (docs/performance.md): -c cdnRateLimit=<n> adds one with a ' +
      'rate-based rule per IP address (in us-east-1), -c cdnWebAclArn=<arn> attaches one of your own.',
  },
  cdnOriginSecretRotation: {
    rule: 'AwsSolutions-SMG4',
    on: "the CDN's origin secret (context cdn=true)",
    reason:
      'CloudFront sends it to the API as a custom origin header and every function compares it; both read it at ' +
      'deploy time, so a rotation is a new value and a deploy (docs/deploy.md, The CDN), which a rotation Lambda ' +
      'could not do without a window in which one of the two refuses the other.',
  },
  cdnAccessLogs: {
    rule: 'AwsSolutions-CFR3',
    on: 'the CDN (context cdn=true)',
    reason:
      'No CloudFront access logs: every request CloudFront forwards (each miss, each authenticated call) is in ' +
      "the API stage's access log and the function's log; a hit serves public data and is counted in " +
      "CloudFront's metrics. A log bucket would hold little the API log lacks; turn standard logging on where an " +
      'audit needs each hit.',
  },
  cdnViewerTls: {
    rule: 'AwsSolutions-CFR4',
    on: 'the CDN (context cdn=true)',
    reason:
      "The distribution answers on its cloudfront.net address, whose certificate is CloudFront's own: a minimum " +
      'TLS policy can only be set with a certificate of your own (an alternate domain name, an ACM certificate in ' +
      'us-east-1). Toward the API, CloudFront uses TLS 1.2 only.',
  },
} as const satisfies Record<string, NagAcknowledgement>;

/** Records one acknowledgement on a construct (cdk-nag 3 reads it from the construct and its ancestors). */
export function acknowledge(scope: IConstruct, acknowledgement: NagAcknowledgement, rule = acknowledgement.rule): void {
  Validations.of(scope).acknowledge({ id: rule, reason: acknowledgement.reason });
}
