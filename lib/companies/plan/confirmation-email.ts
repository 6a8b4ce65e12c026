import { type Email, sendEmail } from '../../aws/ses';
import { type ActivatedPromotionCode, discountOf } from './model';

/** What the confirmation e-mail of a subscription says. */
export interface Confirmation {
  to: string;
  companyName: string;
  code: ActivatedPromotionCode;
  subscriptionId: string;
  memberLimit: number;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Stripe's zero-decimal currencies: their amounts are whole units, every other currency's are hundredths. */
const ZERO_DECIMAL = new Set('bif clp djf gnf jpy kmf krw mga pyg rwf ugx vnd vuv xaf xof xpf'.split(' '));

/** "20% off" or "50.00 EUR off" (Stripe amounts are in the currency's smallest unit). */
function discountText(code: ActivatedPromotionCode): string {
  const { type, amount } = discountOf(code.coupon);
  if (type === 'percent') return `${amount}% off`;
  const currency = (code.coupon.currency ?? '').toLowerCase();
  const value = ZERO_DECIMAL.has(currency) ? String(amount) : (amount / 100).toFixed(2);
  return `${value} ${currency.toUpperCase()} off`;
}

const durationText = (code: ActivatedPromotionCode): string => {
  const { duration, duration_in_months: months } = code.coupon;
  if (duration === 'forever') return 'for as long as the subscription lasts';
  if (duration === 'repeating' && months !== null) return `for ${months} month${months === 1 ? '' : 's'}`;
  return 'on the first invoice';
};

/** The e-mail of a subscription activated with a promotional code: an HTML and a text part, the same facts. */
export function confirmationEmail(confirmation: Confirmation): Email {
  const { companyName, code, subscriptionId, memberLimit } = confirmation;
  const discount = `${discountText(code)} ${durationText(code)}`;
  const active = `Your subscription for ${companyName} is active.`;
  const invoice = 'The invoice follows in a separate e-mail from our payment provider, with a link to pay it.';
  const text = [
    active,
    `Promotional code: ${code.code} (${discount})`,
    `Members allowed in your workspace: ${memberLimit}`,
    `Subscription: ${subscriptionId}`,
    invoice,
  ];
  const html =
    '<!doctype html><html><body style="font-family:sans-serif">' +
    `<h1>Your subscription is active</h1><p>${escapeHtml(active)}</p><ul>` +
    `<li>Promotional code: <strong>${escapeHtml(code.code)}</strong> (${escapeHtml(discount)})</li>` +
    `<li>Members allowed in your workspace: ${memberLimit}</li>` +
    `<li>Subscription: <code>${escapeHtml(subscriptionId)}</code></li></ul>` +
    `<p>${escapeHtml(invoice)}</p></body></html>`;
  return {
    to: confirmation.to,
    subject: `Your DPP subscription is active (${code.code})`,
    html,
    text: `${text.join('\n')}\n`,
  };
}

/** Sends it through SES; a throttled or failing SES throws (503 upstream). */
export async function sendConfirmation(confirmation: Confirmation): Promise<void> {
  await sendEmail(confirmationEmail(confirmation));
}
