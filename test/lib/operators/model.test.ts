import { describe, expect, it } from 'vitest';
import * as keys from '../../../lib/data/keys';
import { operatorListView, operatorView, toFormerOperatorItem, toOperatorItem } from '../../../lib/operators/model';

const operator = toOperatorItem({
  id: 'u9',
  company_id: 'c1',
  email: 'workshop@repair.example',
  country_code: 'IT',
  company_name: 'Ciclofficina',
  activity: 'repairer',
  created_at: '2026-11-01T09:00:00.052Z',
  updated_at: '2026-11-02T09:00:00.000Z',
});

describe('non-official operator views', () => {
  it('show created_at in the list and updated_at alone (interface 2), nothing else', () => {
    const common = { id: 'u9', email: 'workshop@repair.example', country_code: 'IT', company_name: 'Ciclofficina' };
    expect(operatorListView(operator)).toEqual({ ...common, created_at: '2026-11-01T09:00:00.052Z' });
    expect(operatorView(operator)).toEqual({ ...common, updated_at: '2026-11-02T09:00:00.000Z' });
  });
});

describe('toFormerOperatorItem', () => {
  it('moves the operator out of the operators’ range, keeping its data and when it became a member', () => {
    const former = toFormerOperatorItem(operator, '2026-11-22T10:00:00.000Z');
    expect(former).toEqual({
      ...keys.formerOperator('c1', 'u9'),
      type: 'FORMER_OPERATOR',
      id: 'u9',
      company_id: 'c1',
      email: 'workshop@repair.example',
      country_code: 'IT',
      company_name: 'Ciclofficina',
      activity: 'repairer',
      created_at: '2026-11-01T09:00:00.052Z',
      updated_at: '2026-11-22T10:00:00.000Z',
      member_since: '2026-11-22T10:00:00.000Z',
    });
    expect(former.sk < 'OPERATOR#').toBe(true);
  });
});
