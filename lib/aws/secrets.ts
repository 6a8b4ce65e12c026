import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { optional, region } from '../config';
import { bounded, clientSettings } from './budget';

const endpoint = /* @__PURE__ */ optional('SECRETS_ENDPOINT');
let client: SecretsManagerClient | undefined;
const secretsClient = (): SecretsManagerClient => {
  client ??= bounded(new SecretsManagerClient({ region: region(), endpoint: endpoint(), ...clientSettings(3_000) }));
  return client;
};

/** The string value of a secret (one round trip). */
export async function readSecret(secretId: string): Promise<string | undefined> {
  return (await secretsClient().send(new GetSecretValueCommand({ SecretId: secretId }))).SecretString;
}
