import { describe, expect, it } from 'vitest';
import { acceptQuality, prefers } from '../../../lib/http/accept';

const VC = 'application/vc+jwt';
const JSON_TYPE = 'application/json';

describe('acceptQuality', () => {
  it('is 1 without an Accept header, and 0 for a type no range matches', () => {
    expect(acceptQuality(undefined, VC)).toBe(1);
    expect(acceptQuality('text/html', VC)).toBe(0);
  });

  it('takes the q of the most specific matching range, whatever their order', () => {
    expect(acceptQuality('*/*;q=0.1, application/*;q=0.5, application/vc+jwt;q=0.8', VC)).toBe(0.8);
    expect(acceptQuality('application/vc+jwt;q=0.8, */*;q=0.1', JSON_TYPE)).toBe(0.1);
    expect(acceptQuality('application/*;q=0.5, */*', JSON_TYPE)).toBe(0.5);
  });
});

describe('prefers', () => {
  it('asks for the credential when Accept names it alone, or above or equal to JSON', () => {
    expect(prefers(VC, VC, JSON_TYPE)).toBe(true);
    expect(prefers('application/vc+jwt, application/json;q=0.5', VC, JSON_TYPE)).toBe(true);
    expect(prefers('application/vc+jwt, */*', VC, JSON_TYPE)).toBe(true);
  });

  it('keeps the JSON document without Accept, for wildcards, for JSON first, and for q=0', () => {
    expect(prefers(undefined, VC, JSON_TYPE)).toBe(false);
    expect(prefers('*/*', VC, JSON_TYPE)).toBe(false);
    expect(prefers('application/*', VC, JSON_TYPE)).toBe(false);
    expect(prefers('application/json, application/vc+jwt;q=0.9', VC, JSON_TYPE)).toBe(false);
    expect(prefers('application/vc+jwt;q=0', VC, JSON_TYPE)).toBe(false);
  });
});
