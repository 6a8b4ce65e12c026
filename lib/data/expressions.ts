import type { Expression } from '../aws/dynamodb';
import type { KeyRange } from './keys';

/**
 * Every DynamoDB expression of the repositories, built from typed parts instead of strings:
 * conditions (ConditionExpression, FilterExpression), partial updates (SET, REMOVE, ADD) and
 * key conditions (KeyConditionExpression). Each part renders its own placeholders, so no
 * attribute name is ever spelled into an expression and any name is safe (reserved words,
 * dots, spaces):
 * - key attributes (pk, sk, gsi1pk, gsi1sk) are written as they are;
 * - another attribute is `#<name>` when its name is a plain word, else `#_<kind><n>`;
 * - values are `:<kind><n>`, the kind being `c` for a condition and `u` for an update, so the
 *   update and the condition of one request never share a value placeholder.
 */

/** One attribute (a string is one name, dots included), or a path into a map (`['kyb', 'status']`). */
export type Path = string | readonly string[];

const KEY_ATTRIBUTES: ReadonlySet<string> = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk']);
const WORD = /^[A-Za-z][A-Za-z0-9_]*$/;

/** The names and values of one expression as it is rendered. */
class Placeholders {
  readonly names: Record<string, string> = {};
  readonly values: Record<string, unknown> = {};
  private odd = 0;
  private value = 0;

  constructor(private readonly kind: 'c' | 'u') {}

  /** An attribute or a path, each part a name placeholder (a key attribute as it is). */
  path(path: Path): string {
    return (typeof path === 'string' ? [path] : path).map((name) => this.name(name)).join('.');
  }

  /** A value placeholder. */
  of(value: unknown): string {
    const placeholder = `:${this.kind}${this.value++}`;
    this.values[placeholder] = value;
    return placeholder;
  }

  private name(name: string): string {
    if (KEY_ATTRIBUTES.has(name)) return name;
    const known = Object.keys(this.names).find((placeholder) => this.names[placeholder] === name);
    if (known) return known;
    const placeholder = WORD.test(name) ? `#${name}` : `#_${this.kind}${this.odd++}`;
    this.names[placeholder] = name;
    return placeholder;
  }

  /** The expression with only the placeholders it uses. */
  expression(text: string): Expression {
    return {
      expression: text,
      ...(Object.keys(this.names).length > 0 && { names: this.names }),
      ...(Object.keys(this.values).length > 0 && { values: this.values }),
    };
  }
}

// ---------------------------------------------------------------------------------------------
// Conditions

/** A condition on an item (a ConditionExpression or a Query's FilterExpression), rendered by `where`. */
export interface Condition {
  readonly render: (p: Placeholders) => string;
  /** An AND or OR of several: parenthesized inside another. */
  readonly compound?: boolean;
}

/** Another attribute as the right side of a comparison (`seats_used < member_limit`). */
export interface Attribute {
  readonly attribute: Path;
}
export const attribute = (path: Path): Attribute => ({ attribute: path });

type Comparator = '=' | '<>' | '<' | '<=' | '>' | '>=';

const operand = (p: Placeholders, value: unknown): string =>
  typeof value === 'object' && value !== null && 'attribute' in value
    ? p.path((value as Attribute).attribute)
    : p.of(value);

const compare =
  (comparator: Comparator) =>
  (path: Path, value: unknown): Condition => ({
    render: (p) => `${p.path(path)} ${comparator} ${operand(p, value)}`,
  });

/** The attribute equals the value (or the other `attribute(...)`); false on a missing item. */
export const eq = /* @__PURE__ */ compare('=');
/** The attribute differs from the value; true when the attribute is missing. */
export const ne = /* @__PURE__ */ compare('<>');
export const lt = /* @__PURE__ */ compare('<');
export const le = /* @__PURE__ */ compare('<=');
export const gt = /* @__PURE__ */ compare('>');
export const ge = /* @__PURE__ */ compare('>=');

/** The item has the attribute: `exists('pk')` says the item exists. */
export const exists = (path: Path): Condition => ({ render: (p) => `attribute_exists(${p.path(path)})` });
/** The item lacks the attribute: `notExists('pk')` says there is no item. */
export const notExists = (path: Path): Condition => ({ render: (p) => `attribute_not_exists(${p.path(path)})` });
/** The list (or set, or string) holds the value. */
export const contains = (path: Path, value: unknown): Condition => ({
  render: (p) => `contains(${p.path(path)}, ${p.of(value)})`,
});
export const not = (condition: Condition): Condition => ({ render: (p) => `NOT ${nested(p, condition)}` });

const nested = (p: Placeholders, condition: Condition) =>
  condition.compound ? `(${condition.render(p)})` : condition.render(p);
const joined =
  (operator: 'AND' | 'OR') =>
  (...conditions: Condition[]): Condition => ({
    compound: conditions.length > 1,
    render: (p) => conditions.map((condition) => nested(p, condition)).join(` ${operator} `),
  });
/** All of them hold. */
export const and = /* @__PURE__ */ joined('AND');
/** At least one of them holds. */
export const or = /* @__PURE__ */ joined('OR');

/** The expression of a condition (all of `conditions` when several). */
export function where(...conditions: Condition[]): Expression {
  const p = new Placeholders('c');
  const [only] = conditions;
  const text = (conditions.length === 1 && only ? only : and(...conditions)).render(p);
  return p.expression(text);
}

/** The item exists. */
export const itemExists = (): Expression => where(exists('pk'));
/** There is no item with the key (a Put that writes a new item only). */
export const noItem = (): Expression => where(notExists('pk'));

/**
 * A condition that holds only on an item of the company: a missing item has no `company_id`, so
 * it also says the item exists. Every write of a company's item (a DPP, a template, a card, an
 * image) is conditioned on it, so another company's id fails exactly like an unknown one.
 */
export const ofCompany = (companyId: string): Condition => eq('company_id', companyId);

// ---------------------------------------------------------------------------------------------
// Partial updates

/** One action of an UpdateExpression, rendered by `update`. */
export interface UpdateAction {
  readonly clause: 'SET' | 'REMOVE' | 'ADD' | 'DELETE';
  readonly render: (p: Placeholders) => string;
}

/** SET the attribute to the value. */
export const set = (path: Path, value: unknown): UpdateAction => ({
  clause: 'SET',
  render: (p) => `${p.path(path)} = ${p.of(value)}`,
});
/** SET the attribute to the value only where the item has none yet (`if_not_exists`). */
export const setIfAbsent = (path: Path, value: unknown): UpdateAction => ({
  clause: 'SET',
  render: (p) => {
    const name = p.path(path);
    return `${name} = if_not_exists(${name}, ${p.of(value)})`;
  },
});
/** SET the list to itself (an empty one where missing) with `items` appended. */
export const append = (path: Path, items: readonly unknown[]): UpdateAction => ({
  clause: 'SET',
  render: (p) => {
    const name = p.path(path);
    return `${name} = list_append(if_not_exists(${name}, ${p.of([])}), ${p.of(items)})`;
  },
});
/** ADD a number to the attribute (0 where missing), or the elements of a set to a set. */
export const add = (path: Path, value: number | ReadonlySet<unknown>): UpdateAction => ({
  clause: 'ADD',
  render: (p) => `${p.path(path)} ${p.of(value)}`,
});
/** DELETE the elements of a set from a set (the attribute goes when it is left empty). */
export const deleteFrom = (path: Path, value: ReadonlySet<unknown>): UpdateAction => ({
  clause: 'DELETE',
  render: (p) => `${p.path(path)} ${p.of(value)}`,
});
/** REMOVE the attribute. */
export const remove = (path: Path): UpdateAction => ({ clause: 'REMOVE', render: (p) => p.path(path) });

/** SET of each attribute of `values`, in their order. */
export const setAll = (values: Readonly<Record<string, unknown>>): UpdateAction[] =>
  Object.entries(values).map(([name, value]) => set(name, value));

/** The UpdateExpression of the actions, grouped by clause (SET, REMOVE, ADD, DELETE), each in order. */
export function update(...actions: ReadonlyArray<UpdateAction | readonly UpdateAction[]>): Expression {
  const p = new Placeholders('u');
  const all = actions.flat();
  if (all.length === 0) throw new Error('an update must set, remove or add an attribute');
  const text = (['SET', 'REMOVE', 'ADD', 'DELETE'] as const)
    .map((clause) => {
      const rendered = all.filter((action) => action.clause === clause).map((action) => action.render(p));
      return rendered.length > 0 ? `${clause} ${rendered.join(', ')}` : '';
    })
    .filter(Boolean)
    .join(' ');
  return p.expression(text);
}

/**
 * A partial change: SET each attribute given a value, REMOVE each given `null`, leave each
 * `undefined` as it is. At least one attribute must be set or removed.
 */
export function partialUpdate(values: Readonly<Record<string, unknown>>): Expression {
  return update(partialActions(values));
}

/** The actions of partialUpdate, for an update that does more (lib/data/transaction.ts, ItemChange). */
export const partialActions = (values: Readonly<Record<string, unknown>>): UpdateAction[] =>
  Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => (value === null ? remove(name) : set(name, value)));

// ---------------------------------------------------------------------------------------------
// Key conditions

/** Every item of one item collection: `pk = :pk`. */
export const partition = (pk: string): Expression => ({ expression: 'pk = :pk', values: { ':pk': pk } });

/** The items of a key range: `pk = :pk AND sk BETWEEN :from AND :to`. */
export const inRange = (range: KeyRange): Expression => ({
  expression: 'pk = :pk AND sk BETWEEN :from AND :to',
  values: { ':pk': range.pk, ':from': range.from, ':to': range.to },
});

/** Every item of one gsi1 partition: `gsi1pk = :pk`. */
export const indexPartition = (gsi1pk: string): Expression => ({
  expression: 'gsi1pk = :pk',
  values: { ':pk': gsi1pk },
});

/** The items of a gsi1 partition whose sort key starts with `prefix`. */
export const indexPrefix = (gsi1pk: string, prefix: string): Expression => ({
  expression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
  values: { ':pk': gsi1pk, ':prefix': prefix },
});

/** The items of a gsi1 range: `gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to`. */
export const inIndexRange = (range: { pk: string; from: string; to: string }): Expression => ({
  expression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
  values: { ':pk': range.pk, ':from': range.from, ':to': range.to },
});
