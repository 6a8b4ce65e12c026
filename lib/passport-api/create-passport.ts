import type * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { createDpp, createDppInput } from '../dpps/create-dpp';
import { archived } from './archive';

/** The body of POST /dpps (lib/dpps/create-dpp.ts): one way to make a passport. */
export const createPassportInput = createDppInput;

/**
 * CreateDPP (POST /v1/dpps): creates the DPP as POST /dpps does (KYB, template, profile: the same
 * rules and errors), then archives it as version 1 (lib/passport-api/archive.ts). The new passport
 * is a `draft` until its company publishes it (PATCH with `dppStatus: "active"`).
 */
export async function createPassport(auth: Principal, input: v.InferOutput<typeof createPassportInput>) {
  const { dpp } = await createDpp(auth, input);
  return archived(auth, dpp.id);
}
