import { describe, expect, it } from 'vitest';
import { changesExpression } from '../../../lib/data/changes';

describe('changesExpression', () => {
  it('sets given values, removes nulls and leaves undefined attributes alone, through placeholders', () => {
    expect(changesExpression({ name: 'New', template_id: null, language: undefined, 'odd name': 1 })).toEqual({
      expression: 'SET #c0 = :c0, #c3 = :c3 REMOVE #c1',
      names: { '#c0': 'name', '#c1': 'template_id', '#c3': 'odd name' },
      values: { ':c0': 'New', ':c3': 1 },
    });
  });

  it('sends no values when it only removes, and refuses a change of nothing', () => {
    expect(changesExpression({ template_id: null })).toEqual({
      expression: 'REMOVE #c0',
      names: { '#c0': 'template_id' },
    });
    expect(() => changesExpression({ name: undefined })).toThrow(/set or remove/);
  });
});
