import { DeleteObjectCommand, PutObjectCommand, type PutObjectCommandInput, S3Client } from '@aws-sdk/client-s3';
import { DeleteCommand, DynamoDBDocumentClient, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { cardItem, dppFileItem, dppItem } from './items';

/**
 * What a version's writes leave on the mocked clients (lib/versions/create-version.ts, and the passport
 * API's writes that archive through it): the transactions' legs, the documents put and the objects
 * deleted. Shared by the unit tests of both.
 */
export const versionClients = () => ({ db: mockClient(DynamoDBDocumentClient), s3: mockClient(S3Client) });
type Clients = ReturnType<typeof versionClients>;

export type Leg = Record<string, Record<string, unknown>>;
export const transactionsOf = ({ db }: Clients) =>
  db.commandCalls(TransactWriteCommand).map((call) => call.args[0].input.TransactItems as unknown as Leg[]);
export const putsOf = ({ s3 }: Clients) =>
  s3.commandCalls(PutObjectCommand).map((call) => call.args[0].input as PutObjectCommandInput);
export const deletesOf = ({ s3 }: Clients) =>
  s3.commandCalls(DeleteObjectCommand).map((call) => call.args[0].input.Key);

/** The DPP collection as the version's Query reads it (a card, the DPP with its counter at `count`, a file). */
export const dppCollection = (count?: number, dpp: Record<string, unknown> = {}) => ({
  Items: [cardItem(), dppItem({ ...(count !== undefined && { version_count: count }), ...dpp }), dppFileItem()],
});

/**
 * The clients reset before each test: documents put and deleted, and the documents' intent record
 * (lib/files/pending-objects.ts) written, and deleted on a release.
 */
export function resetVersionClients({ db, s3 }: Clients): void {
  db.reset();
  s3.reset();
  s3.on(PutObjectCommand).resolves({});
  s3.on(DeleteObjectCommand).resolves({});
  db.on(UpdateCommand).resolves({});
  db.on(DeleteCommand).resolves({});
}
