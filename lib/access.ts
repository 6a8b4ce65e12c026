/**
 * What a function may touch: the grants the CDK stack gives it and the settings it gets. A
 * route row (lib/api/contract.ts) and a worker (lib/anchoring/worker.ts,
 * lib/companies/kyb/worker.ts) each declare one. Below the domain, beside lib/errors.ts, so a
 * worker declares its access without importing the HTTP contract. The stack grants exactly
 * this and nothing else.
 */
export interface Access {
  /**
   * DynamoDB: `read` = GetItem/BatchGetItem/Query; `update` adds UpdateItem only (upserts such
   * as stored translations, never a Put or Delete); `write` adds Put/Update/Delete/ConditionCheck
   * (the legs of TransactWrite).
   */
  readonly table?: 'read' | 'update' | 'write';
  /** dynamodb:Query on the table's global secondary indexes; only for a row whose code queries one. */
  readonly tableIndexes?: boolean;
  /** S3 object actions on the data bucket. `get` is also what signing a GET URL needs. */
  readonly bucket?: ReadonlyArray<'get' | 'put' | 'delete'>;
  /** ses:SendEmail / SendRawEmail from the configured identity. */
  readonly email?: boolean;
  /** translate:TranslateText. */
  readonly translate?: boolean;
  /** secretsmanager:GetSecretValue on the JWT signing-key secret. */
  readonly signingKey?: boolean;
  /**
   * Signs or publishes verifiable credentials (lib/credentials): secretsmanager:GetSecretValue on
   * the credential issuer-key secret, and the setting VC_ISSUER_KEY_SECRET_ID.
   */
  readonly issuerKey?: boolean;
  /** secretsmanager:GetSecretValue on the cursor-key secret: the lists sign their cursors (lib/data/paging.ts). */
  readonly cursorKey?: boolean;
  /**
   * Writes public links (a version's `uri`): gets PUBLIC_BASE_URL, the configured public base
   * URL (docs/spec/decisions.md, Public links). Not a grant, a setting.
   */
  readonly links?: boolean;
  /**
   * Anchors notarizations on the EVM chain (the anchor worker, lib/anchoring): GetItem and
   * UpdateItem on the table (no Put), GetSecretValue on the anchoring-key secret, and the
   * settings TABLE_NAME, EVM_CHAIN_ID, EVM_EXPLORER_URL, ANCHOR_KEY_SECRET_ID. The worker adds
   * its RPC-URL secret (EVM_RPC_URL_SECRET_ID, infra/constructs/workers.ts).
   */
  readonly anchoring?: boolean;
  /**
   * Reads the configured EVM chain (JSON-RPC, no key: lib/verification) through the anchor
   * worker's node: secretsmanager:GetSecretValue on its RPC-URL secret, and the settings
   * EVM_RPC_URL_SECRET_ID and EVM_CHAIN_ID.
   */
  readonly chain?: boolean;
  /**
   * Calls Stripe (lib/stripe/client.ts): secretsmanager:GetSecretValue on the Stripe secret-key
   * secret, and the settings STRIPE_SECRET_KEY_SECRET_ID and STRIPE_PRICE_ID.
   */
  readonly stripe?: boolean;
  /**
   * Asks the EU VIES service about VAT numbers (lib/companies/kyb/vies.ts): gets VIES_URL, VIES's REST
   * base URL. Not a grant (VIES is public), a setting.
   */
  readonly vies?: boolean;
  /**
   * Writes links to the back-up copy (a registry record's `backupURL`, lib/links.ts): gets
   * BACKUP_BASE_URL, the back-up's base URL (context backupBaseUrl) when the stack has one. Not a
   * grant, a setting.
   */
  readonly backup?: boolean;
  /**
   * Writes the back-up copy's table (the replicator, lib/backup): dynamodb:PutItem and DeleteItem
   * on the back-up's table (context backupAccount, backupRegion, backupTableName), and the settings
   * BACKUP_TABLE_NAME (its ARN) and BACKUP_REGION. Only in a stack with a back-up.
   */
  readonly backupTable?: boolean;
  /**
   * Changes what the public may read of a DPP (its publication, a part's tier), so it drops the
   * DPP's public paths from the CDN (lib/dpps/public-paths.ts). Only with the stack's CDN
   * (context cdn=true): cloudfront:CreateInvalidation on its distribution, and the setting
   * CDN_DISTRIBUTION_ID; without one, nothing.
   */
  readonly cdn?: boolean;
}
