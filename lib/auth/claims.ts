import * as v from 'valibot';

/** What a verified token says about its holder (docs/spec/decisions.md, Authentication). */
const claim = v.pipe(v.string(), v.minLength(1));
export const principalSchema = v.object({ sub: claim, company_id: claim, wallet: claim, role: claim });

export interface Principal {
  userId: string;
  companyId: string;
  wallet: string;
  role: string;
}

export const TOKEN_ALGORITHM = 'ES256';
export const TOKEN_LIFETIME_SECONDS = 60 * 60;
