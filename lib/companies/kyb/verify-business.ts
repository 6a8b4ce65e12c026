import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import type { Principal } from '../../auth/claims';
import { logger } from '../../logger';
import { singleLine } from '../../text';
import {
  companyInfoView,
  consultationOf,
  type KybData,
  type KybRecord,
  type KybStatus,
  statusOf,
  userNotFound,
} from './model';
import { saveKyb, userExists } from './repository';
import { checkKybData, kybCountryCode } from './vat';
import { checkVatNumber } from './vies';

const text = (max: number) =>
  v.pipe(v.string(), singleLine, v.trim(), v.maxLength(max, `must be at most ${max} characters`));
const required = (max: number) => v.pipe(text(max), v.minLength(1, 'must not be empty'));

/** The nine fields of the interface's KYB data, each a string; the offline checks run once all are. */
const kybData = v.object({
  company_name: required(200),
  vat_number: required(32),
  street_address: required(200),
  zip_or_postal_code: required(20),
  city_or_town: required(100),
  district_or_province: text(100),
  sdi_or_pec: text(254),
  rea_code: text(32),
  country_code: kybCountryCode,
});

const pathItem = (input: Record<string, unknown>, key: string, value: unknown): v.ObjectPathItem => ({
  type: 'object',
  origin: 'value',
  input,
  key,
  value,
});

/**
 * The body as the interface gives it; then, once every field is a string, the offline checks
 * (lib/companies/kyb/vat.ts), each issue on its own field (`userData.vat_number`), and the VAT number as
 * VIES takes it beside the body. The checks sit on the whole request, as the cross-field checks
 * of other rows do, so `userData` itself is the plain shape of the interface.
 */
export const verifyBusinessInput = v.pipe(
  v.object({
    body: v.object({
      userId: v.pipe(v.string(), v.minLength(1, 'must not be empty'), v.maxLength(128)),
      userData: kybData,
    }),
  }),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const { body } = dataset.value;
    const { issues, vat } = checkKybData(body.userData);
    for (const issue of issues) {
      addIssue({
        message: issue.message,
        path: [
          pathItem(dataset.value, 'body', body),
          pathItem(body, 'userData', body.userData),
          pathItem(body.userData, issue.field, body.userData[issue.field]),
        ],
      });
    }
    if (!vat || issues.length > 0) return NEVER;
    return { ...dataset.value, vat };
  }),
);

const MESSAGES: Record<KybStatus, string> = {
  VERIFIED: 'Business verified: VIES confirmed the VAT number',
  REJECTED: 'Business not verified: VIES does not know the VAT number as valid',
  PENDING: 'VIES could not answer now: the check is pending and will be retried',
};

/**
 * POST /verify-business: offline checks (in the input schema), then VIES, then the KYB
 * data, the status and the consultation are stored on the company of the user (who must be
 * the token's user or a user of the token's company: another company's user is unknown).
 */
export async function verifyBusiness(auth: Principal, { body, vat }: v.InferOutput<typeof verifyBusinessInput>) {
  const data: KybData = body.userData;
  if (!(await userExists(auth.companyId, body.userId))) throw userNotFound();
  const answer = await checkVatNumber(vat);
  const now = new Date().toISOString();
  const kyb: KybRecord = {
    status: statusOf(answer),
    data,
    vat: `${vat.countryCode}${vat.vatNumber}`,
    vies_country_code: vat.countryCode,
    vies_vat_number: vat.vatNumber,
    check_id: randomUUID(),
    submitted_by: auth.userId,
    submitted_at: now,
    updated_at: now,
    vies: consultationOf(answer, now, 1),
  };
  // The user was found under the company, so its item exists; a missing one is gone meanwhile.
  if (!(await saveKyb(auth.companyId, kyb))) throw userNotFound();
  if (answer.outcome === 'unavailable') {
    // Once per check: the retry worker logs it again only when its status or fault changes.
    logger.warn('KYB check pending: VIES could not answer', {
      fault: answer.fault,
      vies_country_code: vat.countryCode,
      check_id: kyb.check_id,
    });
  }
  return { message: MESSAGES[kyb.status], ok: true as const, companyInfo: companyInfoView(kyb) };
}
