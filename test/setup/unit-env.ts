import { generateKeyPairSync } from 'node:crypto';

/**
 * Unit tests load lib/ modules that read their settings at import (lib/config.ts).
 * Names are dummies (AWS calls are mocked); the key pair is real so tokens can be
 * signed and verified. Runs before each test file's imports.
 */
const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });

Object.assign(process.env, {
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
  VIES_URL: 'http://vies.unit',
  STRIPE_SECRET_KEY: 'sk_test_unit',
  STRIPE_PRICE_ID: 'price_unit',
  EVM_RPC_URL: 'http://evm.unit',
  EVM_CHAIN_ID: '31337',
  EVM_EXPLORER_URL: 'https://explorer.unit',
  LOG_LEVEL: 'SILENT',
  METRICS_OUTPUT: 'log',
});
