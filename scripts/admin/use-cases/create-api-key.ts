import * as v from 'valibot';
import { apiKeyView, newApiKey, toApiKeyItems } from '../../../lib/companies/api-keys/model';
import { storeApiKey } from '../../../lib/companies/api-keys/repository';
import { companyNotFound } from '../../../lib/companies/model';
import { uuid } from '../../../lib/schemas';

/**
 * `api-key create --company … [--label …]`: a new enabled key of the company. A key is shown
 * once, when it is made; only its SHA-256 is stored (docs/spec/decisions.md). GET /generateJWT reads the
 * key's `enabled` on every call, strongly consistent (api-key disable).
 */

const label = v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(200));

export const createApiKeyInput = v.object({ company_id: uuid, label: v.optional(label) });

/** The plain key (shown once) and its id. */
export async function createApiKey({ company_id, label }: v.InferOutput<typeof createApiKeyInput>) {
  const key = newApiKey();
  const items = toApiKeyItems(key, { company_id, name: label, enabled: true, created_at: new Date().toISOString() });
  if (!(await storeApiKey(items))) throw companyNotFound(company_id);
  return { key, ...apiKeyView(items.apiKey) };
}
