import type { Expression } from '../aws/dynamodb';

/**
 * A condition that holds only on an item of the company: a missing item has no `company_id`, so
 * it also says the item exists. Every write of a company's item (a DPP, a template, a card, an
 * image) is conditioned on it, so another company's id fails exactly like an unknown one.
 */
export const ofCompany = (companyId: string): Expression => ({
  expression: '#company_id = :company_id',
  names: { '#company_id': 'company_id' },
  values: { ':company_id': companyId },
});
