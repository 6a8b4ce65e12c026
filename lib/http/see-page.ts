import { passportPageUrl } from '../links';
import { prefersHtml } from '../pages/language';
import { type RawReply, raw } from './response';

/**
 * A browser opening the JSON view (GET /dpp/{dppId}) is a person: a 303 to the passport page,
 * which answers an unknown or unpublished DPP with its HTML 404 (so this needs no read).
 * Undefined for every other client, which keeps the JSON.
 */
export function toPassportPage(dppId: string, accept: string | undefined): RawReply | undefined {
  if (!prefersHtml(accept)) return undefined;
  return raw(303, { location: passportPageUrl(dppId), vary: 'Accept', 'cache-control': 'public, max-age=3600' });
}
