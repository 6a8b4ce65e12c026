import { validatePromotionalCodeRoute } from '../lib/api/routes/validate-promotional-code';
import { idempotentJsonEndpoint } from '../lib/http/json-endpoint';
import { validatePromotionalCode } from '../lib/promotions/validate-promotional-code';

export const handler = idempotentJsonEndpoint(validatePromotionalCodeRoute, ({ auth, input }) =>
  validatePromotionalCode(auth, input),
);
