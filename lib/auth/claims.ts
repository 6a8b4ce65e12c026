import * as z from 'zod';

/** What a verified token says about its holder (decisions.md, Authentication). */
export const principalSchema = z.object({
  sub: z.string().min(1),
  company_id: z.string().min(1),
  wallet: z.string().min(1),
  role: z.string().min(1),
});

export interface Principal {
  userId: string;
  companyId: string;
  wallet: string;
  role: string;
}

export const TOKEN_ALGORITHM = 'ES256';
export const TOKEN_LIFETIME_SECONDS = 60 * 60;
