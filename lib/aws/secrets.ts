import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { optional, region } from '../config';

const endpoint = /* @__PURE__ */ optional('SECRETS_ENDPOINT');
let client: SecretsManagerClient | undefined;
const secretsClient = (): SecretsManagerClient => {
  client ??= new SecretsManagerClient({ region: region(), endpoint: endpoint(), maxAttempts: 3 });
  return client;
};

/** The string value of a secret (one round trip). */
export async function readSecret(secretId: string): Promise<string | undefined> {
  return (await secretsClient().send(new GetSecretValueCommand({ SecretId: secretId }))).SecretString;
}
