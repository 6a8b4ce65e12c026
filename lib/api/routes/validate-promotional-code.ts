import * as v from 'valibot';
import { validatePromotionalCodeInput } from '../../companies/plan/validate-promotional-code';
import { defineRoute } from '../contract';
import { describeRoute } from '../docs';
import { authenticated, invalid } from '../errors';
import { message, validatedPromotionCode } from '../views';

export const validatePromotionalCodeRoute = defineRoute({
  method: 'POST',
  path: '/validate-promotional-code',
  fn: 'validate-promotional-code',
  auth: 'jwt',
  access: { table: 'write', stripe: true },
  body: 'json',
  idempotent: true,
  input: validatePromotionalCodeInput,
  errors: {
    invalid: 400,
    ...authenticated,
  },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const validatePromotionalCodeDocs = /* @__PURE__ */ describeRoute(validatePromotionalCodeRoute, () => ({
  tag: 'Promotional codes',
  summary: 'Validate a promotional code (a Stripe promotion code)',
  description:
    'JSON `{promotionalCode}`: 1-100 letters, digits, `-` or `_`, matched case-insensitively as Stripe does. Valid ' +
    'when the promotion code is active, not expired, has redemptions left and its coupon is valid; otherwise 400 ' +
    'with the reason as `code`: `PROMOTION_CODE_NOT_FOUND`, `PROMOTION_CODE_INACTIVE`, `PROMOTION_CODE_EXPIRED`, ' +
    '`PROMOTION_CODE_EXHAUSTED`, `COUPON_INVALID`. A code Stripe restricts to a customer exists only for the user ' +
    'whose e-mail that customer has; for anyone else it is `PROMOTION_CODE_NOT_FOUND`. `discount.type` is ' +
    '`percent` (`amount` is the percentage) or `amount` (`amount` in the smallest unit of the currency, as Stripe ' +
    'counts it: 5000 is 50.00 EUR). `expiration_date` is the earlier of the code’s `expires_at` and its coupon’s ' +
    '`redeem_by` (ISO 8601 UTC), or null when the code never expires. Stripe down: 503 with Retry-After.',
  response: v.strictObject({ ...message, promotionCode: validatedPromotionCode }),
  errors: {
    invalid: invalid('`promotionalCode` missing or malformed, or a code that cannot be redeemed now (see `code`)'),
  },
  // Any user may check a code; WELCOME20 is the stand-in's demo percent code (docs/demo.md).
  example: {
    json: { promotionalCode: 'WELCOME20' },
    status: 200,
  },
}));
