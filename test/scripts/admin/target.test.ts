import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  cloudFormationReader,
  deployedTarget,
  localTarget,
  type StackOutputsReader,
  TargetError,
} from '../../../scripts/admin/target';

const OUTPUTS = {
  ApiUrl: 'https://abc.execute-api.eu-west-1.amazonaws.com/',
  TableName: 'DppService-Table-1',
  BucketName: 'dppservice-bucket-1',
  PublicBaseUrl: 'https://dpp.example.com',
};
const reader = (outputs: Record<string, string>): StackOutputsReader => ({
  outputs: async () => ({ region: 'eu-west-1', outputs }),
});

describe('deployedTarget (--stack)', () => {
  it('points lib/ at the stack’s table and bucket in its region, its public base URL, and no local endpoint', async () => {
    const target = await deployedTarget('DppService', reader(OUTPUTS));
    expect(target).toEqual({
      description: 'stack DppService (eu-west-1)',
      apiUrl: OUTPUTS.ApiUrl,
      env: {
        AWS_REGION: 'eu-west-1',
        TABLE_NAME: 'DppService-Table-1',
        BUCKET_NAME: 'dppservice-bucket-1',
        DYNAMODB_ENDPOINT: '',
        S3_ENDPOINT: '',
        PUBLIC_BASE_URL: 'https://dpp.example.com',
      },
    });
  });

  it('refuses a stack without the table or bucket output', async () => {
    await expect(deployedTarget('Other', reader({ ApiUrl: OUTPUTS.ApiUrl }))).rejects.toThrow(
      /stack Other \(eu-west-1\) has no TableName or BucketName output/,
    );
  });

  it('says which stack could not be read, and why', async () => {
    const missing: StackOutputsReader = {
      outputs: async () => {
        throw Object.assign(new Error('Stack with id Nope does not exist'), { name: 'ValidationError' });
      },
    };
    const error = await deployedTarget('Nope', missing).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TargetError);
    expect((error as Error).message).toBe(
      'cannot read stack Nope: Stack with id Nope does not exist (check the name and --region)',
    );
  });
});

describe('cloudFormationReader', () => {
  const cloudFormation = mockClient(CloudFormationClient);
  beforeEach(() => cloudFormation.reset());

  it('reads the stack’s outputs with one DescribeStacks, in the region given', async () => {
    cloudFormation.on(DescribeStacksCommand).resolves({
      Stacks: [
        {
          StackName: 'DppService',
          CreationTime: new Date(),
          StackStatus: 'CREATE_COMPLETE',
          Outputs: Object.entries(OUTPUTS).map(([OutputKey, OutputValue]) => ({ OutputKey, OutputValue })),
        },
      ],
    });
    const found = await (await cloudFormationReader('eu-south-1')).outputs('DppService');
    expect(found).toEqual({ region: 'eu-south-1', outputs: OUTPUTS });
    expect(cloudFormation.commandCalls(DescribeStacksCommand).map((c) => c.args[0].input)).toEqual([
      { StackName: 'DppService' },
    ]);
  });
});

describe('localTarget', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dpp-target-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('says to run npm start when there is no stack.json', async () => {
    await expect(localTarget(dir)).rejects.toThrow(`no local stack: run npm start (there is no ${dir}/stack.json)`);
  });

  it('says the same when the stack that wrote stack.json no longer answers', async () => {
    const env = { TABLE_NAME: 'dpp-local', DYNAMODB_ENDPOINT: 'http://127.0.0.1:9' };
    await writeFile(join(dir, 'stack.json'), JSON.stringify({ apiUrl: 'http://127.0.0.1:9', pid: 1, env }));
    await expect(localTarget(dir)).rejects.toThrow(/^no local stack: run npm start \(.*that stack has stopped\)$/);
  });
});
