import { discountSubscriptionRoute } from '../lib/api/routes/discount-subscription';
import { discountSubscription } from '../lib/companies/plan/discount-subscription';
import { idempotentJsonEndpoint } from '../lib/http/json-endpoint';

export const handler = idempotentJsonEndpoint(discountSubscriptionRoute, ({ auth, input }) =>
  discountSubscription(auth, input),
);
