import { discountSubscriptionRoute } from '../lib/api/routes/discount-subscription';
import { idempotentJsonEndpoint } from '../lib/http/json-endpoint';
import { discountSubscription } from '../lib/promotions/discount-subscription';

export const handler = idempotentJsonEndpoint(discountSubscriptionRoute, ({ auth, input }) =>
  discountSubscription(auth, input),
);
