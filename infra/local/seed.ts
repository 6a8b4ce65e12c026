import { readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mergePatch } from '../../lib/dpp-aspects/merge-patch';
import { toInvitationItems } from '../../lib/invitations/model';
import { hashPassword } from '../../lib/invitations/password';
import { storeInvitation } from '../../lib/invitations/repository';
import { importData } from '../../scripts/admin/use-cases/import';
import { type ImportDocument, uuidV7Time } from '../../scripts/admin/use-cases/import-format';

type Company = NonNullable<ImportDocument['companies']>[number];
type Template = NonNullable<Company['templates']>[number];
type Dpp = NonNullable<Company['dpps']>[number];
/** `T` with the lists `K` spelled out (the demo file lists them all, empty or not). */
type Listed<T, K extends keyof T> = Omit<T, K> & Required<Pick<T, K>>;

/**
 * The shape of infra/local/demo-data.json: the import format (scripts/admin/use-cases/import-format.ts)
 * with every list spelled out, and what only the demo needs (kyb, links, versions,
 * invitations), which the import ignores.
 */
export interface DemoData {
  $comment?: string;
  companies: Array<
    Omit<Listed<Company, 'users' | 'apiKeys'>, 'templates' | 'dpps'> & {
      templates: Array<Listed<Template, 'files' | 'model_id'>>;
      dpps: Array<Listed<Dpp, 'images' | 'files' | 'cards' | 'translations'>>;
    }
  >;
  /** Pairs of partner companies (both sides are stored). */
  partnerships: NonNullable<ImportDocument['partnerships']>;
  /** Non-official operators of a company; with `member`, one who became an official member under the same id. */
  operators: NonNullable<ImportDocument['operators']>;
  /** KYB checks through the verify-business use case (the VIES stand-in answers), after the import. */
  kyb: Array<{ user: string; userData: Record<string, string> }>;
  /** DPPs linked to others through the related-DPPs use case, after the import. */
  links: Array<{ dpp: string; related: string[] }>;
  /** Versions created (and notarized) through the service's use cases, in order, after the links. */
  versions: Array<{ dpp: string; versionId: string; notarize: boolean }>;
  /** Pending invitations, made when the seed runs (so they have not expired), with a fixed id. */
  invitations: Array<{ company: string; id: string; email: string; wallet: string; area?: string; invitedBy: string }>;
  /**
   * Profiled passports merged into their company's DPPs before the import: the DPP record, its
   * profile, category and aspects from an example file (relative to this file's folder), changed
   * by `patch` (an RFC 7396 merge patch of the aspects).
   */
  profiled: Array<{
    company: string;
    example: string;
    patch?: Record<string, unknown>;
    dpp: DemoData['companies'][number]['dpps'][number];
  }>;
}

/** When the demo data was seeded: the time of its first id (see idTime). */
export const SEED_TIME = '2026-11-01T09:00:00.000Z';

export const demoDataPath = fileURLToPath(new URL('./demo-data.json', import.meta.url));

export async function loadDemoData(): Promise<DemoData> {
  return JSON.parse(await readFile(demoDataPath, 'utf8')) as DemoData;
}

/**
 * Writes the demo data: everything the import format holds through the admin import (the
 * same code as `npm run admin -- import infra/local/demo-data.json`), records without a time
 * of their own at SEED_TIME; then the pending invitations, made now so they have not expired,
 * each taking its seat as create-invitation does.
 */
export async function seed(data: DemoData): Promise<void> {
  await importData(await withProfiled(data), {
    baseDir: dirname(demoDataPath),
    source: relative(process.cwd(), demoDataPath),
    now: SEED_TIME,
  });
  const now = new Date();
  for (const invitation of data.invitations) {
    const pending = toInvitationItems({
      id: invitation.id,
      company_id: invitation.company,
      company_name: data.companies.find((company) => company.id === invitation.company)?.name,
      email: invitation.email,
      wallet: invitation.wallet,
      area: invitation.area,
      invited_by: invitation.invitedBy,
      // The demo invitee's password, hashed like any other: `demo-password`.
      password_hash: await hashPassword('demo-password'),
      created_at: now.toISOString(),
    });
    const refused = await storeInvitation(pending, invitation.invitedBy, now);
    if (refused) throw new Error(`demo-data: invitation ${invitation.id} refused: ${refused}`);
  }
}

/** The demo data with each profiled passport (`profiled`) merged into its company's DPPs, its aspects from its example file. */
async function withProfiled(data: DemoData): Promise<DemoData> {
  const records = await Promise.all(
    data.profiled.map(async (entry) => {
      const example = JSON.parse(await readFile(join(dirname(demoDataPath), entry.example), 'utf8')) as {
        profile: string;
        category: string;
        aspects: Record<string, Record<string, unknown>>;
      };
      const aspects = mergePatch(example.aspects, entry.patch ?? {}) as Record<string, Record<string, unknown>>;
      return {
        company: entry.company,
        dpp: { ...entry.dpp, profile: example.profile, category: example.category, aspects },
      };
    }),
  );
  return {
    ...data,
    companies: data.companies.map((company) => ({
      ...company,
      dpps: [...company.dpps, ...records.filter((r) => r.company === company.id).map((r) => r.dpp)],
    })),
  };
}

/**
 * When the demo data says a record was created: the time of its id. Every id in
 * demo-data.json is a UUIDv7 of the seed time (SEED_TIME plus 1 ms per id, in the order
 * the file names them), so seeded records sort before anything created later, as new ids
 * are UUIDv7 too and lists are oldest first. Any other id is refused, so a record added
 * to the demo data with a random id fails the seed instead of sorting anywhere.
 */
export function idTime(id: string): string {
  const time = uuidV7Time(id);
  if (time === undefined) {
    throw new Error(`demo-data: id ${id} is not a UUIDv7 (see the $comment of infra/local/demo-data.json)`);
  }
  return time;
}
