import {
  type DynamoDBDocumentClient,
  GetCommand,
  type GetCommandInput,
  QueryCommand,
  type QueryCommandInput,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { AwsClientStub } from 'aws-sdk-client-mock';
import { dynamoErrors } from './aws-errors';

/**
 * A table of a few items behind a mocked DocumentClient, answering GetItem, UpdateItem and
 * Query the way DynamoDB does for the expressions lib/data/expressions.ts writes: SET of a
 * value, `if_not_exists`, `list_append`, REMOVE, ADD of a number; conditions that AND
 * equalities and `attribute_(not_)exists`; a Query of one index partition. Enough to run a
 * use case through several attempts and read the item it left, with no engine.
 */
type Item = Record<string, unknown>;

interface Input {
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}

const nameOf = (token: string, input: Input) =>
  token.startsWith('#') ? (input.ExpressionAttributeNames?.[token] ?? token) : token;
const placeholderValue = (token: string, input: Input) => input.ExpressionAttributeValues?.[token.trim()];

/** Splits on commas outside parentheses. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')') depth--;
    else if (text[i] === ',' && depth === 0) {
      parts.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(text.slice(start).trim());
  return parts.filter(Boolean);
}

function evaluate(expression: string, item: Item, input: Input): unknown {
  const e = expression.trim();
  if (e.startsWith(':')) return placeholderValue(e, input);
  const ifNotExists = /^if_not_exists\(([#\w]+),\s*(:\w+)\)$/.exec(e);
  if (ifNotExists) return item[nameOf(ifNotExists[1]!, input)] ?? placeholderValue(ifNotExists[2]!, input);
  const listAppend = /^list_append\((.+),\s*(:\w+)\)$/.exec(e);
  if (listAppend) {
    return [
      ...(evaluate(listAppend[1]!, item, input) as unknown[]),
      ...(placeholderValue(listAppend[2]!, input) as unknown[]),
    ];
  }
  throw new Error(`the fake table does not evaluate ${e}`);
}

/** The item after an UpdateExpression. */
export function applyUpdate(before: Item, input: Input & { UpdateExpression?: string }): Item {
  const item = { ...before };
  const clauses = (input.UpdateExpression ?? '').split(/\b(SET|REMOVE|ADD)\b/).slice(1);
  for (let i = 0; i < clauses.length; i += 2) {
    const clause = clauses[i];
    for (const action of splitTopLevel(clauses[i + 1] ?? '')) {
      if (clause === 'SET') {
        const at = action.indexOf('=');
        item[nameOf(action.slice(0, at).trim(), input)] = evaluate(action.slice(at + 1), before, input);
      } else if (clause === 'REMOVE') delete item[nameOf(action, input)];
      else {
        const [name, value] = action.split(/\s+/);
        item[nameOf(name!, input)] =
          ((item[nameOf(name!, input)] as number) ?? 0) + (placeholderValue(value!, input) as number);
      }
    }
  }
  return item;
}

/** Whether a ConditionExpression of ANDed equalities and attribute_(not_)exists holds for `item`. */
export function conditionHolds(item: Item | undefined, input: Input & { ConditionExpression?: string }): boolean {
  const text = input.ConditionExpression;
  if (!text) return true;
  for (const term of text.split(/\s+AND\s+/)) {
    const bare = term.replace(/^\(+|\)+$/g, '').trim();
    const exists =
      /^attribute_(not_)?exists\(([#\w]+)$/.exec(bare) ?? /^attribute_(not_)?exists\(([#\w]+)\)$/.exec(bare);
    if (exists) {
      const present = item !== undefined && item[nameOf(exists[2]!, input)] !== undefined;
      if (present === Boolean(exists[1])) return false;
      continue;
    }
    const equality = /^([#\w]+)\s*=\s*(:\w+)$/.exec(bare);
    if (!equality) throw new Error(`the fake table does not evaluate the condition ${term}`);
    if (item?.[nameOf(equality[1]!, input)] !== placeholderValue(equality[2]!, input)) return false;
  }
  return true;
}

export interface FakeRecords {
  /** The item under `key` as the table holds it now. */
  item(key: { pk: string; sk: string }): Item | undefined;
  put(item: { pk: string; sk: string } & Record<string, unknown>): void;
  /** Every UpdateItem input the code sent, in order. */
  updates: UpdateCommandInput[];
}

/**
 * Serves `db` from `items`. `before` may answer an UpdateItem itself (throw a fault, or return
 * an answer) instead of the table: return undefined to let the table apply it.
 */
export function fakeRecords(
  db: AwsClientStub<DynamoDBDocumentClient>,
  items: ReadonlyArray<object & { pk: string; sk: string }> = [],
  before?: (input: UpdateCommandInput) => unknown,
): FakeRecords {
  const table = new Map<string, Item>();
  const at = (key: { pk: unknown; sk: unknown }) => `${key.pk}\u0000${key.sk}`;
  for (const item of items) table.set(at(item), structuredClone(item) as Item);
  const updates: UpdateCommandInput[] = [];
  db.on(GetCommand).callsFake((input: GetCommandInput) => {
    const item = table.get(at(input.Key as Item & { pk: string; sk: string }));
    return { Item: item && structuredClone(item) };
  });
  db.on(UpdateCommand).callsFake(async (input: UpdateCommandInput) => {
    updates.push(input);
    const answer = await before?.(input);
    if (answer !== undefined) return answer;
    const key = at(input.Key as Item & { pk: string; sk: string });
    const current = table.get(key);
    if (!conditionHolds(current, input)) throw dynamoErrors.conditionalCheckFailed();
    const next = applyUpdate(current ?? { ...input.Key }, input);
    table.set(key, next);
    return { Attributes: structuredClone(next) };
  });
  db.on(QueryCommand).callsFake((input: QueryCommandInput) => {
    const partition = input.ExpressionAttributeValues?.[':pk'];
    const Items = [...table.values()]
      .filter((item) => item.gsi1pk === partition)
      .sort((a, b) => String(a.gsi1sk).localeCompare(String(b.gsi1sk)));
    return { Items: structuredClone(Items) };
  });
  return {
    item: (key) => {
      const item = table.get(at(key));
      return item && structuredClone(item);
    },
    put: (item) => table.set(at(item), structuredClone(item) as Item),
    updates,
  };
}
