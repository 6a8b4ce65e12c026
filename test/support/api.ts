import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { BatchWriteCommand, DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { importPKCS8, SignJWT } from 'jose';
import { inject } from 'vitest';
import type { DemoData } from '../../infra/local/seed';
import { toApiKeyItem } from '../../lib/companies/api-keys/model';
import { toCompanyItem, toUserItem, toWalletItem } from '../../lib/companies/model';
import { type DppFileItem, type DppItem, toDppFileItem, toDppItem } from '../../lib/dpps/model';
import { checkResponse } from './contract-check';

/**
 * Integration-test helpers: HTTP calls to the local API started by
 * test/setup/local-stack.ts, demo credentials, and tokens good and bad.
 */
export const apiUrl = inject('apiUrl');
export const localEnv = inject('localEnv');

export const demoData = JSON.parse(readFileSync('infra/local/demo-data.json', 'utf8')) as DemoData;
type DemoCompany = DemoData['companies'][number];
const [acme, globex, volta] = demoData.companies as [DemoCompany, DemoCompany, DemoCompany];
export const demo = {
  acme: {
    company: acme,
    admin: acme.users[0]!,
    /** The repairer: a non-official operator (demo-data.json `operators`). */
    operator: demoData.operators.find((o) => o.company === acme.id && !o.member)!,
    /** The operator who became an official member under the same id. */
    formerOperator: demoData.operators.find((o) => o.company === acme.id && o.member)!,
    apiKey: acme.apiKeys[0]!.key,
    disabledApiKey: acme.apiKeys[1]!.key,
    template: acme.templates[0]!,
    dpp: acme.dpps[0]!,
    otherDpp: acme.dpps[1]!,
  },
  globex: {
    company: globex,
    admin: globex.users[0]!,
    apiKey: globex.apiKeys[0]!.key,
    template: globex.templates[0]!,
    dpp: globex.dpps[0]!,
  },
  /** Acme's partner company (related DPPs); Globex is related to no one. */
  volta: {
    company: volta,
    admin: volta.users[0]!,
    apiKey: volta.apiKeys[0]!.key,
    template: volta.templates[0]!,
    dpp: volta.dpps[0]!,
  },
};
export type Tenant = keyof typeof demo;

export const fixture = (name: string): Buffer => readFileSync(`infra/local/fixtures/${name}`);
/** The bytes of a demo record: its `fixture` is a path relative to infra/local/demo-data.json. */
export const demoFixture = (path: string): Buffer => readFileSync(`infra/local/${path}`);

// biome-ignore lint/suspicious/noExplicitAny: an answer's body is JSON a test reads field by field, checked against the contract first
export interface Reply<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface CallOptions {
  token?: string;
  headers?: Record<string, string>;
  form?: FormData;
  body?: string | Buffer;
  /** Another local API than the integration stack's (a stack process of test/support, e.g. an empty one). */
  baseUrl?: string;
}

/**
 * Whether a reply is the 503 the contract allows when a dependency is slow, which is what a
 * machine short of CPU makes of the local engines (docs/behaviour.md, Faults): with
 * `Retry-After`, or `OUTCOME_UNKNOWN` (a keyless write whose outcome is unknown) without it.
 * A test of concurrent requests accepts it beside the answers it expects, and keeps every
 * invariant of the stored state: it never asserts that all of them succeed.
 */
export const isUnavailable = (reply: Reply): boolean =>
  reply.status === 503 && (reply.headers.has('retry-after') || reply.body?.code === 'OUTCOME_UNKNOWN');

/** A JSON request body with its content type, for `call`; `headers`: more beside it (an Idempotency-Key). */
export const json = (body: unknown, headers: Record<string, string> = {}): Pick<CallOptions, 'headers' | 'body'> => ({
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/**
 * One request to the local API. Every answer is checked against the contract (the route
 * row's status and body schemas, test/support/contract-check.ts) before the test sees it:
 * an answer that drifts from the contract fails the test that received it.
 */
// biome-ignore lint/suspicious/noExplicitAny: as Reply's
export async function call<T = any>(method: string, path: string, options: CallOptions = {}): Promise<Reply<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${options.baseUrl ?? apiUrl}${path}`, {
    method,
    headers,
    body: options.form ?? options.body,
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // leave as text; the contract check or the assertion will show it
  }
  checkResponse(method, path, response.status, body, response.headers);
  return { status: response.status, headers: response.headers, body: body as T };
}

/** A multipart body: text fields and an optional file part named `file`. */
export function form(fields: Record<string, string>, file?: { bytes: Buffer; name: string; type?: string }): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  if (file) data.append('file', new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }), file.name);
  return data;
}

const tokens = new Map<Tenant, Promise<string>>();

/** A real token from GET /generateJWT for the tenant's demo admin (cached per file). */
export function tokenFor(tenant: Tenant): Promise<string> {
  let token = tokens.get(tenant);
  if (!token) {
    const t = demo[tenant];
    token = call<{ authToken: string }>('GET', `/generateJWT/${t.apiKey}/${t.admin.wallet}`).then((r) => {
      if (r.status !== 200) throw new Error(`generateJWT for ${tenant}: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body.authToken;
    });
    tokens.set(tenant, token);
  }
  return token;
}

/** Tokens that must be refused: expired (right key), forged (another key), wrong audience. */
export async function badTokens(): Promise<Record<string, string>> {
  const realKey = await importPKCS8(localEnv.JWT_PRIVATE_KEY!, 'ES256');
  const otherKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
  const claims = { company_id: demo.acme.company.id, wallet: demo.acme.admin.wallet, role: 'admin' };
  const base = () =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256' })
      .setSubject(demo.acme.admin.id)
      .setIssuer(localEnv.JWT_ISSUER!)
      .setJti(randomUUID());
  const now = Math.floor(Date.now() / 1000);
  return {
    expired: await base()
      .setAudience(localEnv.JWT_AUDIENCE!)
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(realKey),
    forged: await base().setAudience(localEnv.JWT_AUDIENCE!).setIssuedAt().setExpirationTime('1h').sign(otherKey),
    wrongAudience: await base().setAudience('someone-else').setIssuedAt().setExpirationTime('1h').sign(realKey),
    garbage: 'not-a-jwt',
  };
}

/** Downloads a signed URL; returns status and bytes. */
export async function download(url: string): Promise<{ status: number; bytes: Buffer }> {
  const response = await fetch(url);
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** The same URL with one character of its signature changed. */
export function tamper(url: string): string {
  return url.replace(/(X-Amz-Signature=)([0-9a-f])/, (_, p: string, c: string) => `${p}${c === '0' ? '1' : '0'}`);
}

/** A DocumentClient on the local DynamoDB engine, for what no endpoint does yet (pinning). */
export function localTable() {
  const client = new DynamoDBClient({
    endpoint: localEnv.DYNAMODB_ENDPOINT,
    region: localEnv.AWS_REGION,
    credentials: { accessKeyId: localEnv.AWS_ACCESS_KEY_ID!, secretAccessKey: localEnv.AWS_SECRET_ACCESS_KEY! },
  });
  return { doc: DynamoDBDocumentClient.from(client), tableName: localEnv.TABLE_NAME! };
}

/** An S3 client on the local S3 engine (the test reads and lists the bucket as the service left it). */
export function localBucketClient(): S3Client {
  return new S3Client({
    endpoint: localEnv.S3_ENDPOINT,
    region: localEnv.AWS_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: localEnv.AWS_ACCESS_KEY_ID!, secretAccessKey: localEnv.AWS_SECRET_ACCESS_KEY! },
  });
}

/**
 * A fresh DPP written straight to the table (DPPs have no create endpoint), so a test that
 * changes it races no other test file. `id` is `<prefix>-<uuid>`; a demo-like code and
 * search_id unless `fields` says otherwise.
 */
export async function putTestDpp(
  prefix: string,
  fields: Pick<DppItem, 'company_id' | 'model_id'> & Partial<Omit<DppItem, 'pk' | 'sk' | 'gsi1pk' | 'gsi1sk' | 'type'>>,
): Promise<DppItem> {
  const now = new Date().toISOString();
  const item = toDppItem({
    id: `${prefix}-${randomUUID()}`,
    code: '08012345678901',
    search_id: `01/08012345678901/21/${randomUUID().slice(0, 8)}`,
    name: `${prefix} test passport`,
    description: `A passport of the ${prefix} tests`,
    dpp_type: 'test-passport',
    language: 'en',
    created_at: now,
    updated_at: now,
    ...fields,
  });
  const { doc, tableName } = localTable();
  await doc.send(new PutCommand({ TableName: tableName, Item: item }));
  return item;
}

/**
 * File records of a DPP, ids `file-000`…, as a test writes them straight to the table (putItems) to
 * reach a version's file limit without uploading each: `content` is what each record says its bytes are.
 */
export function dppFileRecords(
  dpp: Pick<DppItem, 'id' | 'company_id' | 'model_id'>,
  indexes: readonly number[],
  content: { createdBy: string; hash: string; size: number },
): DppFileItem[] {
  return indexes.map((i) =>
    toDppFileItem(
      {
        id: `file-${String(i).padStart(3, '0')}`,
        dpp_id: dpp.id,
        company_id: dpp.company_id,
        model_id: dpp.model_id,
        name: `File ${i}`,
        description: '',
        created_by: content.createdBy,
        created_at: new Date().toISOString(),
      },
      {
        path: `companies/${dpp.company_id}/dpps/${dpp.id}/files/file-${i}/upload`,
        mime_type: 'application/pdf',
        hash: content.hash,
        size: content.size,
        upload_id: 'upload',
      },
    ),
  );
}

/** Items written straight to the local table, 25 a BatchWriteItem. */
export async function putItems(items: readonly object[]): Promise<void> {
  const { doc, tableName } = localTable();
  for (let i = 0; i < items.length; i += 25) {
    await doc.send(
      new BatchWriteCommand({
        RequestItems: { [tableName]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item: { ...Item } } })) },
      }),
    );
  }
}

/** A company a test made for itself (putTestCompany): its admin, and a token of GET /generateJWT for the admin. */
export interface TestCompany {
  id: string;
  admin: { id: string; wallet: string };
  /** Its API key (with the admin's wallet: GET /generateJWT). */
  apiKey: string;
  token: string;
}

/**
 * KYB data under `companyName`, with a VAT number VIES (the local stand-in) knows as valid, or
 * `vat` (docs/demo.md, KYB demo VAT numbers: one it refuses, one it cannot answer for).
 */
export const verifiedKybData = (companyName: string, vat = 'IT11111110018') => ({
  company_name: companyName,
  vat_number: vat,
  street_address: 'Via Roma 1',
  zip_or_postal_code: '20121',
  city_or_town: 'Milano',
  district_or_province: 'MI',
  sdi_or_pec: 'M5UXCR1',
  rea_code: 'MI-7654321',
  country_code: 'IT',
});

/** putTestCompany, then its KYB given through POST /verify-business: VERIFIED, so it may publish and import. */
export async function putVerifiedTestCompany(prefix: string, companyName = `${prefix} S.r.l.`): Promise<TestCompany> {
  const company = await putTestCompany(prefix);
  const reply = await call<{ companyInfo: { status: string } }>('POST', '/verify-business', {
    token: company.token,
    ...json({ userId: company.admin.id, userData: verifiedKybData(companyName) }),
  });
  if (reply.body.companyInfo?.status !== 'VERIFIED')
    throw new Error(`KYB for ${prefix}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return company;
}

/**
 * A company of its own, written straight to the table through the models (no endpoint creates
 * companies): the company, with no KYB data, its admin (user and wallet) and an API key; then
 * the admin's token from GET /generateJWT. KYB is then the test's to give (POST /verify-business).
 */
export async function putTestCompany(prefix: string): Promise<TestCompany> {
  const id = randomUUID();
  const admin = { id: randomUUID(), wallet: `0x${randomBytes(20).toString('hex')}` };
  const apiKey = `${prefix}-${randomUUID()}`;
  const now = new Date().toISOString();
  const items = [
    toCompanyItem({ id, name: `${prefix} test company`, country_code: 'IT', created_at: now }),
    toUserItem({
      id: admin.id,
      company_id: id,
      email: `admin@${prefix}.test`,
      wallet: admin.wallet,
      role: 'admin',
      created_at: now,
    }),
    toWalletItem({ address: admin.wallet, user_id: admin.id, company_id: id, role: 'admin' }),
    toApiKeyItem(apiKey, { company_id: id, name: `${prefix} test`, enabled: true, created_at: now }),
  ];
  const { doc, tableName } = localTable();
  for (const Item of items) await doc.send(new PutCommand({ TableName: tableName, Item }));
  const issued = await call<{ authToken: string }>('GET', `/generateJWT/${apiKey}/${admin.wallet}`);
  if (issued.status !== 200)
    throw new Error(`generateJWT for ${prefix}: ${issued.status} ${JSON.stringify(issued.body)}`);
  return { id, admin, apiKey, token: issued.body.authToken };
}
