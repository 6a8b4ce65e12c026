import { describe, expect, it } from 'vitest';
import { call, demoData } from '../support/api';

/**
 * `Vary` names every request header a public answer depends on (a cache in between keeps one
 * answer per value of each): the JSON view depends on `Accept` (a browser is sent to the page),
 * `language` and the `x-dpp-access` grant header; a version's URI on `Accept` (document or
 * credential) and `x-dpp-access`. The CDN keys each on the same headers (test/infra/cdn.test.ts).
 */
const X1 = demoData.versions[0]!.dpp;

describe('Vary on the public reads', () => {
  it('GET /dpp/{dppId} varies on Accept, language and x-dpp-access, and its answer does change with language', async () => {
    const english = await call('GET', `/dpp/${X1}`);
    const italian = await call('GET', `/dpp/${X1}`, { headers: { language: 'it' } });
    for (const reply of [english, italian]) expect(reply.headers.get('vary')).toBe('Accept, language, x-dpp-access');
    expect(italian.headers.get('content-language')).not.toBe(english.headers.get('content-language'));
  });

  it('a version’s URI varies on Accept and x-dpp-access, as a document (immutable: the public tier’s) and as a credential', async () => {
    const document = await call('GET', `/dpp/${X1}/versions/1`);
    expect(document.headers.get('vary')).toBe('Accept, x-dpp-access');
    expect(document.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const credential = await call('GET', `/dpp/${X1}/versions/1`, { headers: { accept: 'application/vc+jwt' } });
    expect(credential.headers.get('vary')).toBe('Accept, x-dpp-access');
  });
});
