import * as v from 'valibot';
import { verifyBusinessInput } from '../../companies/kyb/verify-business';
import { defineRoute } from '../contract';
import { ADMIN_USER } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, invalid } from '../errors';
import { done, kybResult } from '../views';

export const verifyBusinessRoute = defineRoute({
  method: 'POST',
  path: '/verify-business',
  fn: 'verify-business',
  auth: 'jwt',
  access: { table: 'write', vies: true },
  body: 'json',
  idempotent: true,
  input: verifyBusinessInput,
  errors: {
    invalid: 400,
    not_found: 406,
    ...authenticated,
  },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const verifyBusinessDocs = /* @__PURE__ */ describeRoute(verifyBusinessRoute, () => ({
  tag: 'KYB',
  summary: 'Verify the business of a user by its VAT number (offline checks, then VIES) and store the result',
  description:
    "`userId` must be the token's user or a user of the token's company (another company's user answers as an " +
    'unknown one, 406). Checked offline first, each problem a `details` entry naming its field ' +
    '(`userData.vat_number`): `country_code` is a country VIES covers (the EU member states, Greece as `GR` or ' +
    '`EL`, Northern Ireland as `XI`); `vat_number` has the syntax and check digits of that country (with or ' +
    'without its prefix; for Italy a partita IVA, and a codice fiscale is checked as one but refused, since VIES ' +
    'confirms only VAT numbers); for Italy `sdi_or_pec` is a 7-character SDI code or a PEC e-mail address. ' +
    'Then VIES: valid → `VERIFIED`, not valid → `REJECTED`, unavailable, a fault code or a timeout → `PENDING`, ' +
    'retried every few minutes by a worker that moves the stored status on (never a false rejection). The data, ' +
    "status and VIES consultation are stored on the company; a new request replaces the company's previous check. " +
    '`ok` is true whenever the check was made and stored; `status` says its result.',
  response: v.strictObject({ ...done, companyInfo: kybResult }),
  errors: {
    invalid: invalid('A field is missing, not a string, too long, or fails its offline check; or a malformed body'),
    not_found: "No such user in the token's company",
  },
  // Acme's KYB with the VIES stand-in's demo number that answers valid (docs/demo.md, KYB demo VAT numbers): VERIFIED.
  example: {
    json: {
      userId: ADMIN_USER, // Acme's admin
      userData: {
        company_name: 'Acme Bikes S.r.l.',
        vat_number: 'IT11111110018',
        street_address: 'Via delle Biciclette 1',
        zip_or_postal_code: '20121',
        city_or_town: 'Milano',
        district_or_province: 'MI',
        sdi_or_pec: 'M5UXCR1',
        rea_code: 'MI-1234567',
        country_code: 'IT',
      },
    },
    status: 200,
  },
}));
