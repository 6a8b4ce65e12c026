import * as v from 'valibot';
import { discountSubscriptionInput } from '../../companies/plan/discount-subscription';
import { defineRoute } from '../contract';
import { ADMIN_USER } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, invalid } from '../errors';
import { activatedPromotionCode, message } from '../views';

export const discountSubscriptionRoute = defineRoute({
  method: 'POST',
  path: '/discount-subscription',
  fn: 'discount-subscription',
  auth: 'jwt',
  access: { table: 'write', email: true, stripe: true },
  body: 'json',
  idempotent: true,
  input: discountSubscriptionInput,
  errors: {
    invalid: 400,
    conflict: 409,
    ...authenticated,
  },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const discountSubscriptionDocs = /* @__PURE__ */ describeRoute(discountSubscriptionRoute, () => ({
  tag: 'Promotional codes',
  summary: 'Activate the company’s subscription with a promotional code, and send the confirmation e-mail',
  description:
    "JSON `{userEmail, userId, promotionalCode}`: `userId` must be the token's user (`USER_MISMATCH`) and " +
    '`userEmail` that user’s e-mail, in any case (`EMAIL_MISMATCH`); the code is judged as by ' +
    '`POST /validate-promotional-code`. Finds the user’s Stripe customer by e-mail (or creates it), subscribes it ' +
    'to the plan’s price with the promotion code (invoiced: Stripe e-mails the invoice and its payment page), ' +
    'records the plan on the company and raises its member limit to the plan’s (the price’s metadata ' +
    '`member_limit`, else 25; never lowered), then e-mails the confirmation. `promotionCode` is Stripe’s ' +
    'promotion code after the redemption. A company has one plan: redeeming again, by the same or another user, ' +
    'is 400 `ALREADY_SUBSCRIBED`. Stripe writes carry idempotency keys derived from the request, so a retry never ' +
    'makes a second subscription. Stripe down: 503 with Retry-After and nothing recorded. The e-mail failing ' +
    '(SES down) after the plan was recorded: 503; the same request again sends it and answers 200.',
  response: v.strictObject({ ...message, promotionCode: activatedPromotionCode }),
  errors: {
    invalid: invalid(
      'A field missing or malformed, `userId` not the token’s user (`USER_MISMATCH`), `userEmail` not its e-mail ' +
        '(`EMAIL_MISMATCH`), a code that cannot be redeemed (as on validation), or a company that already has a ' +
        'subscription (`ALREADY_SUBSCRIBED`)',
    ),
    conflict: 'The same subscription request is still being completed (`SUBSCRIPTION_IN_PROGRESS`); retry',
  },
  // A sample must answer alike on any data, and a redemption is once per company (the contract fuzz subscribes
  // Acme): the demo's expired code, 400 PROMOTION_CODE_EXPIRED on fresh data and ALREADY_SUBSCRIBED after a plan.
  // WELCOME20 or SAVE50EUR in its place subscribes Acme (docs/demo.md).
  example: {
    json: { userEmail: 'admin@acme.example', userId: ADMIN_USER, promotionalCode: 'EXPIRED10' },
    status: 400,
    stubbedStatus: 200,
  },
}));
