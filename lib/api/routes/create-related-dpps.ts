import * as v from 'valibot';
import { MAX_RELATED_COPIES, MAX_RELATED_DPPS } from '../../limits';
import { createRelatedDppsInput } from '../../related-dpps/create-related-dpps';
import { defineRoute } from '../contract';
import { ACME, DPP, PARTNER_DPP } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, invalid } from '../errors';
import { done, relatedFile, relatedTechCard } from '../views';

export const createRelatedDppsRoute = defineRoute({
  method: 'POST',
  path: '/related-dpps/{companyId}/{dppId}',
  fn: 'create-related-dpps',
  auth: 'jwt',
  access: { table: 'write', bucket: ['get', 'put', 'delete'] },
  body: 'json',
  idempotent: true,
  input: createRelatedDppsInput,
  errors: {
    invalid: 400,
    forbidden: 403,
    not_found: 404,
    conflict: 409,
    ...authenticated,
  },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const createRelatedDppsDocs = /* @__PURE__ */ describeRoute(createRelatedDppsRoute, () => ({
  tag: 'Related DPPs',
  summary: 'Link related DPPs to a DPP, copying their files and tech cards onto it',
  description:
    `\`relatedDppIds\`: 1 to ${MAX_RELATED_DPPS} distinct DPP ids, not the target itself, each a DPP of the ` +
    'company or of a partner company (any other, an unknown id included, is 400 `RELATED_DPP_NOT_VISIBLE`). For ' +
    "each one not linked yet, its files (the bytes copied to the target company's own object keys, so deleting " +
    "the source never breaks a copy) and tech cards (new ids; `dpp_card_id` is the copy's id) are copied onto " +
    'the target, and the link is added to its `related_dpps`, all in one transaction after the bytes. From a DPP ' +
    'of the company every file and card is copied with its `access_tier`; from a partner company’s, only its ' +
    '`public` ones (a restricted part stays the partner’s to share through its own grants). At most ' +
    `${MAX_RELATED_COPIES} files and cards together per request (more is 400 \`TOO_MANY_ITEMS\`). A DPP linked ` +
    'before copies nothing again. `related_files` and `related_tech_cards` are the copies on the target that came ' +
    'from the requested DPPs, those of an earlier link included, so a repeat answers the same copies; each `url` ' +
    'is a signed GET URL valid 15 minutes. Images and stored translations are not copied.',
  response: v.strictObject({
    ...done,
    updatedDppId: v.string(),
    related_files: v.array(relatedFile),
    related_tech_cards: v.array(relatedTechCard),
  }),
  errors: {
    invalid: invalid(
      `A malformed \`companyId\` or \`dppId\`; \`relatedDppIds\` missing, empty, over ${MAX_RELATED_DPPS}, with an ` +
        'id twice or the target itself; a related DPP not of the company or a partner (`RELATED_DPP_NOT_VISIBLE`); ' +
        `more than ${MAX_RELATED_COPIES} files and cards to copy (\`TOO_MANY_ITEMS\`)`,
    ),
    forbidden: "`companyId` is not the token's company",
    not_found: 'No DPP with this `dppId` in the company `companyId` (`DPP_NOT_FOUND`)',
    conflict: 'The DPP or a related DPP kept being changed by other requests meanwhile (`CONCURRENT_CHANGE`); retry',
  },
  // Links Volta's battery pack (Acme's partner's, only read) to the sample passport; a repeat copies nothing again.
  example: {
    params: { companyId: ACME, dppId: DPP },
    json: { relatedDppIds: [PARTNER_DPP] },
    status: 200,
  },
}));
