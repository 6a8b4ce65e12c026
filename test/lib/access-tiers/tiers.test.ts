import { describe, expect, it } from 'vitest';
import { ACCESS_TIERS, includes, storedTier, tierOf, visibleTo } from '../../../lib/access-tiers/tiers';

describe('access tiers', () => {
  it('counts a part without a tier as public', () => {
    expect(tierOf({})).toBe('public');
    expect(tierOf({ access_tier: 'authority' })).toBe('authority');
  });

  it('lets a tier read every tier below it and none above', () => {
    expect(includes('authority', 'legitimate_interest')).toBe(true);
    expect(includes('authority', 'public')).toBe(true);
    expect(includes('authority', 'authority')).toBe(true);
    expect(includes('authority', 'company')).toBe(false);
    expect(includes('legitimate_interest', 'authority')).toBe(false);
    expect(includes('public', 'legitimate_interest')).toBe(false);
    expect(includes('company', 'company')).toBe(true);
  });

  it('keeps, in their order, exactly the parts a reader may see', () => {
    const parts = ACCESS_TIERS.map((tier, i) => ({ id: `p${i}`, ...(tier !== 'public' && { access_tier: tier }) }));
    const stored = [{ id: 'old' }, { id: 'explicit', access_tier: 'public' as const }, ...parts];
    expect(visibleTo('public', stored).map((p) => p.id)).toEqual(['old', 'explicit', 'p0']);
    expect(visibleTo('legitimate_interest', stored).map((p) => p.id)).toEqual(['old', 'explicit', 'p0', 'p1']);
    expect(visibleTo('authority', stored).map((p) => p.id)).toEqual(['old', 'explicit', 'p0', 'p1', 'p2']);
    expect(visibleTo('company', stored)).toHaveLength(6);
  });

  it('stores public as no attribute, so data written before tiers stays as it was', () => {
    expect(storedTier('public')).toBeUndefined();
    expect(storedTier('company')).toBe('company');
  });
});
