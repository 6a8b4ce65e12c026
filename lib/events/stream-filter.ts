/**
 * Lambda's event-filtering patterns (https://docs.aws.amazon.com/lambda/latest/dg/invocation-eventfiltering.html),
 * evaluated here for what runs a worker without Lambda: the local stream poller
 * (infra/local/stream-worker.ts) applies the very pattern the CDK event source mapping is
 * given, so both invoke the worker on the same records.
 *
 * Only the part of the syntax the service uses: nested objects, and at the leaves a list of
 * exact values and `{prefix}` rules, any of which may match. Any other rule throws rather than
 * be silently read as "no match".
 */
export type FilterRule = string | number | boolean | null | { readonly prefix: string };
export interface FilterPattern {
  readonly [field: string]: FilterPattern | readonly FilterRule[];
}

function ruleMatches(rule: FilterRule, value: unknown): boolean {
  if (rule === null || typeof rule !== 'object') return value === rule;
  const keys = Object.keys(rule);
  if (keys.length === 1 && typeof rule.prefix === 'string') {
    return typeof value === 'string' && value.startsWith(rule.prefix);
  }
  throw new Error(`unsupported event-filter rule ${JSON.stringify(rule)}: only exact values and {prefix} are`);
}

/** Whether `event` (a stream record, as the worker would receive it) passes `pattern`. */
export function matchesFilter(pattern: FilterPattern, event: unknown): boolean {
  for (const [field, expected] of Object.entries(pattern)) {
    const value = typeof event === 'object' && event !== null ? (event as Record<string, unknown>)[field] : undefined;
    if (Array.isArray(expected)) {
      if (!(expected as readonly FilterRule[]).some((rule) => ruleMatches(rule, value))) return false;
    } else if (!matchesFilter(expected as FilterPattern, value)) return false;
  }
  return true;
}
