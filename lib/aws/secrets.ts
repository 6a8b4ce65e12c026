import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { optional, region } from '../config';

export const secrets = new SecretsManagerClient({ region, endpoint: optional('SECRETS_ENDPOINT'), maxAttempts: 3 });
