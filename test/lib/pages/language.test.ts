import { describe, expect, it } from 'vitest';
import { acceptedLanguages, negotiateLanguage, prefersHtml } from '../../../lib/pages/language';

describe('acceptedLanguages', () => {
  it('orders ranges by q-value, ties in the order given, and drops q=0 and junk', () => {
    expect(acceptedLanguages('de;q=0.5, fr-CH, it;q=0.9, en;q=0, *;q=0.1, 12;q=1, es;q=x')).toEqual([
      'fr-ch',
      'it',
      'de',
      '*',
    ]);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });
});

describe('negotiateLanguage', () => {
  const available = ['en', 'fr', 'it'];

  it('takes ?lang= when the passport has it, else Accept-Language, else the original', () => {
    expect(negotiateLanguage(available, 'it', 'fr')).toBe('fr');
    expect(negotiateLanguage(available, 'it', 'de')).toBe('it');
    expect(negotiateLanguage(available, 'de, it;q=0.4, fr;q=0.6')).toBe('fr');
    expect(negotiateLanguage(available, 'de')).toBe('en');
    expect(negotiateLanguage(available, undefined)).toBe('en');
  });

  it('matches a range by its prefix (fr-CH is French) and * as the original', () => {
    expect(negotiateLanguage(available, 'fr-CH')).toBe('fr');
    expect(negotiateLanguage(['it', 'en'], 'de, *;q=0.5, en;q=0.4')).toBe('it');
  });
});

describe('prefersHtml', () => {
  it('is true for a browser’s Accept and false for API clients', () => {
    expect(prefersHtml('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')).toBe(true);
    expect(prefersHtml('text/html')).toBe(true);
    expect(prefersHtml(undefined)).toBe(false);
    expect(prefersHtml('*/*')).toBe(false);
    expect(prefersHtml('application/json')).toBe(false);
    expect(prefersHtml('application/json, text/html')).toBe(false);
    expect(prefersHtml('text/html;q=0.5, application/json')).toBe(false);
  });
});
