import * as v from 'valibot';
import type { Principal } from '../../auth/claims';
import { required } from '../../config';
import { ConflictError, InvalidInputError } from '../../errors';
import { DEFAULT_MEMBER_LIMIT } from '../../limits';
import { logger } from '../../logger';
import { type PromotionCode, type Subscription, stripe } from '../../stripe/api';
import { StripeError } from '../../stripe/client';
import type { CompanyItem, UserItem } from '../model';
import { sendConfirmation } from './confirmation-email';
import {
  activationView,
  type CompanyPlan,
  chooseCode,
  INVOICE_DAYS_UNTIL_DUE,
  planMemberLimit,
  promotionalCode,
  refusalOf,
  refused,
} from './model';
import { plans } from './repository';

/** The Stripe price every subscription is on (context stripePriceId in the cloud). */
const priceId = /* @__PURE__ */ required('STRIPE_PRICE_ID');

/** An e-mail address, no more: it must be the user's own anyway (compared without regard to case). */
const EMAIL = /^[^\s@]{1,64}@[^\s@.]+(?:\.[^\s@.]+)+$/;

export const discountSubscriptionInput = v.object({
  body: v.object({
    userEmail: v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(254, 'must be at most 254 characters'),
      v.regex(EMAIL, 'must be an e-mail address'),
    ),
    userId: v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(128)),
    promotionalCode,
  }),
});

const MESSAGE = 'Subscription activated';

const userMismatch = () => new InvalidInputError('userId is not the user of your token', 'USER_MISMATCH');
const alreadySubscribed = () =>
  new InvalidInputError('Your company already has a subscription; a code can be redeemed once', 'ALREADY_SUBSCRIBED');

/**
 * Activates the subscription of the caller's company with a promotional code (docs/spec/decisions.md,
 * Promotional codes), in this order, so that nothing is half done:
 *
 * 1. the caller's user and company (one round trip); a company with a plan is 400, unless
 *    this is the same request again after its confirmation e-mail failed (step 6);
 * 2. the code, judged as POST /validate-promotional-code judges it (400);
 * 3. the Stripe customer of the user: the code's own customer when it is restricted to one,
 *    else one with the user's e-mail, else a new one;
 * 4. the subscription on the configured price with the code, invoiced; then the code as it is
 *    now (its redemption counted), for the answer;
 * 5. the plan and the member limit it gives, on the company item, only while it has no plan;
 * 6. the confirmation e-mail, then the plan marked as confirmed.
 *
 * Stripe's writes carry idempotency keys derived from them (lib/stripe/client.ts), so a
 * retry after any failure up to step 5 gets the same customer and subscription back, never a
 * second one; a Stripe failure before step 5 records nothing. After step 5 the subscription
 * is the company's: an e-mail that fails is 503 with the plan kept PENDING, and the same
 * request again sends the e-mail and answers as the first would have.
 */
export async function discountSubscription(
  auth: Principal,
  { body }: v.InferOutput<typeof discountSubscriptionInput>,
  now = Date.now(),
) {
  if (body.userId !== auth.userId) throw userMismatch();
  const { user, company } = await plans.subscriber(auth.companyId, auth.userId);
  if (!user || !company) throw userMismatch();
  if (user.email.toLowerCase() !== body.userEmail.toLowerCase()) {
    throw new InvalidInputError('userEmail is not the e-mail of this user', 'EMAIL_MISMATCH');
  }
  if (company.plan) return resume(company, company.plan, user, body.promotionalCode);

  const chosen = chooseCode(await stripe.promotionCodesByCode(body.promotionalCode), user.email, seconds(now));
  if ('refusal' in chosen) throw refused(chosen.refusal);
  const customerId = await customerFor(user, company, chosen.code);
  const subscription = await subscribe(customerId, chosen.code, user, now);
  const promotionCode = activationView(await stripe.promotionCode(chosen.code.id));

  const planLimit = planMemberLimit(subscription.items.data[0]?.price.metadata);
  const plan: CompanyPlan = {
    subscription_id: subscription.id,
    customer_id: customerId,
    price_id: priceId(),
    promotion_code_id: promotionCode.id,
    code: promotionCode.code,
    member_limit: planLimit,
    subscribed_by: user.id,
    subscribed_at: new Date(now).toISOString(),
    confirmation: 'PENDING',
    promotion_code: promotionCode,
  };
  // A plan never lowers a limit the company already has.
  const memberLimit = Math.max(company.member_limit ?? DEFAULT_MEMBER_LIMIT, planLimit);
  if (!(await plans.record(company.id, plan, memberLimit))) await lostTo(company.id, subscription.id);
  await confirm(company, plan, user, now);
  return { message: MESSAGE, promotionCode };
}

const seconds = (ms: number) => Math.floor(ms / 1000);

/** A company that has a plan: the same request again finishes what its first run left (the e-mail); anything else is 400. */
async function resume(company: CompanyItem, plan: CompanyPlan, user: UserItem, code: string) {
  const sameRequest = plan.subscribed_by === user.id && plan.code.toLowerCase() === code.toLowerCase();
  if (plan.confirmation !== 'PENDING' || !sameRequest) throw alreadySubscribed();
  await confirm(company, plan, user, Date.now());
  return { message: MESSAGE, promotionCode: plan.promotion_code };
}

/** The Stripe customer of the user: the code's own customer, one with the user's e-mail, or a new one. */
async function customerFor(user: UserItem, company: CompanyItem, code: PromotionCode): Promise<string> {
  // A restricted code the caller may see is one whose customer has the user's e-mail (chooseCode).
  if (code.customer !== null && typeof code.customer === 'object') return code.customer.id;
  const existing = await stripe.customersByEmail(user.email);
  const found = existing.find((c) => c.metadata?.dpp_user_id === user.id) ?? existing[0];
  if (found) return found.id;
  const created = await stripe.createCustomer({
    email: user.email,
    name: company.name,
    metadata: { dpp_user_id: user.id, dpp_company_id: company.id },
  });
  return created.id;
}

/**
 * The subscription, invoiced (Stripe e-mails the invoice with its payment page, so it is active
 * with no card taken here). A code that stopped being redeemable since it was read is 400.
 */
async function subscribe(customer: string, code: PromotionCode, user: UserItem, now: number): Promise<Subscription> {
  try {
    return await stripe.createSubscription({
      customer,
      price: priceId(),
      promotionCode: code.id,
      collectionMethod: 'send_invoice',
      daysUntilDue: INVOICE_DAYS_UNTIL_DUE,
      metadata: { dpp_company_id: user.company_id, dpp_user_id: user.id },
    });
  } catch (error) {
    if (!(error instanceof StripeError)) throw error;
    const refusal = refusalOf(await stripe.promotionCode(code.id), seconds(now));
    if (refusal) throw refused(refusal);
    throw error;
  }
}

/**
 * Another request recorded a plan first. The same subscription: its twin request is finishing
 * (409, retry). Another one: ours is cancelled, so the company is not billed twice, and the
 * request is 400 as a second redemption.
 */
async function lostTo(companyId: string, subscriptionId: string): Promise<never> {
  const company = await plans.company(companyId);
  if (company?.plan?.subscription_id === subscriptionId) {
    throw new ConflictError(
      'The same subscription request is still being completed; retry shortly',
      'SUBSCRIPTION_IN_PROGRESS',
    );
  }
  try {
    await stripe.cancelSubscription(subscriptionId);
  } catch (error) {
    logger.error('could not cancel a subscription the company does not keep; cancel it in Stripe', {
      stripe_subscription: subscriptionId,
      company_id: companyId,
      error: error as Error,
    });
    throw error;
  }
  throw alreadySubscribed();
}

/**
 * Sends the confirmation e-mail, then marks the plan confirmed. A failed send throws (503, the
 * plan stays PENDING for the same request again); a failed mark after a sent e-mail is only
 * logged: the subscription is done and the user informed.
 */
async function confirm(company: CompanyItem, plan: CompanyPlan, user: UserItem, now: number): Promise<void> {
  await sendConfirmation({
    to: user.email,
    companyName: company.name,
    code: plan.promotion_code,
    subscriptionId: plan.subscription_id,
    memberLimit: Math.max(company.member_limit ?? DEFAULT_MEMBER_LIMIT, plan.member_limit),
  });
  try {
    await plans.confirm(company.id, plan.subscription_id, new Date(now).toISOString());
  } catch (error) {
    logger.warn('confirmation e-mail sent but not marked on the plan', {
      company_id: company.id,
      error: error as Error,
    });
  }
}
