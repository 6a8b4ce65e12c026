import type * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { createDppInput, newDppItem } from '../dpps/create-dpp';
import { archivedNew } from './archive';

/** The body of POST /dpps (lib/dpps/create-dpp.ts): one way to make a passport. */
export const createPassportInput = createDppInput;

/**
 * CreateDPP (POST /v1/dpps): creates the DPP as POST /dpps does (KYB, template, profile: the same
 * rules and errors), archived as version 1 in the same transaction (lib/passport-api/archive.ts).
 * The new passport is a `draft` until its company publishes it (PATCH with `dppStatus: "active"`).
 */
export async function createPassport(auth: Principal, { body }: v.InferOutput<typeof createPassportInput>) {
  return archivedNew(auth, await newDppItem(auth, body));
}
