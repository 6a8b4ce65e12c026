import { v7 as uuidv7 } from 'uuid';
import * as v from 'valibot';
import {
  type AccessGrantItem,
  accessToken,
  grantView,
  hashSecret,
  newReaderKey,
  newSecret,
  operatorNotFound,
  toAccessGrantItem,
} from '../access-tiers/model';
import { GRANTABLE_TIERS } from '../access-tiers/tiers';
import type { Principal } from '../auth/claims';
import { sendEmail } from '../aws/ses';
import { email } from '../companies/fields';
import { dppNotFound } from '../dpps/model';
import { readDpp } from '../dpps/repository';
import { ForbiddenError } from '../errors';
import { grantJsonUrl, grantPageUrl } from '../links';
import { id } from '../schemas';
import { grantEmail } from './email';
import { putGrant, readOperator } from './repository';

/** The longest a grant lasts: a year (docs/choices.md, Access tiers). */
export const MAX_GRANT_DAYS = 365;

export const createAccessGrantInput = v.object({
  params: v.object({ dppId: id }),
  body: v.object({
    tier: v.picklist(GRANTABLE_TIERS, `must be one of ${GRANTABLE_TIERS.join(', ')}`),
    /** A non-official operator's id of the caller's company, or an e-mail address. */
    audience: v.union([email, id], 'must be an e-mail address or a non-official operator id'),
    expires_in_days: v.pipe(
      v.number(),
      v.integer('must be a whole number of days'),
      v.minValue(1, `must be from 1 to ${MAX_GRANT_DAYS}`),
      v.maxValue(MAX_GRANT_DAYS, `must be from 1 to ${MAX_GRANT_DAYS}`),
    ),
  }),
});

const DAY_MS = 86_400_000;

/** Sharing restricted data is an admin's decision (docs/choices.md, Access tiers). */
const notAdmin = () => new ForbiddenError('only an admin of the company may grant access to a DPP', 'NOT_ADMIN');

/**
 * Grants one reader access to a DPP of the caller's company up to a tier, for 1 to 365 days: only
 * an admin of the company may (the token's role first, then the membership's, in the grant's
 * transaction), a member gets 403 `NOT_ADMIN` and nothing is written. The
 * audience is an e-mail address, or a non-official operator of the company (another company's id
 * answers like an unknown one), who is e-mailed the link through SES once the grant is stored.
 * The answer holds the link, with the grant's secret (32 random bytes): the only time it is shown,
 * as only its SHA-256 is stored. A failed e-mail answers 503 and the grant stays: the company may
 * hand the link over itself or revoke the grant.
 */
export async function createAccessGrant(
  auth: Principal,
  { params, body }: v.InferOutput<typeof createAccessGrantInput>,
) {
  if (auth.role !== 'admin') throw notAdmin();
  const { dppId } = params;
  const isEmail = body.audience.includes('@');
  const [dpp, operator] = await Promise.all([
    readDpp(dppId),
    isEmail ? undefined : readOperator(auth.companyId, body.audience),
  ]);
  if (dpp?.company_id !== auth.companyId) throw dppNotFound();
  if (!isEmail && !operator) throw operatorNotFound();
  const now = new Date();
  const secret = newSecret();
  const grant: AccessGrantItem = toAccessGrantItem({
    id: uuidv7(),
    dpp_id: dppId,
    company_id: auth.companyId,
    tier: body.tier,
    audience: operator ? { operator_id: operator.id, email: operator.email } : { email: body.audience },
    secret_hash: hashSecret(secret),
    created_at: now.toISOString(),
    created_by: auth.userId,
    expires_at: new Date(now.getTime() + body.expires_in_days * DAY_MS).toISOString(),
    reader_key: newReaderKey(),
  });
  const refused = await putGrant(grant);
  if (refused === 'dpp_not_found') throw dppNotFound();
  if (refused === 'not_admin') throw notAdmin();
  const access = accessToken(grant.id, secret);
  const link = grantPageUrl(dppId, access);
  if (operator) {
    await sendEmail(
      grantEmail({
        to: operator.email,
        companyName: dpp.company_name ?? 'A company',
        dppName: dpp.name,
        url: link,
        expiresAt: grant.expires_at,
      }),
    );
  }
  return {
    grant: grantView(grant, now),
    link,
    json_link: grantJsonUrl(dppId, access),
    emailed: operator !== undefined,
  };
}
