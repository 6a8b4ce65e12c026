import { withinBudget } from '../aws/budget';
import { optional } from '../config';
import { ConflictError, UnavailableError } from '../errors';
import type { RegistryRecord } from './model';

/**
 * The EU DPP registry's client, behind a flag: the setting EU_REGISTRY_URL (absent: off, and
 * nothing calls the registry). The live registry's API is not documented and takes an EU Login
 * session, so today an operator registers by hand (docs/deploy.md, Registering passports in the
 * EU registry); this client speaks the CIRPASS-2 mock EU registry's `POST /metadata/v1` (its
 * README and its DPPMetadataResource): the record as the JSON body, 201 with the entry
 * `{registryId, createdAt, modifiedAt, metadata}`, 400 `{message}` for a record its schema
 * refuses. Its local stand-in is infra/local/engines/eu-registry.ts.
 */
const registryUrl = /* @__PURE__ */ optional('EU_REGISTRY_URL');

/** How long the registry may take to answer one registration. */
const TIMEOUT_MS = 5000;

/** Whether the flag is on: a registry URL is configured. */
export const registryClientEnabled = (): boolean => registryUrl() !== undefined;

/** The registry's entry for a registered record. */
export interface RegistryEntry {
  registryId: string;
  createdAt?: string;
  modifiedAt?: string | null;
  metadata: RegistryRecord;
}

const isEntry = (body: unknown): body is RegistryEntry =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as { registryId?: unknown }).registryId === 'string' &&
  typeof (body as { metadata?: unknown }).metadata === 'object';

/**
 * Registers one record (`POST <EU_REGISTRY_URL>/metadata/v1`), with the bearer token of the
 * operator's session when given. The flag off is 409 REGISTRY_CLIENT_OFF; a record the registry
 * refuses, 409 REGISTRY_REFUSED with its message; no answer in time, a 5xx or an answer that is
 * no entry, 503 (retry).
 */
export async function registerRecord(record: RegistryRecord, options: { token?: string } = {}): Promise<RegistryEntry> {
  const base = registryUrl();
  if (base === undefined) {
    throw new ConflictError(
      'the EU registry client is off: this deployment has no EU_REGISTRY_URL',
      'REGISTRY_CLIENT_OFF',
    );
  }
  let response: Response;
  let body: unknown;
  try {
    response = await fetch(`${base.replace(/\/+$/, '')}/metadata/v1`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(options.token !== undefined && { authorization: `Bearer ${options.token}` }),
      },
      body: JSON.stringify(record),
      signal: withinBudget(AbortSignal.timeout(TIMEOUT_MS)),
    });
    const text = await response.text();
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
  } catch {
    throw new UnavailableError('The EU registry did not answer in time; please retry shortly');
  }
  if (response.status === 400) {
    const message = (body as { message?: unknown } | undefined)?.message;
    throw new ConflictError(
      `the EU registry refused the record: ${typeof message === 'string' ? message : 'no reason given'}`,
      'REGISTRY_REFUSED',
    );
  }
  if ((response.status !== 200 && response.status !== 201) || !isEntry(body)) {
    throw new UnavailableError('The EU registry could not register the record; please retry shortly');
  }
  return body;
}
