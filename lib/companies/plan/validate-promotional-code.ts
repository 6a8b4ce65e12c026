import * as v from 'valibot';
import type { Principal } from '../../auth/claims';
import { stripe } from '../../stripe/api';
import { chooseCode, promotionalCode, refused, validationView } from './model';
import { plans } from './repository';

export const validatePromotionalCodeInput = v.object({ body: v.object({ promotionalCode }) });

/**
 * Looks the code up in Stripe and says whether the caller can redeem it now (docs/spec/decisions.md,
 * Promotional codes): active, not expired, redemptions left, its coupon valid. Anything else
 * is 400, a code restricted to another customer exactly as an unknown one. One Stripe call;
 * the caller's e-mail is read (one GetItem) only when a code with this text is restricted to
 * a customer.
 */
export async function validatePromotionalCode(
  auth: Principal,
  { body }: v.InferOutput<typeof validatePromotionalCodeInput>,
  now = Date.now(),
) {
  const codes = await stripe.promotionCodesByCode(body.promotionalCode);
  const callerEmail = codes.some((code) => code.customer !== null)
    ? await plans.userEmail(auth.companyId, auth.userId)
    : undefined;
  const chosen = chooseCode(codes, callerEmail, Math.floor(now / 1000));
  if ('refusal' in chosen) throw refused(chosen.refusal);
  return { message: 'The promotional code is valid', promotionCode: validationView(chosen.code) };
}
