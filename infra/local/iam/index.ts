/**
 * The local IAM check: each call a function makes to a local engine is evaluated against the
 * identity policy the synthesized template gives that function's role (template.ts), and
 * recorded (function, action, resource, allowed) for `npm run least-privilege`.
 * docs/local.md, "IAM, enforced locally", says how it runs and how to read a denial.
 */
import { appendFileSync } from 'node:fs';
import { functionCredentials } from './credentials';
import { denialMessage, evaluate, type Request } from './evaluate';
import { type FunctionIdentity, functionIdentities, type Template } from './template';

export { functionCredentials } from './credentials';
export type { Request } from './evaluate';

/** One evaluated call, as the record holds it (one JSON object a line). */
export interface RecordedCall {
  fn: string;
  action: string;
  resource: string;
  allowed: boolean;
}

export type Verdict =
  | { allowed: true; fn?: string }
  | { allowed: false; fn?: string; action: string; resource: string; message: string; anonymous?: boolean };

export interface LocalIamOptions {
  /** The engines' own keys (seeding, tests reading the stores directly): passed unchecked. */
  adminKeys: readonly string[];
  /** Where each evaluated call is appended (JSON lines); none: not recorded. */
  record?: string;
}

export class LocalIam {
  private readonly byKey = new Map<string, FunctionIdentity>();
  private readonly admin: Set<string>;

  constructor(
    readonly identities: ReadonlyMap<string, FunctionIdentity>,
    private readonly options: LocalIamOptions,
  ) {
    for (const identity of identities.values()) {
      this.byKey.set(functionCredentials(identity.fn).accessKeyId, identity);
    }
    this.admin = new Set(options.adminKeys);
  }

  static fromTemplate(template: Template, options: LocalIamOptions): LocalIam {
    return new LocalIam(functionIdentities(template), options);
  }

  /** The function whose key this is, if any. */
  functionOf(accessKeyId: string | undefined): string | undefined {
    return accessKeyId === undefined ? undefined : this.byKey.get(accessKeyId)?.fn;
  }

  /**
   * Every call of one request, in order; the first one denied decides (AWS refuses the whole
   * request). An admin key passes; no key or an unknown one is denied.
   */
  authorize(accessKeyId: string | undefined, calls: readonly Request[]): Verdict {
    if (accessKeyId !== undefined && this.admin.has(accessKeyId)) return { allowed: true };
    const identity = accessKeyId === undefined ? undefined : this.byKey.get(accessKeyId);
    if (!identity) {
      const first = calls[0] ?? { action: 'unknown', resource: '*' };
      const who = accessKeyId === undefined ? 'an anonymous caller' : `the unknown access key ${accessKeyId}`;
      return {
        allowed: false,
        action: first.action,
        resource: first.resource,
        message: `User: ${who} is not authorized to perform: ${first.action} on resource: ${first.resource} (no local function has this key)`,
        ...(accessKeyId === undefined ? { anonymous: true } : {}),
      };
    }
    for (const call of calls) {
      const decision = evaluate(identity.statements, call);
      this.recordCall({ fn: identity.fn, action: call.action, resource: call.resource, allowed: decision.allowed });
      if (!decision.allowed) {
        return {
          allowed: false,
          fn: identity.fn,
          action: call.action,
          resource: call.resource,
          message: denialMessage(identity.principalArn, call, decision),
        };
      }
    }
    return { allowed: true, fn: identity.fn };
  }

  private recordCall(call: RecordedCall): void {
    if (this.options.record) appendFileSync(this.options.record, `${JSON.stringify(call)}\n`);
  }
}
