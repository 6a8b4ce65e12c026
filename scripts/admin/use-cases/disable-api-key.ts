import * as v from 'valibot';
import { apiKeyView } from '../../../lib/companies/api-keys/model';
import { disableApiKeyById } from '../../../lib/companies/api-keys/repository';
import { NotFoundError } from '../../../lib/errors';
import { uuid } from '../../../lib/schemas';

/**
 * `api-key disable <id>`. From the next GET /generateJWT on, the key issues no token (tokens
 * issued before it keep their hour).
 */
export const disableApiKeyInput = v.object({ id: uuid });

/** Disables a key by its id (no company needed); disabling a disabled key changes nothing. */
export async function disableApiKey({ id }: v.InferOutput<typeof disableApiKeyInput>) {
  const disabled = await disableApiKeyById(id);
  if (!disabled) throw new NotFoundError(`no API key with id ${id}`, 'API_KEY_NOT_FOUND');
  return apiKeyView(disabled);
}
