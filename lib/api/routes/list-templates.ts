import * as v from 'valibot';
import { listTemplatesInput } from '../../templates/list-templates';
import { defineRoute } from '../contract';
import { describeRoute } from '../docs';
import { authenticated, invalid } from '../errors';
import { nextCursor, template } from '../views';

export const listTemplatesRoute = defineRoute({
  method: 'GET',
  path: '/templates',
  fn: 'list-templates',
  auth: 'jwt',
  access: { table: 'read', tableIndexes: true, cursorKey: true },
  input: listTemplatesInput,
  errors: {
    invalid: 400,
    ...authenticated,
  },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const listTemplatesDocs = /* @__PURE__ */ describeRoute(listTemplatesRoute, () => ({
  tag: 'DPP authoring',
  summary: 'List the templates of the company',
  description:
    'Oldest id first, paged with `limit` and `cursor` (`GET /view-template-files/{templateId}` lists a ' +
    'template’s files). Read from an index, so a template created a moment ago may show a moment later.',
  response: v.strictObject({ templates: v.array(template), ...nextCursor }),
  errors: {
    invalid: invalid('`limit` is not 1-100, or `cursor` is not a cursor of this list'),
  },
  example: {
    status: 200,
  },
}));
