import type { Expression } from '../aws/dynamodb';

/**
 * The update expression of a partial change: SET each attribute given a value, REMOVE each
 * given `null`, leave each `undefined` as it is. Names and values are placeholders, so any
 * attribute name is safe. At least one attribute must be set or removed.
 */
export function changesExpression(changes: Readonly<Record<string, unknown>>): Expression {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets: string[] = [];
  const removes: string[] = [];
  Object.entries(changes).forEach(([attr, value], i) => {
    if (value === undefined) return;
    names[`#c${i}`] = attr;
    if (value === null) removes.push(`#c${i}`);
    else {
      values[`:c${i}`] = value;
      sets.push(`#c${i} = :c${i}`);
    }
  });
  const clauses = [sets.length > 0 && `SET ${sets.join(', ')}`, removes.length > 0 && `REMOVE ${removes.join(', ')}`];
  if (sets.length + removes.length === 0) throw new Error('a change must set or remove an attribute');
  return {
    expression: clauses.filter(Boolean).join(' '),
    names,
    ...(Object.keys(values).length > 0 && { values }),
  };
}
