/**
 * A small IAM policy evaluator for the local stack: exactly the parts of AWS's identity-policy
 * evaluation that the synthesized roles use, and the few next to them a later grant would
 * plausibly add (https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_policies_evaluation-logic.html):
 * - default deny: a request no statement allows is denied ("implicit deny");
 * - an explicit Deny wins over any Allow;
 * - Action / NotAction match case-insensitively, with `*` and `?` wildcards;
 * - Resource / NotResource match case-sensitively, with `*` and `?` wildcards (which also match `/`);
 * - Condition blocks: every operator must hold, every key of an operator must hold, any value of
 *   a key may match; operators StringEquals, StringNotEquals, StringLike, StringNotLike (and their
 *   ForAllValues: / ForAnyValue: set forms) and Null. Any other operator is refused when the policy
 *   is loaded, not silently read as true.
 * Identity policies only: the local stack has no resource policies, boundaries or SCPs in the way.
 * Local tooling: never bundled into a function (infra/, which lib/ never imports).
 */

export type Effect = 'Allow' | 'Deny';

export interface Statement {
  Sid?: string;
  Effect: Effect;
  Action?: string | string[];
  NotAction?: string | string[];
  Resource?: string | string[];
  NotResource?: string | string[];
  Condition?: Record<string, Record<string, string | string[] | boolean>>;
}

/** What one call asks for: the action (`service:Operation`), the resource ARN, and the request's context keys. */
export interface Request {
  action: string;
  resource: string;
  context?: Record<string, string | string[] | undefined>;
}

export type Decision =
  | { allowed: true; statement: Statement }
  | { allowed: false; reason: 'explicit-deny'; statement: Statement }
  | { allowed: false; reason: 'implicit-deny' };

const SUPPORTED_OPERATORS = new Set(['StringEquals', 'StringNotEquals', 'StringLike', 'StringNotLike', 'Null']);

const list = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

const patterns = new Map<string, RegExp>();
/** IAM's wildcard match: `*` any run of characters (`/` and `:` included), `?` exactly one. */
export function wildcardMatch(pattern: string, value: string, caseInsensitive = false): boolean {
  const cacheKey = `${caseInsensitive ? 'i' : 's'}${pattern}`;
  let regex = patterns.get(cacheKey);
  if (!regex) {
    const source = pattern
      .split('')
      .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
      .join('');
    regex = new RegExp(`^${source}$`, caseInsensitive ? 'is' : 's');
    patterns.set(cacheKey, regex);
  }
  return regex.test(value);
}

/** Throws on a statement this evaluator cannot judge faithfully (an unknown condition operator, no Action at all). */
export function assertSupported(statement: Statement): void {
  if ((statement.Action === undefined) === (statement.NotAction === undefined)) {
    throw new Error(`IAM statement needs exactly one of Action or NotAction: ${JSON.stringify(statement)}`);
  }
  if ((statement.Resource === undefined) === (statement.NotResource === undefined)) {
    throw new Error(`IAM statement needs exactly one of Resource or NotResource: ${JSON.stringify(statement)}`);
  }
  for (const operator of Object.keys(statement.Condition ?? {})) {
    const base = operator.replace(/^(ForAllValues|ForAnyValue):/, '').replace(/IfExists$/, '');
    if (!SUPPORTED_OPERATORS.has(base)) {
      throw new Error(`IAM condition operator ${operator} is not supported by the local evaluator (infra/local/iam)`);
    }
  }
}

function actionMatches(statement: Statement, action: string): boolean {
  if (statement.Action !== undefined) return list(statement.Action).some((p) => wildcardMatch(p, action, true));
  return !list(statement.NotAction).some((p) => wildcardMatch(p, action, true));
}

function resourceMatches(statement: Statement, resource: string): boolean {
  if (statement.Resource !== undefined) return list(statement.Resource).some((p) => wildcardMatch(p, resource));
  return !list(statement.NotResource).some((p) => wildcardMatch(p, resource));
}

/** Condition keys are case-insensitive; their values are compared as written. */
function contextValues(request: Request, key: string): string[] | undefined {
  const found = Object.entries(request.context ?? {}).find(([k]) => k.toLowerCase() === key.toLowerCase());
  return found?.[1] === undefined ? undefined : list(found[1]);
}

function valueMatches(base: string, pattern: string, value: string): boolean {
  switch (base) {
    case 'StringEquals':
    case 'StringNotEquals':
      return pattern === value;
    default:
      return wildcardMatch(pattern, value);
  }
}

function conditionHolds(operator: string, key: string, expected: string[], request: Request): boolean {
  const ifExists = operator.endsWith('IfExists');
  const setForm = operator.match(/^(ForAllValues|ForAnyValue):/)?.[1];
  const base = operator.replace(/^(ForAllValues|ForAnyValue):/, '').replace(/IfExists$/, '');
  const values = contextValues(request, key);
  if (base === 'Null') return expected.includes(String(values === undefined));
  if (values === undefined) {
    // A missing key: ForAllValues holds vacuously; IfExists holds; anything else fails (negated ones too).
    return setForm === 'ForAllValues' || ifExists;
  }
  const negated = base.includes('Not');
  const one = (value: string) => {
    const match = expected.some((pattern) => valueMatches(base, pattern, value));
    return negated ? !match : match;
  };
  if (setForm === 'ForAllValues') return values.every(one);
  // ForAnyValue, and a single-valued key (its one value).
  return values.some(one);
}

function conditionsHold(statement: Statement, request: Request): boolean {
  return Object.entries(statement.Condition ?? {}).every(([operator, keys]) =>
    Object.entries(keys).every(([key, expected]) =>
      conditionHolds(operator, key, list(expected as string | string[]).map(String), request),
    ),
  );
}

const applies = (statement: Statement, request: Request): boolean =>
  actionMatches(statement, request.action) &&
  resourceMatches(statement, request.resource) &&
  conditionsHold(statement, request);

/** AWS's order for one identity: an applicable Deny wins; else an applicable Allow; else the implicit deny. */
export function evaluate(statements: readonly Statement[], request: Request): Decision {
  const deny = statements.find((s) => s.Effect === 'Deny' && applies(s, request));
  if (deny) return { allowed: false, reason: 'explicit-deny', statement: deny };
  const allow = statements.find((s) => s.Effect === 'Allow' && applies(s, request));
  if (allow) return { allowed: true, statement: allow };
  return { allowed: false, reason: 'implicit-deny' };
}

/** AWS's wording of a denial, e.g. "User: arn:… is not authorized to perform: dynamodb:PutItem on resource: arn:… because no identity-based policy allows the dynamodb:PutItem action". */
export function denialMessage(principalArn: string, request: Request, decision: Decision): string {
  const why =
    decision.allowed === false && decision.reason === 'explicit-deny'
      ? `with an explicit deny in an identity-based policy`
      : `because no identity-based policy allows the ${request.action} action`;
  return `User: ${principalArn} is not authorized to perform: ${request.action} on resource: ${request.resource} ${why}`;
}
