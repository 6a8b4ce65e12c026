/**
 * The table's key schema, shared by the CDK stack and the local bootstrap so both
 * create the same table. Access patterns: docs/data-model.md.
 */
export const tableSchema = {
  partitionKey: 'pk',
  sortKey: 'sk',
  globalIndexes: [{ name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' }],
  timeToLiveAttribute: 'ttl',
  /** The table's stream: only the keys of each changed item (the anchor worker reads the record itself). */
  stream: 'KEYS_ONLY',
} as const;
