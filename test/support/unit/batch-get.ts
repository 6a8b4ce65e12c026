import type { BatchGetCommandInput } from '@aws-sdk/lib-dynamodb';

/**
 * A BatchGetItem that answers from `items`: those whose key was asked for, as DynamoDB would
 * (for aws-sdk-client-mock's callsFake on BatchGetCommand).
 */
export const batchGetFrom =
  (...items: object[]) =>
  ({ RequestItems }: BatchGetCommandInput) => {
    const [table, { Keys }] = Object.entries(
      RequestItems as Record<string, { Keys: Array<{ pk: string; sk: string }> }>,
    )[0]!;
    const found = items.filter((i) =>
      Keys.some((k) => k.pk === (i as { pk: string }).pk && k.sk === (i as { sk: string }).sk),
    );
    return { Responses: { [table]: found } };
  };
