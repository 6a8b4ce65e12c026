import { describe, expect, it } from 'vitest';
import data from '../../../lib/profiles/data/espr-minimum.json';
import { attributesOf } from '../../../lib/profiles/format';
import { duplicateAddresses, expectConformingProfile, missingLabels } from './conformance';

/**
 * The second profile (lib/profiles/data/espr-minimum.json): the data elements of ESPR Annex III.
 * It shares nothing with the battery passport but the format, so it proves the code holds no
 * sector (docs/profiles.md).
 */
const profile = expectConformingProfile(data);
const attributes = attributesOf(profile);

describe('the ESPR Annex III profile', () => {
  it('conforms to the profile format, its pointers each unique', () => {
    expectConformingProfile(data);
    expect(duplicateAddresses(profile)).toEqual([]);
  });

  it('has one attribute per data element of Annex III (b) to (k), the compliance documentation split in two', () => {
    expect(attributes.map((attribute) => attribute.origin.item).sort()).toEqual([
      'b',
      'c',
      'd',
      'e-declaration',
      'e-technical',
      'f',
      'g',
      'h',
      'i',
      'j',
      'k',
    ]);
    expect(attributes.every((attribute) => attribute.reference.startsWith('ESPR Annex III ('))).toBe(true);
  });

  it('has a label in every language of the page', () => {
    expect(missingLabels(profile)).toEqual([]);
  });

  it('states each attribute’s obligation for its one category', () => {
    expect(profile.categories.map((category) => category.id)).toEqual(['general']);
    expect(attributes.filter((attribute) => attribute.obligation.general === 'mandatory').map((a) => a.id)).toEqual([
      'unique-product-identifier',
      'manufacturer',
      'declaration-of-conformity',
    ]);
  });
});
