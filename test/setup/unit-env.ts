import { generateKeyPairSync } from 'node:crypto';
import { createRequire } from 'node:module';
import { afterAll, vi } from 'vitest';

/**
 * Unit tests load lib/ modules that read their settings at import (lib/config.ts).
 * Names are dummies (AWS calls are mocked); the key pair is real so tokens can be
 * signed and verified. Runs before each test file's imports; once per worker, since most unit
 * files share their worker's modules (vitest.config.ts): a module that read the settings keeps
 * what it read, so the settings must not change under it.
 */
if (process.env.DPP_UNIT_ENV !== '1') setUnitEnv();

function setUnitEnv(): void {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });

  Object.assign(process.env, {
    DPP_UNIT_ENV: '1',
    AWS_REGION: 'eu-central-1',
    AWS_ACCESS_KEY_ID: 'unit',
    AWS_SECRET_ACCESS_KEY: 'unit',
    TABLE_NAME: 'unit-table',
    BUCKET_NAME: 'unit-bucket',
    JWT_ISSUER: 'https://dpp.unit',
    JWT_AUDIENCE: 'dpp-api',
    JWT_PUBLIC_KEYS: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    JWT_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    VC_ISSUER_KEY: generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString(),
    CURSOR_KEY: 'unit-cursor-key-of-at-least-32-characters',
    SES_FROM_ADDRESS: 'no-reply@dpp.unit',
    PUBLIC_BASE_URL: 'https://dpp.unit',
    // The back-up copy's base URL (lib/links.ts): a registry record's backupURL.
    BACKUP_BASE_URL: 'https://backup.dpp.unit',
    VIES_URL: 'http://vies.unit',
    STRIPE_SECRET_KEY: 'sk_test_unit',
    STRIPE_PRICE_ID: 'price_unit',
    EVM_RPC_URL: 'http://evm.unit',
    EVM_CHAIN_ID: '31337',
    // Never signs in a unit test (the chain is mocked): declared because the anchoring modules ask for it.
    ANCHOR_PRIVATE_KEY: `0x${'0'.repeat(63)}1`,
    EVM_EXPLORER_URL: 'https://explorer.unit',
    LOG_LEVEL: 'SILENT',
    METRICS_OUTPUT: 'log',
  });
}

/**
 * What a file leaves installed is undone when it ends, as a file of its own modules would
 * leave nothing: the clients aws-sdk-client-mock stubbed (sinon's default sandbox, the copy it
 * loads itself), spies, fake timers.
 */
const sinon = createRequire(createRequire(import.meta.url).resolve('aws-sdk-client-mock'))('sinon') as {
  restore(): void;
};
afterAll(() => {
  sinon.restore();
  vi.restoreAllMocks();
  vi.useRealTimers();
});
