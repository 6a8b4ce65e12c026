import * as v from 'valibot';
import { apiKeyView, newApiKey, toApiKeyItems } from '../../../lib/auth/model';
import { disableApiKeyById, readCompanyApiKeys, storeApiKey } from '../../../lib/auth/repository';
import { companyNotFound } from '../../../lib/companies/model';
import { readCompany } from '../../../lib/companies/repository';
import { NotFoundError } from '../../../lib/errors';
import { uuid } from '../../../lib/schemas';

/**
 * A company's API keys, as the admin CLI manages them (`api-key create|list|disable`). A key
 * is shown once, when it is made; only its SHA-256 is stored (decisions.md). GET /generateJWT
 * reads the key's `enabled` on every call, strongly consistent: a disabled key issues no
 * token from the next request on (tokens issued before it keep their hour).
 */

const label = v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(200));

/** `api-key create --company … [--label …]`. */
export const createApiKeyInput = v.object({ company_id: uuid, label: v.optional(label) });

/** A new enabled key of the company: the plain key (shown once) and its id. */
export async function createApiKey({ company_id, label }: v.InferOutput<typeof createApiKeyInput>) {
  const key = newApiKey();
  const items = toApiKeyItems(key, { company_id, name: label, enabled: true, created_at: new Date().toISOString() });
  if (!(await storeApiKey(items))) throw companyNotFound(company_id);
  return { key, ...apiKeyView(items.apiKey) };
}

/** `api-key list --company …`. */
export const listApiKeysInput = v.object({ company_id: uuid });

/** The company's keys, oldest first: id, label, creation time, enabled; never a key or a hash. */
export async function listApiKeys({ company_id }: v.InferOutput<typeof listApiKeysInput>) {
  const [company, apiKeys] = await Promise.all([readCompany(company_id), readCompanyApiKeys(company_id)]);
  if (!company) throw companyNotFound(company_id);
  return apiKeys.map(apiKeyView);
}

/** `api-key disable <id>`. */
export const disableApiKeyInput = v.object({ id: uuid });

/** Disables a key by its id (no company needed); disabling a disabled key changes nothing. */
export async function disableApiKey({ id }: v.InferOutput<typeof disableApiKeyInput>) {
  const disabled = await disableApiKeyById(id);
  if (!disabled) throw new NotFoundError(`no API key with id ${id}`, 'API_KEY_NOT_FOUND');
  return apiKeyView(disabled);
}
