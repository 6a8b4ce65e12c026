/**
 * The least-privilege report: from a record of evaluated calls (LocalIam, one JSON object a
 * line) and the roles of the synthesized template, each function's granted (action, resource)
 * pairs that no recorded call exercised, and how many calls were evaluated per service.
 * Grants that no local engine can exercise (CloudWatch Logs and X-Ray, written by the Lambda
 * runtime; Secrets Manager, inlined locally; the dead-letter queue of the
 * anchor worker's event source mapping, which Lambda itself sends to)
 * are listed apart, with that reason.
 */
import { synthesizedTemplate } from '../sam-env';
import type { RecordedCall } from '.';
import { wildcardMatch } from './evaluate';
import { type FunctionIdentity, functionIdentities, type Template } from './template';

/** Every function's identity in the shipped stack (the sandbox template, synthesized here). */
export const shippedIdentities = (): Map<string, FunctionIdentity> =>
  functionIdentities(synthesizedTemplate() as Template);

/** Why a grant's service is never called through a local engine (docs/local.md, IAM enforced locally). */
export const NOT_EXERCISED_LOCALLY: Readonly<Record<string, string>> = {
  logs: 'the Lambda runtime writes the function’s logs; no code of ours calls CloudWatch Logs',
  xray: 'active tracing: the Lambda runtime sends the segments',
  secretsmanager: 'locally each secret is inlined (JWT_PRIVATE_KEY, VC_ISSUER_KEY, CURSOR_KEY, …): no Secrets Manager',
  sqs: 'the event source mapping (Lambda itself) sends a failed stream record to the dead-letter queue',
};

export interface Grant {
  action: string;
  resource: string;
}

export interface LeastPrivilegeReport {
  /** Calls evaluated, by service (the action's prefix), allowed and denied. */
  calls: Record<string, { allowed: number; denied: number }>;
  /** Per function: granted pairs no call exercised, that a local engine could have. */
  unexercised: Record<string, Grant[]>;
  /** Per function: granted pairs no local engine can exercise, with the reason (NOT_EXERCISED_LOCALLY). */
  notLocal: Record<string, Array<Grant & { reason: string }>>;
  /** Functions no call of the record came from. */
  silent: string[];
}

const serviceOf = (grant: Grant): string => grant.action.split(':')[0] ?? '';

export function parseRecord(text: string): RecordedCall[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as RecordedCall);
}

export function leastPrivilegeReport(
  identities: ReadonlyMap<string, FunctionIdentity>,
  record: readonly RecordedCall[],
): LeastPrivilegeReport {
  const calls: LeastPrivilegeReport['calls'] = {};
  const byFn = new Map<string, RecordedCall[]>();
  for (const call of record) {
    const service = call.action.split(':')[0] ?? '';
    calls[service] ??= { allowed: 0, denied: 0 };
    calls[service][call.allowed ? 'allowed' : 'denied'] += 1;
    if (call.allowed) byFn.set(call.fn, [...(byFn.get(call.fn) ?? []), call]);
  }
  const unexercised: LeastPrivilegeReport['unexercised'] = {};
  const notLocal: LeastPrivilegeReport['notLocal'] = {};
  const silent: string[] = [];
  for (const [fn, identity] of identities) {
    const made = byFn.get(fn) ?? [];
    if (made.length === 0) silent.push(fn);
    for (const statement of identity.statements) {
      if (statement.Effect !== 'Allow') continue;
      for (const action of [statement.Action ?? []].flat()) {
        for (const resource of [statement.Resource ?? []].flat()) {
          const grant = { action, resource };
          const reason = NOT_EXERCISED_LOCALLY[serviceOf(grant)];
          if (reason !== undefined) {
            notLocal[fn] = [...(notLocal[fn] ?? []), { ...grant, reason }];
            continue;
          }
          const used = made.some(
            (call) => wildcardMatch(action, call.action, true) && wildcardMatch(resource, call.resource),
          );
          if (!used) unexercised[fn] = [...(unexercised[fn] ?? []), grant];
        }
      }
    }
  }
  return { calls, unexercised, notLocal, silent };
}

/** The report as text: the counts, then each function's unexercised grants. */
export function formatReport(report: LeastPrivilegeReport): string {
  const lines = ['Evaluated calls by service:'];
  let total = 0;
  for (const [service, { allowed, denied }] of Object.entries(report.calls).sort()) {
    lines.push(
      `  ${service.padEnd(16)} ${String(allowed + denied).padStart(7)}  (${allowed} allowed, ${denied} denied)`,
    );
    total += allowed + denied;
  }
  lines.push(`  ${'total'.padEnd(16)} ${String(total).padStart(7)}`, '');
  const unexercised = Object.entries(report.unexercised).sort(([a], [b]) => a.localeCompare(b));
  lines.push(
    unexercised.length === 0
      ? 'Every grant a local engine can exercise was exercised.'
      : `Granted but never exercised (${unexercised.reduce((n, [, g]) => n + g.length, 0)} grants, ${unexercised.length} functions):`,
  );
  for (const [fn, grants] of unexercised) {
    for (const grant of grants) lines.push(`  ${fn}: ${grant.action} on ${grant.resource}`);
  }
  if (report.silent.length > 0) lines.push('', `Functions that made no call: ${report.silent.sort().join(', ')}`);
  const reasons = new Map<string, Set<string>>();
  for (const grants of Object.values(report.notLocal)) {
    for (const g of grants) reasons.set(g.reason, (reasons.get(g.reason) ?? new Set()).add(g.action));
  }
  lines.push('', 'Not exercisable locally (not counted above):');
  for (const [reason, actions] of reasons) lines.push(`  ${[...actions].sort().join(', ')}: ${reason}`);
  return lines.join('\n');
}
