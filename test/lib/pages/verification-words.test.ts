import { describe, expect, it } from 'vitest';
import { stateSentence, type VersionState } from '../../../lib/pages/verification-words';
import { CHECK_NAMES } from '../../../lib/verification/checks';

const day = (iso: string) => `<time datetime="${iso}">${iso.slice(0, 10)}</time>`;
const words = (state: VersionState, lang = 'en') =>
  stateSentence(state, lang, day)
    .replace(/<[^>]+>/g, '')
    .replace(/&#39;/g, "'");
const checked = { checkedAt: '2026-11-20T10:00:00.000Z', chainId: '11155111', block: 7_000_001, confirmations: 12 };

describe('stateSentence: a version’s state in plain words', () => {
  it('says a version without a notarization is not notarized', () => {
    expect(words({})).toBe('Not notarized: this version’s fingerprint is not recorded on a blockchain.');
  });

  it('says a pending notarization is not yet anchored, and a failed one not anchored', () => {
    expect(words({ status: 'PENDING' })).toMatch(/^Not yet anchored: /);
    expect(words({ status: 'FAILED' })).toMatch(/^Not anchored: /);
  });

  it('never says verified for an anchored version no verification has checked', () => {
    expect(words({ status: 'ANCHORED' })).toBe('Anchored on the blockchain, not checked yet.');
  });

  it('says a checked version is verified: the chain by name, the block, the confirmations seen and when', () => {
    const html = stateSentence({ status: 'ANCHORED', verification: { valid: true, ...checked } }, 'en', day);
    expect(html).toMatch(/^<strong>Verified:<\/strong> /);
    expect(words({ status: 'ANCHORED', verification: { valid: true, ...checked } })).toBe(
      'Verified: this version’s content matches the fingerprint recorded on Sepolia in block 7000001 (confirmations: 12), checked 2026-11-20.',
    );
    expect(words({ status: 'ANCHORED', verification: { valid: true, ...checked, chainId: '999' } })).toContain(
      'recorded on chain 999 in block',
    );
  });

  it('names the failed check in a sentence of its own, for every check', () => {
    const sentences = CHECK_NAMES.map((check) =>
      words({ status: 'ANCHORED', verification: { valid: false, failedCheck: check, ...checked } }),
    );
    for (const sentence of sentences) expect(sentence).toMatch(/^Verification failed: .+\. Checked 2026-11-20\.$/);
    expect(new Set(sentences).size).toBe(CHECK_NAMES.length);
    expect(sentences[CHECK_NAMES.indexOf('document_hash')]).toContain(
      'the stored document no longer matches its fingerprint',
    );
    expect(words({ status: 'ANCHORED', verification: { valid: false, failedCheck: 'other', ...checked } })).toContain(
      'a check did not pass',
    );
  });

  it('speaks the page’s other languages, and English for one it lacks', () => {
    const state: VersionState = {
      status: 'ANCHORED',
      verification: { valid: false, failedCheck: 'document_hash', ...checked },
    };
    expect(words(state, 'it')).toMatch(/^Verifica non riuscita: il documento conservato/);
    expect(words(state, 'fr')).toMatch(/^Échec de la vérification : /);
    expect(words(state, 'de')).toMatch(/^Prüfung fehlgeschlagen: /);
    expect(words(state, 'es')).toMatch(/^La verificación falló: /);
    expect(words(state, 'sv')).toMatch(/^Verification failed: /);
  });
});
