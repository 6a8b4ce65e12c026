import * as keys from '../data/keys';
import { ItemType } from '../data/keys';
import { InvalidInputError } from '../errors';

/**
 * Non-official operators (docs/spec/decisions.md): people who work with a company's products (a
 * repairer, a recycler, a supplier) without membership. One item per operator under the
 * company, `OPERATOR#<userId>`: the id is the person's user id, so the one who becomes an
 * official member (accept-invitation with `operator_id`) keeps it as a member. That accept
 * moves the item to `FORMER_OPERATOR#<userId>` in its transaction, so the list is one
 * range of the company's collection and never shows a member.
 */
export interface OperatorItem {
  pk: string;
  sk: string;
  type: typeof ItemType.Operator;
  id: string;
  company_id: string;
  email: string;
  country_code: string;
  /** The operator's own business. */
  company_name: string;
  /** What they do with the company's products: `repairer`, `recycler`, `supplier`, … (not shown by the interface). */
  activity?: string;
  created_at: string;
  updated_at: string;
}

/** An operator who became an official member: the operator's data as it was, and when. */
export interface FormerOperatorItem extends Omit<OperatorItem, 'type'> {
  type: typeof ItemType.FormerOperator;
  member_since: string;
}

export function toOperatorItem(operator: Omit<OperatorItem, 'pk' | 'sk' | 'type'>): OperatorItem {
  return { ...keys.operator(operator.company_id, operator.id), type: ItemType.Operator, ...operator };
}

export function toFormerOperatorItem(operator: OperatorItem, memberSince: string): FormerOperatorItem {
  const { pk: _pk, sk: _sk, type: _type, ...data } = operator;
  return {
    ...keys.formerOperator(operator.company_id, operator.id),
    type: ItemType.FormerOperator,
    ...data,
    updated_at: memberSince,
    member_since: memberSince,
  };
}

/** An operator in the list (interface 2: `created_at` in the list view). */
export const operatorListView = (item: OperatorItem) => ({
  id: item.id,
  email: item.email,
  country_code: item.country_code,
  company_name: item.company_name,
  created_at: item.created_at,
});

/** An operator alone (interface 2: `updated_at` replaces `created_at` in the single view). */
export const operatorView = (item: OperatorItem) => ({
  id: item.id,
  email: item.email,
  country_code: item.country_code,
  company_name: item.company_name,
  updated_at: item.updated_at,
});

/** Interface 4.1: 400 for an unknown operator; also what another company's operator answers. */
export const operatorNotFound = () =>
  new InvalidInputError('no non-official operator with this id in your company', 'OPERATOR_NOT_FOUND');
/** Interface 4.1: 400 when the user is an official member of the company. */
export const officialMember = () =>
  new InvalidInputError(
    'this user is an official member of your company, not a non-official operator',
    'OFFICIAL_MEMBER',
  );
