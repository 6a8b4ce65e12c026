/**
 * Where the admin CLI writes: the local stack of `npm start` (default), or a deployed stack
 * (`--stack <name>`). Either way the answer is the settings lib/ reads (lib/config.ts), which
 * the entry point puts in process.env before any command loads a lib/ module.
 */
import { readStackFile, stackFilePath } from '../../infra/local';

export interface Target {
  /** For messages: `local stack (.local)`, `stack DppService (eu-central-1)`. */
  description: string;
  /** The HTTP API's base URL, when known. */
  apiUrl?: string;
  /** Settings to set; an empty string means "unset it" (a local endpoint must not leak into a deployed target). */
  env: Record<string, string>;
}

/** The target cannot be reached: the message says what to do (exit 1). */
export class TargetError extends Error {
  override name = 'TargetError';
}

const NO_LOCAL_STACK = 'no local stack: run npm start';

/**
 * The local stack whose `npm start` wrote `<dir>/stack.json` (infra/local/stack-file.ts), if
 * its DynamoDB still answers (a stack killed without stopping leaves its file behind).
 */
export async function localTarget(dir: string): Promise<Target> {
  const file = await readStackFile(dir);
  if (!file) throw new TargetError(`${NO_LOCAL_STACK} (there is no ${stackFilePath(dir)})`);
  const endpoint = file.env.DYNAMODB_ENDPOINT ?? '';
  const answers = await fetch(endpoint, { signal: AbortSignal.timeout(2000) }).then(
    () => true,
    () => false,
  );
  if (!answers) {
    throw new TargetError(
      `${NO_LOCAL_STACK} (${stackFilePath(dir)} names DynamoDB at ${endpoint || '(none)'}, which does not answer: ` +
        'that stack has stopped)',
    );
  }
  return { description: `local stack (${dir})`, apiUrl: file.apiUrl, env: file.env };
}

/** The part of the CloudFormation client the deployed target uses (a test passes a stub). */
export interface StackOutputsReader {
  outputs(stackName: string): Promise<{ region: string; outputs: Record<string, string> }>;
}

/**
 * The CloudFormation client, loaded only on this path (the local target never needs it), with
 * the SDK's default credential chain and region (`--region` first).
 */
export async function cloudFormationReader(region?: string): Promise<StackOutputsReader> {
  const { CloudFormationClient, DescribeStacksCommand } = await import('@aws-sdk/client-cloudformation');
  const client = new CloudFormationClient(region ? { region } : {});
  return {
    async outputs(stackName) {
      const { Stacks } = await client.send(new DescribeStacksCommand({ StackName: stackName }));
      const outputs = Object.fromEntries(
        (Stacks?.[0]?.Outputs ?? []).flatMap((o) =>
          o.OutputKey && o.OutputValue ? [[o.OutputKey, o.OutputValue]] : [],
        ),
      );
      return { region: await client.config.region(), outputs };
    },
  };
}

/**
 * A deployed stack: the table and bucket names from its outputs (`TableName`, `BucketName`,
 * infra/stack.ts), with the caller's AWS credentials.
 */
export async function deployedTarget(stackName: string, reader: StackOutputsReader): Promise<Target> {
  let found: Awaited<ReturnType<StackOutputsReader['outputs']>>;
  try {
    found = await reader.outputs(stackName);
  } catch (error) {
    throw new TargetError(`cannot read stack ${stackName}: ${describeAwsError(error)}`);
  }
  const { region, outputs } = found;
  const { TableName: tableName, BucketName: bucketName, ApiUrl: apiUrl, PublicBaseUrl: publicBaseUrl } = outputs;
  if (!tableName || !bucketName) {
    throw new TargetError(
      `stack ${stackName} (${region}) has no TableName or BucketName output: is it this service's stack, deployed by this version?`,
    );
  }
  return {
    description: `stack ${stackName} (${region})`,
    apiUrl,
    env: {
      AWS_REGION: region,
      TABLE_NAME: tableName,
      BUCKET_NAME: bucketName,
      DYNAMODB_ENDPOINT: '',
      S3_ENDPOINT: '',
      // The base of the public links an export writes (a version's uri); absent from older stacks.
      PUBLIC_BASE_URL: publicBaseUrl ?? '',
    },
  };
}

function describeAwsError(error: unknown): string {
  const e = error as { name?: string; message?: string };
  if (e.name === 'ValidationError' && /does not exist/.test(e.message ?? '')) {
    return `${e.message} (check the name and --region)`;
  }
  if (/region is missing/i.test(e.message ?? '')) return 'no AWS region: pass --region or set AWS_REGION';
  if (e.name === 'CredentialsProviderError') {
    return 'no AWS credentials (set AWS_PROFILE, or run aws configure / aws sso login)';
  }
  return `${e.name ?? 'Error'}: ${e.message ?? String(error)}`;
}
