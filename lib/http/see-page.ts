import { passportPageUrl } from '../links';
import { prefersHtml } from '../pages/language';
import { type RawReply, raw } from './response';

/**
 * A browser opening the JSON view (GET /dpp/{dppId}) is a person: a 303 to the passport page,
 * which answers an unknown or unpublished DPP with its HTML 404 (so this needs no read).
 * Undefined for every other client, which keeps the JSON.
 */
export function toPassportPage(dppId: string, accept: string | undefined, access?: string): RawReply | undefined {
  if (!prefersHtml(accept)) return undefined;
  // A grant's link opened in a browser keeps its grant (same origin; never cached).
  if (access !== undefined) {
    const location = `${passportPageUrl(dppId)}?access=${encodeURIComponent(access)}`;
    return raw(303, {
      location,
      vary: 'Accept',
      'cache-control': 'private, no-store',
      'referrer-policy': 'no-referrer',
    });
  }
  return raw(303, { location: passportPageUrl(dppId), vary: 'Accept', 'cache-control': 'public, max-age=3600' });
}
