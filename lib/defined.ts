/**
 * `value` when it is there, else an Error naming `what`: for the places where the code knows a
 * value exists (a group of a regex that matched, a key of a map it just filled, an element of
 * a non-empty list) and the type cannot say so. A `!` only claims it; this checks it, so a
 * broken invariant fails here, with its name, not later as `undefined` somewhere else.
 */
export function defined<T>(value: T | null | undefined, what: string): T {
  if (value === undefined || value === null) throw new Error(`${what} is missing`);
  return value;
}
