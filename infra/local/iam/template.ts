/**
 * Each function's identity policy, read from the synthesized template (not from the route rows
 * that generated it): the inline policies of the role its AWS::Lambda::Function names, with every
 * Ref / Fn::GetAtt / Fn::Join / Fn::Sub resolved to the local resource's ARN (the table dpp-local
 * and its indexes, the bucket dpp-local-files, each secret by its local id, the SES identity of the
 * local from-address). The local name of a resource is the one LOCAL_CLOUD_ONLY_VALUES gives the
 * setting that names it (TABLE_NAME: {Ref: Table…} → dpp-local), so the two cannot drift.
 */

import { ANCHOR_WORKER_FN } from '../../../lib/anchoring/worker';
import { functionId, routes } from '../../../lib/api/routes';
import { BACKUP_REPLICATOR_FN } from '../../../lib/backup/worker';
import { KYB_RETRY_WORKER_FN } from '../../../lib/companies/kyb/worker';
import { IMPORT_WORKER_FN } from '../../../lib/imports/worker';
import { LOCAL_CLOUD_ONLY_VALUES, LOCAL_FROM_ADDRESS, LOCAL_REGION } from '../environment';
import { assertSupported, type Statement } from './evaluate';

/** The account id of every local ARN (AWS's documentation example account). */
export const LOCAL_ACCOUNT = '123456789012';

interface Resource {
  Type: string;
  Properties?: Record<string, unknown>;
}
export interface Template {
  Resources: Record<string, Resource>;
}

/** One function's identity: who it is to IAM and what its role allows. */
export interface FunctionIdentity {
  fn: string;
  /** The AWS::Lambda::Function's logical id. */
  logicalId: string;
  /** Its role's logical id. */
  role: string;
  /** As AWS names the caller in a denial: the assumed role's session. */
  principalArn: string;
  statements: Statement[];
}

/** Every function the stack deploys: each route's, the workers' and (with a back-up) the replicator. */
export const allFunctions = (): string[] => [
  ...new Set([
    ...routes.map((route) => route.fn),
    ANCHOR_WORKER_FN,
    KYB_RETRY_WORKER_FN,
    IMPORT_WORKER_FN,
    BACKUP_REPLICATOR_FN,
  ]),
];

/** The function of a Lambda logical id: its construct id (functionId) and CDK's 8-hex-digit suffix. */
function fnOfLogicalId(logicalId: string, fns: readonly string[]): string | undefined {
  return fns.find((fn) => new RegExp(`^${functionId(fn)}[0-9A-F]{8}$`).test(logicalId));
}

const arnPrefix = (service: string) => `arn:aws:${service}:${LOCAL_REGION}:${LOCAL_ACCOUNT}`;

/** Resolves CloudFormation intrinsics to local values. */
export class LocalResolver {
  /** Logical id → local name, from the settings that name the resource. */
  private readonly names = new Map<string, string>();

  constructor(private readonly template: Template) {
    for (const resource of Object.values(template.Resources)) {
      if (resource.Type !== 'AWS::Lambda::Function') continue;
      const variables = (resource.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)
        ?.Variables;
      for (const [key, value] of Object.entries(variables ?? {})) {
        const ref = (value as { Ref?: string } | undefined)?.Ref;
        const local = LOCAL_CLOUD_ONLY_VALUES[key];
        if (typeof ref === 'string' && local !== undefined) this.names.set(ref, local);
      }
    }
  }

  private nameOf(logicalId: string): string {
    const resource = this.template.Resources[logicalId];
    if (resource?.Type === 'AWS::SES::EmailIdentity') return LOCAL_FROM_ADDRESS;
    return this.names.get(logicalId) ?? logicalId;
  }

  ref(logicalId: string): string {
    switch (logicalId) {
      case 'AWS::Partition':
        return 'aws';
      case 'AWS::Region':
        return LOCAL_REGION;
      case 'AWS::AccountId':
        return LOCAL_ACCOUNT;
      case 'AWS::URLSuffix':
        return 'amazonaws.com';
    }
    const resource = this.template.Resources[logicalId];
    if (!resource) throw new Error(`Ref to ${logicalId}: no such resource in the template`);
    const name = this.nameOf(logicalId);
    // A secret's Ref is its ARN; the others' their name.
    return resource.Type === 'AWS::SecretsManager::Secret' ? `${arnPrefix('secretsmanager')}:secret:${name}` : name;
  }

  getAtt(logicalId: string, attribute: string): string {
    const resource = this.template.Resources[logicalId];
    const name = this.nameOf(logicalId);
    const key = `${resource?.Type}.${attribute}`;
    switch (key) {
      case 'AWS::DynamoDB::Table.Arn':
        return `${arnPrefix('dynamodb')}:table/${name}`;
      case 'AWS::DynamoDB::Table.StreamArn':
        return `${arnPrefix('dynamodb')}:table/${name}/stream/local`;
      case 'AWS::S3::Bucket.Arn':
        return `arn:aws:s3:::${name}`;
      case 'AWS::Logs::LogGroup.Arn':
        return `${arnPrefix('logs')}:log-group:${name}:*`;
      case 'AWS::SQS::Queue.Arn':
        return `${arnPrefix('sqs')}:${name}`;
      case 'AWS::IAM::Role.Arn':
        return `arn:aws:iam::${LOCAL_ACCOUNT}:role/${name}`;
    }
    throw new Error(`Fn::GetAtt ${logicalId}.${attribute} (${key}) has no local value (infra/local/iam/template.ts)`);
  }

  resolve(value: unknown): string | string[] {
    if (typeof value === 'string') return value;
    if (Array.isArray(value)) return value.flatMap((v) => this.resolve(v));
    const object = value as Record<string, unknown>;
    if (typeof object.Ref === 'string') return this.ref(object.Ref);
    if (Array.isArray(object['Fn::GetAtt'])) {
      const [id, attribute] = object['Fn::GetAtt'] as [string, string];
      return this.getAtt(id, attribute);
    }
    if (Array.isArray(object['Fn::Join'])) {
      const [separator, parts] = object['Fn::Join'] as [string, unknown[]];
      return parts.map((part) => this.resolveOne(part)).join(separator);
    }
    if (typeof object['Fn::Sub'] === 'string') {
      return (object['Fn::Sub'] as string).replace(/\$\{([^}]+)\}/g, (_, name: string) => {
        const [id = '', attribute] = name.split('.');
        return attribute === undefined ? this.ref(id) : this.getAtt(id, attribute);
      });
    }
    throw new Error(`No local value for ${JSON.stringify(value)} (infra/local/iam/template.ts)`);
  }

  private resolveOne(value: unknown): string {
    const resolved = this.resolve(value);
    if (Array.isArray(resolved)) throw new Error(`Expected one value, got a list: ${JSON.stringify(value)}`);
    return resolved;
  }
}

/**
 * Every function's identity from the template: its role's inline policies (and any
 * AWS::IAM::Policy attached to that role), resolved to local ARNs. A function the template has
 * but `fns` does not name is left out; one of `fns` the template lacks throws.
 */
export function functionIdentities(
  template: Template,
  fns: readonly string[] = allFunctions(),
): Map<string, FunctionIdentity> {
  const resolver = new LocalResolver(template);
  const attached = new Map<string, unknown[]>();
  for (const resource of Object.values(template.Resources)) {
    if (resource.Type !== 'AWS::IAM::Policy') continue;
    const roles = (resource.Properties?.Roles ?? []) as Array<{ Ref?: string }>;
    const statements = (resource.Properties?.PolicyDocument as { Statement: unknown[] }).Statement;
    for (const role of roles) if (role.Ref) attached.set(role.Ref, [...(attached.get(role.Ref) ?? []), ...statements]);
  }
  const identities = new Map<string, FunctionIdentity>();
  for (const [logicalId, resource] of Object.entries(template.Resources)) {
    if (resource.Type !== 'AWS::Lambda::Function') continue;
    const fn = fnOfLogicalId(logicalId, fns);
    if (!fn) continue;
    const role = (resource.Properties?.Role as { 'Fn::GetAtt'?: [string, string] })['Fn::GetAtt']?.[0];
    const roleResource = role ? template.Resources[role] : undefined;
    if (!role || roleResource?.Type !== 'AWS::IAM::Role')
      throw new Error(`${logicalId}: its role is not a role of the template`);
    const inline = (
      (roleResource.Properties?.Policies ?? []) as Array<{ PolicyDocument: { Statement: unknown[] } }>
    ).flatMap((policy) => policy.PolicyDocument.Statement);
    const statements = [...inline, ...(attached.get(role) ?? [])].map((raw) => {
      const s = raw as Statement & Record<string, unknown>;
      const statement: Statement = {
        Effect: s.Effect,
        ...(s.Sid ? { Sid: s.Sid } : {}),
        ...(s.Action !== undefined ? { Action: s.Action } : {}),
        ...(s.NotAction !== undefined ? { NotAction: s.NotAction } : {}),
        ...(s.Resource !== undefined ? { Resource: resolver.resolve(s.Resource) } : {}),
        ...(s.NotResource !== undefined ? { NotResource: resolver.resolve(s.NotResource) } : {}),
        ...(s.Condition !== undefined ? { Condition: s.Condition } : {}),
      };
      assertSupported(statement);
      return statement;
    });
    identities.set(fn, {
      fn,
      logicalId,
      role,
      principalArn: `arn:aws:sts::${LOCAL_ACCOUNT}:assumed-role/${role}/${fn}`,
      statements,
    });
  }
  const missing = fns.filter((fn) => !identities.has(fn));
  if (missing.length > 0) throw new Error(`No function in the template for ${missing.join(', ')}`);
  return identities;
}
