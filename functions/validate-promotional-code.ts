import { validatePromotionalCodeRoute } from '../lib/api/routes/validate-promotional-code';
import { validatePromotionalCode } from '../lib/companies/plan/validate-promotional-code';
import { idempotentJsonEndpoint } from '../lib/http/json-endpoint';

export const handler = idempotentJsonEndpoint(validatePromotionalCodeRoute, ({ auth, input }) =>
  validatePromotionalCode(auth, input),
);
