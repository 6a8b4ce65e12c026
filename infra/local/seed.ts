import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { toApiKeyItem } from '../../lib/auth/model';
import { toCompanyItem, toPartnerItems } from '../../lib/companies/model';
import { toDppFileItem } from '../../lib/dpp-files/model';
import { toDppCardItem, toDppImageItem, toDppItem, toDppTranslationItem } from '../../lib/dpps/model';
import { detectFileType } from '../../lib/files/file-type';
import { objectKeys } from '../../lib/files/object-keys';
import { toInvitationItems, toMemberItems } from '../../lib/invitations/model';
import { hashPassword } from '../../lib/invitations/password';
import { toFormerOperatorItem, toOperatorItem } from '../../lib/operators/model';
import { toTemplateFileItem, toTemplateItem } from '../../lib/template-files/model';
import type { LocalClients } from './bootstrap';

/** The shape of infra/local/demo-data.json. */
export interface DemoData {
  companies: Array<{
    id: string;
    name: string;
    country_code: string;
    /** Members allowed (a plan); absent: the default (lib/limits.ts). */
    member_limit?: number;
    users: Array<{ id: string; email: string; wallet: string; role: string }>;
    apiKeys: Array<{ name: string; key: string; enabled: boolean }>;
    templates: Array<{ id: string; name: string; model_id: string; files: DemoFile[] }>;
    dpps: Array<{
      id: string;
      model_id: string;
      template_id?: string;
      code: string;
      search_id: string;
      type: string;
      language: string;
      name: string;
      description: string;
      images: Array<{ id: string; fixture: string }>;
      files: DemoFile[];
      cards: Array<{
        id: string;
        name: string;
        description: string;
        characteristics: Array<{ id: string; characteristic: string }>;
      }>;
      translations: Record<string, Record<string, { name: string; description: string }>>;
    }>;
  }>;
  /** Pairs of partner companies (both sides are stored). */
  partnerships: Array<[string, string]>;
  /** KYB checks through the verify-business use case (the VIES stand-in answers), after the items are written. */
  kyb: Array<{ user: string; userData: Record<string, string> }>;
  /** DPPs linked to others through the related-DPPs use case, after the items are written. */
  links: Array<{ dpp: string; related: string[] }>;
  /** Versions created (and notarized) through the service's use cases, in order, after the links. */
  versions: Array<{ dpp: string; versionId: string; notarize: boolean }>;
  /** Non-official operators of a company; with `member`, one who became an official member under the same id. */
  operators: Array<{
    company: string;
    id: string;
    activity: string;
    email: string;
    country_code: string;
    company_name: string;
    member?: { wallet: string; role: string };
  }>;
  /** Pending invitations, made when the seed runs (so they have not expired), with a fixed id. */
  invitations: Array<{ company: string; id: string; email: string; wallet: string; area?: string; invitedBy: string }>;
}
interface DemoFile {
  id: string;
  name: string;
  description: string;
  fixture: string;
}

/** When the demo data was seeded: the time of its first id (see idTime). */
export const SEED_TIME = '2026-11-01T09:00:00.000Z';

const fixturesDir = new URL('./fixtures/', import.meta.url);
export const demoDataPath = fileURLToPath(new URL('./demo-data.json', import.meta.url));

export async function loadDemoData(): Promise<DemoData> {
  return JSON.parse(await readFile(demoDataPath, 'utf8')) as DemoData;
}

/** Writes the demo data: items in batches of 25, fixture bytes to the bucket. */
export async function seed(clients: LocalClients, tableName: string, bucket: string, data: DemoData): Promise<void> {
  const items: object[] = [];
  const objects: Array<{ key: string; fixture: string }> = [];
  const fixtureCache = new Map<string, Buffer>();
  const fixture = async (name: string) => {
    if (!fixtureCache.has(name)) fixtureCache.set(name, await readFile(new URL(name, fixturesDir)));
    return fixtureCache.get(name)!;
  };
  const fileFields = (f: DemoFile) => ({
    id: f.id,
    name: f.name,
    description: f.description,
    created_at: idTime(f.id),
  });
  const content = async (f: DemoFile, path: string, uploadId: string) => {
    const bytes = await fixture(f.fixture);
    objects.push({ key: path, fixture: f.fixture });
    return {
      path,
      mime_type: detectFileType(bytes)!,
      hash: createHash('sha256').update(bytes).digest('hex'),
      size: bytes.length,
      upload_id: uploadId,
    };
  };

  for (const company of data.companies) {
    items.push(
      toCompanyItem({
        id: company.id,
        name: company.name,
        country_code: company.country_code,
        created_at: idTime(company.id),
        ...(company.member_limit !== undefined && { member_limit: company.member_limit }),
        // Seats: its members, its operators who became members, its pending invitations.
        seats_used:
          company.users.length +
          data.operators.filter((o) => o.company === company.id && o.member).length +
          data.invitations.filter((i) => i.company === company.id).length,
      }),
    );
    for (const user of company.users) {
      const { id, email, wallet, role } = user;
      const member = toMemberItems({ id, company_id: company.id, email, wallet, role, created_at: idTime(id) });
      items.push(member.user, member.wallet, member.emailClaim);
    }
    for (const apiKey of company.apiKeys) {
      items.push(
        toApiKeyItem(apiKey.key, {
          company_id: company.id,
          name: apiKey.name,
          enabled: apiKey.enabled,
          created_at: SEED_TIME,
        }),
      );
    }
    for (const template of company.templates) {
      items.push(
        toTemplateItem({
          id: template.id,
          company_id: company.id,
          name: template.name,
          model_id: template.model_id,
          created_at: idTime(template.id),
        }),
      );
      for (const file of template.files) {
        const uploadId = uuidFrom(file.id);
        const path = objectKeys.templateFile(company.id, template.id, file.id, uploadId);
        items.push(
          toTemplateFileItem(
            { ...fileFields(file), template_id: template.id, company_id: company.id, model_id: template.model_id },
            await content(file, path, uploadId),
          ),
        );
      }
    }
    for (const dpp of company.dpps) {
      items.push(
        toDppItem({
          id: dpp.id,
          company_id: company.id,
          model_id: dpp.model_id,
          template_id: dpp.template_id,
          code: dpp.code,
          search_id: dpp.search_id,
          name: dpp.name,
          description: dpp.description,
          dpp_type: dpp.type,
          language: dpp.language,
          created_at: idTime(dpp.id),
          updated_at: idTime(dpp.id),
        }),
      );
      for (const image of dpp.images) {
        const path = objectKeys.dppImage(company.id, dpp.id, image.id);
        objects.push({ key: path, fixture: image.fixture });
        const mime_type = detectFileType(await fixture(image.fixture))!;
        items.push(toDppImageItem(dpp.id, { id: image.id, company_id: company.id, path, mime_type }));
      }
      for (const file of dpp.files) {
        const uploadId = uuidFrom(file.id);
        const path = objectKeys.dppFile(company.id, dpp.id, file.id, uploadId);
        items.push(
          toDppFileItem(
            {
              ...fileFields(file),
              dpp_id: dpp.id,
              company_id: company.id,
              model_id: dpp.model_id,
              created_by: company.users[0]!.id,
            },
            await content(file, path, uploadId),
          ),
        );
      }
      for (const card of dpp.cards) {
        items.push(toDppCardItem(dpp.id, { ...card, company_id: company.id }));
      }
      const sources = new Map<string, { name: string; description: string }>([
        ['dpp', dpp],
        ...dpp.files.map((f) => [`file:${f.id}`, f] as const),
        ...dpp.cards.map((c) => [`card:${c.id}`, c] as const),
      ]);
      for (const [language, units] of Object.entries(dpp.translations)) {
        const translated = Object.entries(units).map(([key, text]) => {
          const source = sources.get(key);
          if (!source) throw new Error(`demo-data: translation ${language}/${key} of DPP ${dpp.id} has no source`);
          return { key, name: source.name, description: source.description, translated: text };
        });
        items.push(toDppTranslationItem(dpp.id, language, translated));
      }
    }
  }

  for (const [a, b] of data.partnerships) items.push(...toPartnerItems(a, b, SEED_TIME));

  for (const { company, member, ...fields } of data.operators) {
    const operator = toOperatorItem({
      ...fields,
      company_id: company,
      created_at: idTime(fields.id),
      updated_at: idTime(fields.id),
    });
    if (!member) {
      items.push(operator);
      continue;
    }
    // Became an official member: the operator record moved aside, and the member under the same id.
    items.push(toFormerOperatorItem(operator, SEED_TIME));
    const joined = toMemberItems({
      id: fields.id,
      company_id: company,
      email: fields.email,
      ...member,
      created_at: SEED_TIME,
    });
    items.push(joined.user, joined.wallet, joined.emailClaim);
  }
  const now = new Date().toISOString();
  for (const invitation of data.invitations) {
    const pending = toInvitationItems({
      id: invitation.id,
      company_id: invitation.company,
      email: invitation.email,
      wallet: invitation.wallet,
      area: invitation.area,
      invited_by: invitation.invitedBy,
      // The demo invitee's password, hashed like any other: `demo-password`.
      password_hash: await hashPassword('demo-password'),
      created_at: now,
    });
    items.push(pending.invitation, pending.emailClaim, pending.walletClaim);
  }

  for (let i = 0; i < items.length; i += 25) {
    const batch = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    let pending: typeof batch | undefined = batch;
    while (pending && pending.length > 0) {
      const result = await clients.doc.send(new BatchWriteCommand({ RequestItems: { [tableName]: pending } }));
      pending = result.UnprocessedItems?.[tableName] as typeof batch | undefined;
    }
  }
  await Promise.all(
    objects.map(async ({ key, fixture: name }) => {
      const body = await fixture(name);
      await clients.s3.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: detectFileType(body) }),
      );
    }),
  );
}

/**
 * When the demo data says a record was created: the time of its id. Every id in
 * demo-data.json is a UUIDv7 of the seed time (SEED_TIME plus 1 ms per id, in the order
 * the file names them), so seeded records sort before anything created later, as new ids
 * are UUIDv7 too and lists are oldest first. Any other id is refused, so a record added
 * to the demo data with a random id fails the seed instead of sorting anywhere.
 */
export function idTime(id: string): string {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id)) {
    throw new Error(`demo-data: id ${id} is not a UUIDv7 (see the $comment of infra/local/demo-data.json)`);
  }
  return new Date(Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toISOString();
}

/** A stable upload id for a demo file, so seeded object keys are the same on every run. */
function uuidFrom(id: string): string {
  const h = createHash('sha256').update(`upload:${id}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
