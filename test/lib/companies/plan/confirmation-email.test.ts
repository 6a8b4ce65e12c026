import { describe, expect, it } from 'vitest';
import { type Confirmation, confirmationEmail } from '../../../../lib/companies/plan/confirmation-email';
import type { ActivatedPromotionCode } from '../../../../lib/companies/plan/model';

/** The confirmation e-mail of a subscription: the same facts in its HTML and text parts. */
const coupon = (fields: Partial<ActivatedPromotionCode['coupon']>): ActivatedPromotionCode['coupon'] => ({
  id: 'c',
  object: 'coupon',
  amount_off: null,
  created: 0,
  currency: null,
  duration: 'forever',
  duration_in_months: null,
  livemode: false,
  max_redemptions: null,
  metadata: {},
  name: null,
  percent_off: 20,
  redeem_by: null,
  times_redeemed: 1,
  valid: true,
  ...fields,
});

const confirmation = (couponFields: Partial<ActivatedPromotionCode['coupon']> = {}): Confirmation => ({
  to: 'admin@example.com',
  companyName: 'Bits & <Bobs> "Ltd"',
  subscriptionId: 'sub_123',
  memberLimit: 25,
  code: {
    id: 'promo_1',
    object: 'promotion_code',
    code: 'SPRING20',
    active: true,
    created: 0,
    customer: null,
    expires_at: null,
    livemode: false,
    max_redemptions: null,
    times_redeemed: 1,
    metadata: {},
    restrictions: { first_time_transaction: false, minimum_amount: null, minimum_amount_currency: null },
    coupon: coupon(couponFields),
  },
});

describe('confirmationEmail', () => {
  it('says the same facts in the text and the HTML part, to the user, with the code in the subject', () => {
    const email = confirmationEmail(confirmation());
    expect(email.to).toBe('admin@example.com');
    expect(email.subject).toBe('Your DPP subscription is active (SPRING20)');
    expect(email.text).toBe(
      [
        'Your subscription for Bits & <Bobs> "Ltd" is active.',
        'Promotional code: SPRING20 (20% off for as long as the subscription lasts)',
        'Members allowed in your workspace: 25',
        'Subscription: sub_123',
        'The invoice follows in a separate e-mail from our payment provider, with a link to pay it.',
        '',
      ].join('\n'),
    );
    for (const fact of ['SPRING20', '20% off for as long as the subscription lasts', '25', 'sub_123']) {
      expect(email.html).toContain(fact);
    }
  });

  it('escapes what it did not write in the HTML part', () => {
    const { html } = confirmationEmail(confirmation());
    expect(html).toContain('Bits &#38; &#60;Bobs&#62; &#34;Ltd&#34;');
    expect(html).not.toContain('<Bobs>');
  });

  it.each([
    [{ percent_off: 15, duration: 'once' }, '15% off on the first invoice'],
    [{ percent_off: 40, duration: 'repeating', duration_in_months: 6 }, '40% off for 6 months'],
    [{ percent_off: 10, duration: 'repeating', duration_in_months: 1 }, '10% off for 1 month'],
    [{ percent_off: null, amount_off: 5000, currency: 'eur', duration: 'once' }, '50.00 EUR off on the first invoice'],
    [{ percent_off: null, amount_off: 500, currency: 'jpy', duration: 'once' }, '500 JPY off on the first invoice'],
  ] as const)('words the discount %j as "%s"', (fields, words) => {
    expect(confirmationEmail(confirmation(fields)).text).toContain(`(${words})`);
  });
});
