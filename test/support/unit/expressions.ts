/**
 * Reads DynamoDB expressions the way DynamoDB does, so tests assert on attributes and
 * values rather than on the placeholder names the code happens to choose.
 */
interface WithPlaceholders {
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}

const pairs = (expression: string | undefined, input: WithPlaceholders): Array<[string, unknown]> =>
  [...(expression ?? '').matchAll(/(#\w+) = (:\w+)/g)].map(([, name, value]) => [
    input.ExpressionAttributeNames?.[name!] ?? name!,
    input.ExpressionAttributeValues?.[value!],
  ]);

/** The `#attr = :value` terms of a condition, as `{ attribute: value }`. */
export const conditionEqualities = (
  input: WithPlaceholders & { ConditionExpression?: string },
): Record<string, unknown> => Object.fromEntries(pairs(input.ConditionExpression, input));

/** UpdateItem with ReturnValues ALL_NEW over `item`: the item after the SET expression. */
export const applySet = (item: Record<string, unknown>, input: WithPlaceholders & { UpdateExpression?: string }) => ({
  ...item,
  ...Object.fromEntries(pairs(input.UpdateExpression, input)),
});
