import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { type DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { v7 as uuidv7 } from 'uuid';
import { inject } from 'vitest';
import { localClients } from '../../infra/local/bootstrap';
import { DEMO_PROMOTION_CODES } from '../../infra/local/engines/stripe-demo';
import { BATTERY_DPP } from '../../lib/api/demo';
import { toApiKeyItem } from '../../lib/companies/api-keys/model';
import { toCompanyItem, toMemberItems } from '../../lib/companies/model';
import * as keys from '../../lib/data/keys';
import { gsi1 } from '../../lib/data/keys';
import { toDppItem } from '../../lib/dpps/model';
import { checksumAddress } from '../../lib/evm/address';
import { objectKeys } from '../../lib/files/object-keys';
import { INVITATION_ID, newInvitationId, toInvitationItems } from '../../lib/invitations/model';
import { MAX_UPLOAD_BYTES } from '../../lib/limits';
import { toOperatorItem } from '../../lib/operators/model';
import { PROFILES } from '../../lib/profiles/catalogue';
import { SUMMARIES } from '../../lib/profiles/summaries';
import { toTemplateItem } from '../../lib/templates/model';
import {
  apiUrl,
  badTokens,
  call,
  demo,
  demoData,
  fixture,
  form,
  localEnv,
  type Tenant,
  tokenFor,
} from '../support/api';
import type { AuthCase, BodyCase, FileContent, Piece, Pool, PoolNames, RequestCase } from '../support/arbitraries';
import { poolName } from '../support/arbitraries';
import { signHash, testAccount, WALLET } from '../support/wallets';

/**
 * What the contract fuzz (routes.test.ts) sends its cases with and checks them against:
 * the fuzz's own records, the real values its pools hold, requests rendered to the exact
 * bytes on the wire, and snapshots of the stored state a refused write must not change.
 */

// ---------------------------------------------------------------------------------------------
// The world: records the fuzz owns, so that its writes race with no other test file

interface Parent {
  company: string;
  template: string;
  templateFile: string;
  dpp: string;
  model: string;
  dppFile: string;
  /** A tech card and an image of the DPP (the card and image routes' targets). */
  card: string;
  image: string;
  /** An access grant of the DPP (the grant routes' target), and its `access` value (an `authority` grant's). */
  grant: string;
  access?: string;
  /** A bulk import of the company (waiting for its upload: the import routes' target). */
  import: string;
}

/** Real values by normalised field name (`dppid`, `templateid`, ...). */
type Pools = Record<string, () => string[]>;

/**
 * A company the fuzz makes for itself (written to the table, as no endpoint creates companies):
 * an admin with a token of GET /generateJWT, an API key, a non-official operator, and seats.
 */
export interface FuzzCompany {
  id: string;
  apiKey: string;
  admin: { id: string; email: string; wallet: string };
  /** The user id of the company's non-official operator (an invitation may name them). */
  operator: string;
  token: string;
  /** A template of the company (POST /templates), for the DPPs the fuzz creates to name. */
  template: string;
}

/** How the cases of one route differ from the others'. */
interface RouteWorld {
  /** The tokens `own` and `foreign` send, in place of Acme's and Globex's admins'. */
  tokens?: Record<'own' | 'foreign', string>;
  /** Pools of this route: several values each, a case picks one (`PoolNames.many`). */
  pools: Partial<Record<Pool, Pools>>;
  /** Only these pools, none of the common ones (Acme's and Globex's records). */
  only?: true;
}

export interface World {
  tokens: Record<'acme' | 'globex', string>;
  bad: Record<'expired' | 'forged' | 'wrongAudience', string>;
  /** Acme's fuzz-owned template and DPP (`own`) and Globex's (`foreign`): the targets of writes. */
  owned: Record<'own' | 'foreign', Parent>;
  /** Real values by pool and normalised field name (`dppid`, `templateid`, ...). */
  pools: Record<Pool, Pools>;
  /** By route (`fn`): its own pools, and for some its own callers. */
  byRoute: Record<string, RouteWorld>;
  /**
   * The fuzz's own companies: the callers of the routes that change a whole company (its seats,
   * its plan), so that the demo companies other test files count on stay as seeded.
   */
  companies: Record<'own' | 'foreign', FuzzCompany>;
  /**
   * Invitations of the fuzz's own company: `pending` ones a case may accept (at least two; one
   * accepted is replaced, see keepInvitations), `used` ones that cannot be accepted (accepted, expired).
   */
  invitations: { pending: string[]; used: string[] };
  /** The number of the case being sent: what must be new for each case (an invitee's e-mail and wallet) is made from it. */
  caseNo: number;
  /** A real cursor of each list route, by pool: a page of limit=1 of the fuzz's parent of each company. */
  cursors: Record<'own' | 'foreign', Map<string, string>>;
}

const tenantOf = { own: 'acme', foreign: 'globex' } as const;

async function uploadFile(tenant: Tenant, path: string, fields: Record<string, string>): Promise<string> {
  const reply = await call('POST', path, {
    token: await tokenFor(tenant),
    form: form({ name: 'Fuzz fixture', ...fields }, { bytes: fixture('sample.pdf'), name: 'fuzz.pdf' }),
  });
  if (reply.status !== 200)
    throw new Error(`fuzz setup: upload to ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body.file.id as string;
}

/** Uploads a file to a fuzz-owned parent (again, after a fuzz case deleted the last one). */
export const uploadTemplateFile = (side: 'own' | 'foreign', parent: Parent) =>
  uploadFile(tenantOf[side], '/create-template-file', { template_id: parent.template });
export const uploadDppFile = (side: 'own' | 'foreign', parent: Parent) =>
  uploadFile(tenantOf[side], `/models/${parent.model}/dpps/${parent.dpp}/upload-file`, {});

/** Adds a tech card to a fuzz-owned DPP (again, after a fuzz case deleted the last one); resolves to its id. */
export async function addDppCard(side: 'own' | 'foreign', parent: Parent): Promise<string> {
  const reply = await call('POST', `/dpps/${parent.dpp}/cards`, {
    token: await tokenFor(tenantOf[side]),
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Fuzz card', characteristics: [{ characteristic: 'Fuzz: yes' }] }),
  });
  if (reply.status !== 200) throw new Error(`fuzz setup: card of ${parent.dpp}: ${reply.status}`);
  return reply.body.card.id as string;
}

/** Adds an image to a fuzz-owned DPP (again, after a fuzz case deleted the last one); resolves to its id. */
export async function addDppImage(side: 'own' | 'foreign', parent: Parent): Promise<string> {
  const reply = await call('POST', `/dpps/${parent.dpp}/images`, {
    token: await tokenFor(tenantOf[side]),
    form: form({}, { bytes: fixture('sample.png'), name: 'fuzz.png' }),
  });
  if (reply.status !== 200) throw new Error(`fuzz setup: image of ${parent.dpp}: ${reply.status}`);
  return reply.body.image.uuid as string;
}

/** A template and a DPP per company, written straight to the table (no endpoint creates them), with two files each. */
async function ownParent(side: 'own' | 'foreign'): Promise<Parent> {
  const tenant = tenantOf[side];
  const company = demo[tenant].company.id;
  const now = new Date().toISOString();
  const parent: Parent = {
    company,
    template: uuidv7(),
    templateFile: '',
    dpp: uuidv7(),
    model: uuidv7(),
    dppFile: '',
    card: '',
    image: '',
    grant: '',
    import: '',
  };
  const { doc } = clients();
  const put = (Item: object) => doc.send(new PutCommand({ TableName: localEnv.TABLE_NAME, Item }));
  await put(
    toTemplateItem({
      id: parent.template,
      company_id: company,
      name: 'Fuzz template',
      model_id: parent.model,
      created_at: now,
    }),
  );
  await put(
    toDppItem({
      id: parent.dpp,
      company_id: company,
      model_id: parent.model,
      name: 'Fuzz passport',
      description: 'Written by the contract fuzz',
      dpp_type: uuidv7(),
      language: 'en',
      // A profiled passport, so the aspect routes reach their answers.
      profile: 'battery-passport',
      category: 'ev',
      aspects: {},
      created_at: now,
      updated_at: now,
    }),
  );
  // Two changes of a dynamic attribute, so the aspects' history has a second page (a real cursor).
  for (const status of ['Original', 'Repurposed']) {
    const reply = await call('PATCH', `/dpps/${parent.dpp}/aspects/GeneralProductInformation`, {
      token: await tokenFor(tenant),
      headers: { 'content-type': 'application/merge-patch+json' },
      body: JSON.stringify({ batteryStatus: status }),
    });
    if (reply.status !== 200) throw new Error(`fuzz setup: aspect of ${parent.dpp}: ${reply.status}`);
  }
  const labeling = await call('PUT', `/dpps/${parent.dpp}/aspects/Labeling`, {
    token: await tokenFor(tenant),
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  if (labeling.status !== 200) throw new Error(`fuzz setup: aspect of ${parent.dpp}: ${labeling.status}`);
  for (let i = 0; i < 2; i++) {
    parent.templateFile = await uploadTemplateFile(side, parent);
    parent.dppFile = await uploadDppFile(side, parent);
    parent.card = await addDppCard(side, parent);
    parent.image = await addDppImage(side, parent);
  }
  // Two access grants, each read once through its link, so the grant and access-log lists have a second page.
  for (let i = 0; i < 2; i++) {
    const reply = await call('POST', `/dpps/${parent.dpp}/access-grants`, {
      token: await tokenFor(tenant),
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tier: 'authority', audience: `fuzz-${i}@example.com`, expires_in_days: 30 }),
    });
    if (reply.status !== 201) throw new Error(`fuzz setup: grant of ${parent.dpp}: ${reply.status}`);
    parent.grant = reply.body.grant.id as string;
    parent.access = new URL(reply.body.link).searchParams.get('access')!;
    await call('GET', `/dpp/${parent.dpp}?access=${parent.access}`);
  }
  // Two bulk imports, so the imports list has a second page; the second runs a dry run of two
  // rows (nothing written), so its rows list has a second page too.
  for (let i = 0; i < 2; i++) {
    const reply = await call('POST', '/imports', {
      token: await tokenFor(tenant),
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ format: 'csv', dry_run: true }),
    });
    if (reply.status !== 201) throw new Error(`fuzz setup: import of ${company}: ${reply.status}`);
    parent.import = reply.body.importId as string;
    if (i === 1) {
      await fetch(reply.body.upload.url, { method: 'PUT', headers: reply.body.upload.headers, body: 'name\nA\nB\n' });
      for (let wait = 0; wait < 300; wait++) {
        const status = await call('GET', `/imports/${parent.import}`, { token: await tokenFor(tenant) });
        if (status.body.status === 'done' || status.body.status === 'failed') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }
  // Two versions of the DPP, so its versions list has a second page (a real cursor).
  for (const versionId of ['fuzz-version-1', 'fuzz-version-2']) {
    const reply = await call('POST', `/version/${parent.dpp}/create`, {
      token: await tokenFor(tenant),
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ dppId: parent.dpp, versionId }),
    });
    if (reply.status !== 200) throw new Error(`fuzz setup: version of ${parent.dpp}: ${reply.status}`);
  }
  // Both notarized (each notarize finishes the latest version not yet notarized), so the
  // notarizations list has a second page too; signed by the company's admin wallet.
  const report = fixture('sample.pdf');
  const hash = createHash('sha256').update(report).digest('hex');
  const signer = tenant === 'acme' ? WALLET.acmeAdmin : WALLET.globexAdmin;
  const fields = { companyId: company, hash, signature: signHash(hash, signer), filesList: '[]' };
  for (let i = 0; i < 2; i++) {
    const reply = await call('POST', `/version/${parent.dpp}/notarize`, {
      token: await tokenFor(tenant),
      form: form({ ...fields, submitter: testAccount(signer).address }, { bytes: report, name: 'report.pdf' }),
    });
    if (reply.status !== 200) throw new Error(`fuzz setup: notarize of ${parent.dpp}: ${reply.status}`);
  }
  // Two more versions left to notarize, so the fuzz's own notarizes can succeed.
  for (const versionId of ['fuzz-version-3', 'fuzz-version-4']) {
    const reply = await call('POST', `/version/${parent.dpp}/create`, {
      token: await tokenFor(tenant),
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ dppId: parent.dpp, versionId }),
    });
    if (reply.status !== 200) throw new Error(`fuzz setup: version of ${parent.dpp}: ${reply.status}`);
  }
  return parent;
}

/** The product model of the fuzz companies' templates and DPPs. */
const FUZZ_MODEL = '01a21000-0000-7000-8000-00000000f022';
/** GTIN-14s with their GS1 check digit (a DPP's `code`): the demo's, and GS1's own example. */
const GTINS = ['08012345000012', '04006381333931', '06291041500213'];

/** Valid KYB data (POST /verify-business): a VAT number the VIES stand-in answers valid. */
const FUZZ_KYB_DATA = {
  company_name: 'Fuzz S.r.l.',
  vat_number: 'IT11111110018',
  street_address: 'Via del Fuzz 1',
  zip_or_postal_code: '20121',
  city_or_town: 'Milano',
  district_or_province: 'MI',
  sdi_or_pec: 'M5UXCR1',
  rea_code: 'MI-1234567',
  country_code: 'IT',
};

/**
 * Seats of a fuzz company: each invitation the fuzz makes takes one (members and pending
 * invitations share the limit), so that no FUZZ_RUNS anyone runs fills them. The limit itself
 * (MEMBER_LIMIT_EXCEEDED) is test/functions/invitations.test.ts's.
 */
const FUZZ_SEATS = 10_000;

/**
 * An address and an e-mail no one has: made from the run's own company id (unique per run),
 * a tag and a number, so a case's values are the same each time it is rendered and differ
 * from every other case's. The address in EIP-55 for odd numbers, in lower case for even ones.
 */
function freshWallet(world: Pick<World, 'companies'> | string, tag: string, n: number): string {
  const run = typeof world === 'string' ? world : world.companies.own.id;
  const lower = `0x${createHash('sha256').update(`${run} ${tag} ${n}`).digest('hex').slice(0, 40)}`;
  return n % 2 === 1 ? checksumAddress(lower) : lower;
}
const freshEmail = (world: World, tag: string, n: number) =>
  `${tag}-${n}@${world.companies.own.id.slice(-12)}.fuzz.example`;

async function issueToken(apiKey: string, wallet: string): Promise<string> {
  const reply = await call('GET', `/generateJWT/${apiKey}/${wallet}`);
  if (reply.status !== 200) throw new Error(`fuzz setup: generateJWT: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body.authToken as string;
}

/** A company of the fuzz's own: the company item, its admin (a member), an API key and an operator, and the admin's token. */
async function fuzzCompany(side: 'own' | 'foreign'): Promise<FuzzCompany> {
  const id = uuidv7();
  const now = new Date().toISOString();
  const apiKey = `fuzz-${side}-${randomUUID()}`;
  const admin = { id: uuidv7(), email: `admin-${side}-${id}@fuzz.example`, wallet: freshWallet(id, 'admin', 1) };
  const operator = uuidv7();
  const { doc } = clients();
  const put = (Item: object) => doc.send(new PutCommand({ TableName: localEnv.TABLE_NAME, Item }));
  const member = toMemberItems({ ...admin, company_id: id, role: 'admin', created_at: now });
  await Promise.all([
    put(
      toCompanyItem({
        id,
        name: `Fuzz ${side} & <Co> S.r.l.`,
        country_code: 'IT',
        created_at: now,
        seats_used: 1,
        member_limit: FUZZ_SEATS,
      }),
    ),
    put(member.user),
    put(member.wallet),
    put(member.emailClaim),
    put(toApiKeyItem(apiKey, { company_id: id, name: 'fuzz', enabled: true, created_at: now })),
    put(
      toOperatorItem({
        id: operator,
        company_id: id,
        email: `operator-${side}@fuzz.example`,
        country_code: 'IT',
        company_name: 'Fuzz Repairs S.r.l.',
        activity: 'repairer',
        created_at: now,
        updated_at: now,
      }),
    ),
  ]);
  const token = await issueToken(apiKey, admin.wallet);
  // KYB VERIFIED (the VIES stand-in confirms FUZZ_KYB_DATA), so the company may create DPPs, and a template of its own.
  const json = (body: unknown) => ({
    token,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const kyb = await call('POST', '/verify-business', json({ userId: admin.id, userData: FUZZ_KYB_DATA }));
  if (kyb.status !== 200) throw new Error(`fuzz setup: KYB of the ${side} fuzz company: ${kyb.status}`);
  const template = await call('POST', '/templates', json({ name: `Fuzz ${side} template`, model_id: FUZZ_MODEL }));
  if (template.status !== 200) throw new Error(`fuzz setup: template of the ${side} fuzz company: ${template.status}`);
  return { id, apiKey, admin, operator, token, template: template.body.template.id as string };
}

let invited = 0;

/** A pending invitation of the fuzz's own company, made by its admin through POST /create-invitation; resolves to its id. */
async function invite(world: World): Promise<string> {
  const company = world.companies.own;
  invited += 1;
  const email = freshEmail(world, 'setup', invited);
  const reply = await call('POST', '/create-invitation', {
    token: company.token,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password: 'fuzz invitee password',
      wallet_address: freshWallet(world, 'setup', invited),
    }),
  });
  if (reply.status !== 200) throw new Error(`fuzz setup: invitation: ${reply.status} ${JSON.stringify(reply.body)}`);
  // The id is the e-mail's secret; the e-mail claim of the invitation names it.
  const claim = await clients().doc.send(
    new GetCommand({ TableName: localEnv.TABLE_NAME, Key: keys.emailClaim(company.id, email), ConsistentRead: true }),
  );
  const id = claim.Item?.invitation_id;
  if (typeof id !== 'string') throw new Error(`fuzz setup: no invitation for ${email}`);
  return id;
}

/** Invitations for the accept route: two pending, one accepted, one expired (left, as reclaiming one leaves it, without its claims). */
async function setUpInvitations(world: World): Promise<void> {
  world.invitations.pending.push(await invite(world), await invite(world));
  const accepted = await invite(world);
  const reply = await call('POST', '/accept-invitation', {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ invitationId: accepted }),
  });
  if (reply.status !== 200) throw new Error(`fuzz setup: accept: ${reply.status} ${JSON.stringify(reply.body)}`);
  const company = world.companies.own;
  const expired = toInvitationItems({
    id: newInvitationId(),
    company_id: company.id,
    email: freshEmail(world, 'expired', 1),
    wallet: freshWallet(world, 'expired', 1),
    password_hash: 'scrypt$16384$8$1$c2FsdA$a2V5',
    invited_by: company.admin.id,
    created_at: new Date(Date.now() - 8 * 86_400_000).toISOString(),
  }).invitation;
  await clients().doc.send(new PutCommand({ TableName: localEnv.TABLE_NAME, Item: expired }));
  world.invitations.used.push(accepted, expired.id);
}

/**
 * After a write: pending invitations the stored state shows accepted (or gone) move to `used`,
 * and new ones are made so that two are pending. Resolves to whether the lists changed (the
 * snapshot then covers other items).
 */
export async function keepInvitations(world: World, state: string): Promise<boolean> {
  const { items } = JSON.parse(state) as { items: Array<Array<{ type?: string; id?: string; status?: string }>> };
  const status = new Map(items.flat().flatMap((item) => (item.type === 'INVITATION' ? [[item.id, item.status]] : [])));
  const { pending, used } = world.invitations;
  const still = pending.filter((id) => status.get(id) === 'PENDING');
  if (still.length === pending.length) return false;
  used.push(...pending.filter((id) => !still.includes(id)));
  while (still.length < 2) still.push(await invite(world));
  world.invitations.pending = still;
  return true;
}

/** The demo promotional codes of the Stripe stand-in: the redeemable ones first (a case shrinks towards the first). */
const CODES = DEMO_PROMOTION_CODES;
const REDEEMABLE = [CODES.percent.code, CODES.amount.code, CODES.percent.code.toLowerCase()];
const REFUSED = [
  CODES.expired.code,
  CODES.exhausted.code,
  CODES.inactive.code,
  CODES.invalidCoupon.code,
  'NOSUCHCODE2026',
];

/**
 * What is special about some routes' cases:
 * - get-non-official-operator: `userId` is one of the company's non-official operators (the
 *   demo data's); the demo pool has Acme's former operator and its admin (members: 400).
 * - validate-promotional-code: every demo code, Acme's own customer code (ACMEVIP40) included.
 * - create-dpp, create-template: each 200 adds a DPP or a template to the caller's company, so
 *   their callers are the fuzz's own companies (KYB VERIFIED, a template each), whose DPPs and
 *   templates the snapshot holds: a real `code` (a GTIN-14), the company's template and model.
 * - create-invitation, accept-invitation, discount-subscription, update-company: each 200 takes a
 *   seat or the company's one plan, or sets its operator id, so their callers are the fuzz's own companies (and only their values):
 *   an invitee's e-mail and wallet new in each case, the company's operator, the admin's id and
 *   e-mail (in either case), the demo codes; pending invitations to accept. `foreign` holds the
 *   other fuzz company's ids, its admin's e-mail and wallet (a member of another company may be
 *   invited), another customer's code, and invitations no longer to be accepted.
 */
function routeWorlds(world: World): Record<string, RouteWorld> {
  const acme = demo.acme.company.id;
  const operators = (company: string) =>
    demoData.operators.filter((o) => o.company === company && !o.member).map((o) => o.id);
  const globexOperators = () => operators(demo.globex.company.id);
  const company = (side: 'own' | 'foreign'): Pools => {
    const c = () => world.companies[side];
    return {
      companyid: () => [c().id],
      userid: () => [c().admin.id],
      useremail: () => [c().admin.email, c().admin.email.toUpperCase()],
      operatorid: () => [c().operator],
    };
  };
  const ownCompany = {
    tokens: { own: world.companies.own.token, foreign: world.companies.foreign.token },
    only: true as const,
    pools: {
      own: {
        ...company('own'),
        email: () => [freshEmail(world, 'invitee', world.caseNo)],
        walletaddress: () => [freshWallet(world, 'invitee', world.caseNo)],
        promotionalcode: () => [...REDEEMABLE, ...REFUSED],
        invitationid: () => world.invitations.pending,
      },
      foreign: {
        ...company('foreign'),
        email: () => [world.companies.foreign.admin.email],
        walletaddress: () => [world.companies.foreign.admin.wallet],
        promotionalcode: () => [CODES.customerOnly.code],
        invitationid: () => world.invitations.used,
      },
    },
  };
  const authoring = (side: 'own' | 'foreign'): Pools => ({
    templateid: () => [world.companies[side].template],
    modelid: () => [FUZZ_MODEL],
    code: () => GTINS,
  });
  const ownAuthoring = {
    tokens: { own: world.companies.own.token, foreign: world.companies.foreign.token },
    only: true as const,
    pools: { own: authoring('own'), foreign: authoring('foreign') },
  };
  return {
    'create-dpp': ownAuthoring,
    'create-template': ownAuthoring,
    'get-non-official-operator': {
      pools: {
        own: { userid: () => operators(acme) },
        foreign: { userid: globexOperators },
        demo: { userid: () => [demo.acme.formerOperator.id, demo.acme.admin.id] },
        demoForeign: { userid: globexOperators },
      },
    },
    'validate-promotional-code': {
      pools: { own: { promotionalcode: () => [...REDEEMABLE, CODES.customerOnly.code, ...REFUSED] } },
    },
    'create-invitation': ownCompany,
    'accept-invitation': ownCompany,
    'discount-subscription': ownCompany,
    // Sets the whole company's EORI number or LEI: the demo companies' stay as seeded (their registry records).
    'update-company': ownCompany,
    // Public reads of a published DPP: the demo X1 (the fuzz's PUT /dpps may unpublish its own DPPs),
    // its versions and its GS1 Digital Link URI; its data carrier (Acme's token is `own`).
    'get-dpp-version-document': { pools: { own: { dppid: () => [demo.acme.dpp.id], version: () => ['1', '2'] } } },
    'resolve-item': {
      pools: { own: { path: () => ['08012345000012/21/X1-000123', '08012345000012/10/KL8G/21/X1-000123'] } },
    },
    'resolve-product': { pools: { own: { gtin: () => ['08012345000012', '8012345000012'] } } },
    'get-dpp-qr': { pools: { own: { dppid: () => [demo.acme.dpp.id] } } },
    // The public downloads of X1's file and image (fuzzed before delete-dpp-image, in route-table order).
    'get-public-dpp-file': {
      pools: { own: { dppid: () => [demo.acme.dpp.id], dppfileid: () => [demo.acme.dpp.files[0]!.id] } },
    },
    'get-public-dpp-image': {
      pools: { own: { dppid: () => [demo.acme.dpp.id], imageid: () => [demo.acme.dpp.images[0]!.id] } },
    },
    // The same through a grant (an `access` value from the generator: none opens a restricted part).
    'download-dpp-file': {
      pools: { own: { dppid: () => [demo.acme.dpp.id], dppfileid: () => [demo.acme.dpp.files[0]!.id] } },
    },
    'download-dpp-image': {
      pools: { own: { dppid: () => [demo.acme.dpp.id], imageid: () => [demo.acme.dpp.images[0]!.id] } },
    },
    // The sector profiles the repository ships (lib/profiles/data/).
    'get-profile': { pools: { own: { profileid: () => SUMMARIES.map((profile) => profile.id) } } },
    // The seeded EV battery passport's aspects (its profile's), public and through a generated `access`.
    'get-public-dpp-aspect': {
      pools: { own: { dppid: () => [BATTERY_DPP], aspect: () => PROFILES.flatMap((p) => p.aspects.map((a) => a.id)) } },
    },
    // The passport API (lib/passport-api): X1 at dates after its seeded versions; the EV battery passport's elements;
    // the elements a write may replace on the fuzz's own DPP.
    'read-passport-at-date': {
      pools: {
        own: { dppid: () => [demo.acme.dpp.id], date: () => ['2030-01-01T00:00:00Z', '2099-12-31T23:59:59+01:00'] },
      },
    },
    'read-passport-element': {
      pools: {
        own: {
          dppid: () => [BATTERY_DPP],
          elementpath: () => ['name', 'aspects', ...PROFILES.flatMap((p) => p.aspects.map((a) => `aspects/${a.id}`))],
        },
      },
    },
    'update-passport-element': { pools: { own: { elementpath: () => ['name', 'description', 'type'] } } },
    // The invitation page reads any invitation, pending or settled (its own fuzz's, like the accept route's).
    'get-invitation-page': {
      pools: { own: { invitationid: () => [...world.invitations.pending, ...world.invitations.used] } },
    },
  };
}

/** The pools a route's cases draw from. */
function poolOf(world: World, fn: string | undefined, pool: Pool): Pools {
  const route = fn === undefined ? undefined : world.byRoute[fn];
  if (!route) return world.pools[pool];
  return route.only ? (route.pools[pool] ?? {}) : { ...world.pools[pool], ...route.pools[pool] };
}

export async function createWorld(cursorRoutes: Array<{ fn: string; path: string }>): Promise<World> {
  const tokens = { acme: await tokenFor('acme'), globex: await tokenFor('globex') };
  // Both companies have KYB data, so GET /kyb-data/{userId} has something to answer.
  for (const tenant of ['acme', 'globex'] as const) {
    const reply = await call('POST', '/verify-business', {
      token: tokens[tenant],
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: demo[tenant].admin.id, userData: FUZZ_KYB_DATA }),
    });
    if (reply.status !== 200) throw new Error(`fuzz setup: KYB of ${tenant}: ${reply.status}`);
  }
  const bad = await badTokens();
  const owned = { own: await ownParent('own'), foreign: await ownParent('foreign') };
  const { acme, globex } = demo;
  const ids = (parent: () => Parent, tenant: Tenant, apiKey: string[], wallet: string[]) => ({
    templateid: () => [parent().template],
    // A file of the parent the path names: the route's path decides (see `resolve`).
    templatefileid: () => [parent().templateFile],
    dppfileid: () => [parent().dppFile],
    cardid: () => [parent().card],
    imageid: () => [parent().image],
    grantid: () => [parent().grant],
    importid: () => [parent().import],
    // A grant's audience: the company's non-official operator (e-mailed), or an e-mail address.
    audience: () => [
      demoData.operators.find((o) => o.company === demo[tenant].company.id && !o.member)!.id,
      'fuzz-reader@example.com',
    ],
    // A supplied translation (PUT /dpps/{dppId}/translations/{language}): texts of the DPP's own file and card.
    files: () => [JSON.stringify({ [parent().dppFile]: { name: 'Fuzz-Datei', description: 'Vom Fuzz übersetzt' } })],
    cards: () => [JSON.stringify({ [parent().card]: { name: 'Fuzz-Karte', description: '' } })],
    dppid: () => [parent().dpp],
    // An aspect of the battery profile the fuzz's passports follow, written empty by the setup (the
    // passports count as published: a write may take nothing mandatory away, and an empty one takes nothing).
    aspect: () => ['Labeling'],
    // A version of that DPP (GET /dpp/{dppId}/versions/{version}): the fuzz's parents have four, Acme's demo DPP two.
    version: () => ['1'],
    modelid: () => [parent().model],
    companyid: () => [demo[tenant].company.id],
    userid: () => [demo[tenant].admin.id],
    // DPPs a company may link (related DPPs): its partner Volta's, only read by a link; Globex has none.
    relateddppids: () => (tenant === 'acme' ? [demo.volta.dpp.id] : [parent().dpp]),
    apikey: () => apiKey,
    walletaddress: () => wallet,
    // Notarize: the wallet signs (see `signature`), nothing is listed.
    submitter: () => wallet,
    fileslist: () => ['[]'],
    // KYB data that passes the offline checks and that the VIES stand-in confirms (its demo numbers).
    userdata: () => [JSON.stringify(FUZZ_KYB_DATA)],
  });
  const demoParent = (tenant: Tenant): Parent => {
    const t = demo[tenant];
    return {
      company: t.company.id,
      template: t.template.id,
      templateFile: t.template.files[0]!.id,
      dpp: t.dpp.id,
      model: t.dpp.model_id,
      dppFile: t.dpp.files[0]!.id,
      card: t.dpp.cards[0]!.id,
      image: t.dpp.images[0]!.id,
      // The demo passports have no grant: an id no grant has.
      grant: '01a19656-ffff-7000-8000-000000000000',
      // The demo has no import either: an id no import has.
      import: '01a19656-ffff-7000-8000-0000000000ff',
    };
  };
  const companies = { own: await fuzzCompany('own'), foreign: await fuzzCompany('foreign') };
  const world: World = {
    tokens,
    bad: bad as World['bad'],
    owned,
    byRoute: {},
    companies,
    invitations: { pending: [], used: [] },
    caseNo: 0,
    pools: {
      own: ids(() => owned.own, 'acme', [acme.apiKey], [acme.admin.wallet]),
      foreign: ids(() => owned.foreign, 'globex', [globex.apiKey], [globex.admin.wallet]),
      demo: ids(() => demoParent('acme'), 'acme', [acme.apiKey, acme.disabledApiKey], [acme.company.users[1]!.wallet]),
      demoForeign: ids(() => demoParent('globex'), 'globex', [globex.apiKey], [globex.admin.wallet]),
    },
    cursors: { own: new Map(), foreign: new Map() },
  };
  world.byRoute = routeWorlds(world);
  await setUpInvitations(world);
  // A real cursor for every list route: the first page of one item of each company's fuzz-owned parent.
  for (const side of ['own', 'foreign'] as const) {
    for (const route of cursorRoutes) {
      const path = route.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
        resolveRef(world, side, poolName(name), route.path),
      );
      // A public list reads at its reader's tier: the history of the battery's dynamic attributes
      // (legitimate_interest, all of them) has pages only through a grant.
      const access = route.path.startsWith('/dpp/') ? { 'x-dpp-access': owned[side].access ?? '' } : undefined;
      const reply = await call('GET', `${path}?limit=1`, { token: tokens[tenantOf[side]], headers: access });
      if (typeof reply.body?.nextCursor !== 'string') throw new Error(`fuzz setup: no cursor from ${path}`);
      world.cursors[side].set(route.fn, reply.body.nextCursor);
    }
  }
  return world;
}

/** Which pools hold real values for a field name, in the cases of route `fn`. */
export const poolNames = (world: World, fn: string): PoolNames => ({
  has: (pool, name) => {
    // A file id in every pool (see resolveRef); the true hash of the file sent is the caller's own only.
    if (name === 'fileid') return true;
    if (name === 'hash' || name === 'signature') return pool === 'own';
    if (name === 'cursor') return pool === 'own' || pool === 'foreign';
    return name in poolOf(world, fn, pool);
  },
  many: (pool, name) => name in (world.byRoute[fn]?.pools[pool] ?? {}),
});

/** A real value: `fileId` is a file of the parent the same path names (a template's or a DPP's). */
function resolveRef(world: World, pool: Pool, name: string, routePath: string, fn?: string, pick = 0): string {
  let key = name;
  if (name === 'fileid') key = routePath.includes('{templateId}') ? 'templatefileid' : 'dppfileid';
  if (name === 'cursor') {
    const cursor = fn && (pool === 'own' || pool === 'foreign') ? world.cursors[pool].get(fn) : undefined;
    if (!cursor) throw new Error(`fuzz: no ${pool} cursor for ${fn}`);
    return cursor;
  }
  const values = poolOf(world, fn, pool)[key]?.();
  if (!values?.length) throw new Error(`fuzz: no ${pool} value for ${name}`);
  return values[pick % values.length]!;
}

// ---------------------------------------------------------------------------------------------
// Rendering a case to the bytes on the wire

export interface WireRequest {
  method: string;
  /** Path and query exactly as on the request line. */
  url: string;
  headers: Array<[string, string]>;
  body?: Buffer;
}

const CRLF = '\r\n';

const FILES: Record<Exclude<FileContent, { bytes: number[] }>, () => Buffer> = {
  pdf: () => fixture('sample.pdf'),
  png: () => fixture('sample.png'),
  csv: () => fixture('sample.csv'),
  text: () => Buffer.from('hello, fuzz\n'),
  json: () => Buffer.from('{"a":[1,2,3]}'),
  empty: () => Buffer.alloc(0),
  zip: () => Buffer.from('PK\u0003\u0004\u0014\u0000\u0000\u0000', 'latin1'),
  // The upload limit (lib/limits.ts), and one byte over it: plain text, so the type is allowed.
  'at-limit': () => Buffer.alloc(MAX_UPLOAD_BYTES, 0x61),
  oversize: () => Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x61),
  // Over the functions' multipart body limit (lib/limits.ts), under API Gateway's 10 MiB.
  'body-oversize': () => Buffer.alloc(6 * 1024 * 1024, 0x61),
};
const fileBytes = (content: FileContent) =>
  typeof content === 'object' ? Buffer.from(content.bytes) : FILES[content]();

interface Context {
  world: World;
  routePath: string;
  fn: string;
  /** The SHA-256 of the body's first file, for a real `hash`. */
  fileHash: string;
}

function resolvePiece(piece: Piece, ctx: Context): { text: string } | { raw: string } | undefined {
  if ('omit' in piece) return undefined;
  if ('ref' in piece) {
    if (piece.name === 'hash') return { text: ctx.fileHash };
    // The caller's admin wallet's personal_sign of that hash (a notarize's `signature`).
    if (piece.name === 'signature') return { text: signHash(ctx.fileHash, WALLET.acmeAdmin) };
    return { text: resolveRef(ctx.world, piece.ref, piece.name, ctx.routePath, ctx.fn, piece.pick) };
  }
  return piece;
}

const inUrl = (value: { text: string } | { raw: string }) =>
  'raw' in value ? value.raw : encodeURIComponent(value.text.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
const inHeader = (value: { text: string } | { raw: string }) =>
  'raw' in value ? value.raw : Buffer.from(value.text, 'utf8').toString('latin1');
const asText = (value: { text: string } | { raw: string }) => ('raw' in value ? value.raw : value.text);

/** The `authorization` header: `own` and `foreign` are Acme's and Globex's admins, or the route's own callers. */
function authorization(auth: AuthCase, world: World, fn: string): string | undefined {
  const tokens = world.byRoute[fn]?.tokens ?? { own: world.tokens.acme, foreign: world.tokens.globex };
  if (auth === 'none') return undefined;
  if (auth === 'own') return `Bearer ${tokens.own}`;
  if (auth === 'foreign') return `Bearer ${tokens.foreign}`;
  if (typeof auth === 'string') return `Bearer ${world.bad[auth]}`;
  const token = auth.token === 'own' ? tokens.own : (auth.raw ?? '');
  return `${auth.scheme}${auth.scheme ? ' ' : ''}${token}${auth.suffix ?? ''}`;
}

function multipartContentType(body: Extract<BodyCase, { kind: 'multipart' }>): string | undefined {
  const b = body.boundary;
  const type = body.type;
  if (typeof type === 'object') return type.raw;
  const quoted = `"${b}"`;
  // A boundary with characters a token cannot hold must be quoted (RFC 2046).
  const param = /^[!#$%&'*+.^`|~\w-]+$/.test(b) ? b : quoted;
  switch (type) {
    case 'plain':
      return `multipart/form-data; boundary=${param}`;
    case 'quoted':
      return `multipart/form-data; boundary=${quoted}`;
    case 'compact-uppercase':
      return `Multipart/Form-Data;boundary=${param}`;
    case 'wrong-boundary':
      return `multipart/form-data; boundary=other${b.length < 60 ? 'X' : ''}`;
    case 'no-boundary':
      return 'multipart/form-data';
    case 'empty-boundary':
      return 'multipart/form-data; boundary=';
    case 'two-boundaries':
      return `multipart/form-data; boundary=${param}; boundary=second`;
    case 'none':
      return undefined;
  }
}

function renderMultipart(body: Extract<BodyCase, { kind: 'multipart' }>, ctx: Context): Buffer {
  const b = body.boundary;
  const chunks: Buffer[] = [];
  const eol = body.framing === 'lf-only' ? '\n' : CRLF;
  if (body.framing === 'preamble-and-epilogue') chunks.push(Buffer.from(`This is the preamble.${CRLF}`));
  if (body.framing !== 'close-only' && body.framing !== 'nothing') {
    for (const part of body.parts) {
      const disposition = part.disposition
        ? `Content-Disposition: ${part.disposition}`
        : part.name === null
          ? 'Content-Disposition: form-data'
          : `Content-Disposition: form-data; name="${part.name}"${part.file ? `; filename="${part.file.filename}"` : ''}`;
      const type = part.file?.type ? `Content-Type: ${part.file.type}${eol}` : '';
      const head = `--${b}${eol}${disposition}${eol}${type}${part.extraHeaders ?? ''}${eol}`;
      const value = part.value ? resolvePiece(part.value, ctx) : undefined;
      const content = part.file ? fileBytes(part.file.content) : Buffer.from(value ? asText(value) : '', 'utf8');
      chunks.push(Buffer.from(head, 'utf8'), content, Buffer.from(eol));
    }
  }
  if (body.framing !== 'nothing' && body.framing !== 'no-close') {
    let close = `--${b}--${eol}`;
    if (body.framing === 'close-without-final-crlf') close = `--${b}--`;
    if (body.framing === 'close-without-crlf') {
      // The closing delimiter right after the content, without the CRLF before it (a defect the fuzz once found).
      const last = chunks.pop();
      if (last && last.toString() !== eol) chunks.push(last);
      close = ` --${b}--`;
    }
    if (body.framing === 'preamble-and-epilogue') close += `This is the epilogue.${CRLF}`;
    chunks.push(Buffer.from(close));
  }
  return Buffer.concat(chunks);
}

function renderJson(body: Extract<BodyCase, { kind: 'json' }>, ctx: Context): Buffer {
  let value: unknown;
  if ('literal' in body.value) value = body.value.literal;
  else {
    const object: Record<string, unknown> = {};
    for (const [name, piece] of body.value.fields) {
      if ('json' in piece) {
        object[name] = piece.json;
        continue;
      }
      if ('ref' in piece && piece.list) {
        object[name] = poolOf(ctx.world, ctx.fn, piece.ref)[poolName(piece.name)]?.() ?? [];
        continue;
      }
      if ('ref' in piece && piece.parse) {
        const text = poolOf(ctx.world, ctx.fn, piece.ref)[poolName(piece.name)]?.()[0];
        if (text !== undefined) object[name] = JSON.parse(text);
        continue;
      }
      const v = resolvePiece(piece, ctx);
      if (v) object[name] = asText(v);
    }
    value = object;
  }
  return Buffer.from(JSON.stringify(value) ?? 'null', 'utf8');
}

/** What a case's pieces resolve against: the world, and the true hash of the file the case sends. */
function contextOf(c: RequestCase, routePath: string, world: World): Context {
  const firstFile = c.body.kind === 'multipart' ? c.body.parts.find((p) => p.file)?.file : undefined;
  return {
    world,
    routePath,
    fn: c.fn,
    fileHash: createHash('sha256')
      .update(firstFile ? fileBytes(firstFile.content) : Buffer.alloc(0))
      .digest('hex'),
  };
}

/** The exact request a case stands for. */
export function render(c: RequestCase, routePath: string, world: World): WireRequest {
  const ctx = contextOf(c, routePath, world);
  const path =
    c.rawPath ??
    routePath.replace(/\{(\w+)(\+?)\}/g, (_, name: string, greedy: string) => {
      const value = resolvePiece(c.params[name]!, ctx);
      if (!value) return '';
      // A greedy `{name+}` spans segments: each encoded, its slashes kept (an encoded one is no separator).
      if (greedy && 'text' in value)
        return value.text
          .split('/')
          .map((text) => inUrl({ text }))
          .join('/');
      return inUrl(value);
    });
  const query = c.query
    .map(([name, piece]) => {
      const value = resolvePiece(piece, ctx);
      return value ? `${encodeURIComponent(name)}=${inUrl(value)}` : encodeURIComponent(name);
    })
    .join('&');
  const headers: Array<[string, string]> = [];
  const auth = authorization(c.auth, world, c.fn);
  if (auth !== undefined) headers.push(['authorization', auth]);
  for (const [name, piece] of c.headers) {
    const value = resolvePiece(piece, ctx);
    if (value) headers.push([name, inHeader(value)]);
  }
  let body: Buffer | undefined;
  let type: string | null | undefined;
  let cut: number | undefined;
  switch (c.body.kind) {
    case 'multipart':
      body = renderMultipart(c.body, ctx);
      type = multipartContentType(c.body);
      cut = c.body.cut;
      break;
    case 'json':
      body = renderJson(c.body, ctx);
      type = c.body.type;
      cut = c.body.cut;
      break;
    case 'raw':
      body = Buffer.from(c.body.text.repeat(c.body.repeat ?? 1), 'utf8');
      type = c.body.type;
      break;
  }
  if (body && cut !== undefined) body = body.subarray(0, Math.floor(body.length * cut));
  if (type) headers.push(['content-type', inHeader({ text: type })]);
  // A `transfer-encoding` the fuzz asks for is sent as a header only; the body always has its length.
  const sent = headers.filter(([name]) => name !== 'transfer-encoding' || body === undefined);
  return { method: c.method, url: query ? `${path}?${query}` : path, headers: sent, body };
}

/** The request as a person reads it in a failure: curl-like, long values cut. */
export function show(request: WireRequest): string {
  const cut = (s: string, n = 300) => (s.length > n ? `${s.slice(0, n)}…(${s.length} chars)` : s);
  const token = (value: string) =>
    value.replace(/[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{20,}/g, '<jwt>');
  const lines = [`${request.method} ${cut(request.url)}`];
  for (const [name, value] of request.headers) lines.push(`${name}: ${cut(JSON.stringify(token(value)).slice(1, -1))}`);
  if (request.body) lines.push('', cut(JSON.stringify(request.body.toString('latin1')).slice(1, -1), 1200));
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------
// Sending

const agent = new Agent({ keepAlive: true, maxSockets: 4 });
const target = new URL(apiUrl);

export interface WireReply {
  status: number;
  headers: Headers;
  text: string;
  body: unknown;
}

/** Sends the request exactly as rendered (node:http: the path is not normalised, `..` and bad escapes go as they are). */
export function send(wire: WireRequest, timeoutMs = 10_000): Promise<WireReply> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of wire.headers) {
      const before = headers[name];
      headers[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
    }
    if (wire.body) headers['content-length'] = String(wire.body.length);
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        method: wire.method,
        path: wire.url,
        headers,
        agent,
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // not JSON: the contract check says so
          }
          const h = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            if (value !== undefined) h.set(name, Array.isArray(value) ? value.join(', ') : value);
          }
          resolve({ status: res.statusCode ?? 0, headers: h, text, body });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(wire.body);
  });
}

export const closeAgent = () => agent.destroy();

// ---------------------------------------------------------------------------------------------
// Stored state

let cached: ReturnType<typeof localClients> | undefined;
const clients = () => {
  cached ??= localClients(localEnv);
  return cached;
};

/**
 * The stored state is read where the engines keep it, not through the stack's IAM check (infra/local/stack.ts,
 * `stored`): DynamoDB Local's own endpoint, and the S3 engine's directory. A snapshot follows every write case
 * (about 1,200 snapshots and 11,000 reads a run): through the checked path, with the SDK's signing on both sides,
 * they cost more CPU than the fuzz's requests themselves. The snapshot tests below show it still sees a change.
 */
let storedDoc: DynamoDBDocumentClient | undefined;
const storedTable = () => {
  storedDoc ??= localClients({ ...localEnv, DYNAMODB_ENDPOINT: inject('storedAt').dynamodbEndpoint }).doc;
  return storedDoc;
};

/** s3rver keeps an object's bytes at `<directory>/<bucket>/<key>._S3rver_object`, its MD5 (the ETag) beside it. */
const OBJECT_SUFFIX = '._S3rver_object';

/** The objects under a prefix that ends in `/` (a directory in s3rver's layout), as `<key> <size> <etag>` lines. */
async function objectsUnder(prefix: string): Promise<string[]> {
  if (!prefix.endsWith('/')) throw new Error(`fuzz: object prefixes end in "/": ${prefix}`);
  const bucketDir = join(inject('storedAt').s3Directory, localEnv.BUCKET_NAME!);
  const entries = await readdir(join(bucketDir, prefix), { recursive: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  const objects = entries.filter((entry) => entry.endsWith(OBJECT_SUFFIX));
  return (
    await Promise.all(
      objects.map(async (entry) => {
        const path = join(bucketDir, prefix, entry);
        const [{ size }, md5] = await Promise.all([stat(path), readFile(`${path}.md5`, 'utf8').catch(() => '')]);
        return `${prefix}${entry.slice(0, -OBJECT_SUFFIX.length)} ${size} "${md5}"`;
      }),
    )
  ).sort();
}

/** The items of these item collections and the objects under these prefixes, as deterministic text. */
async function storedUnder(pks: string[], prefixes: string[], gsi1pks: string[] = []): Promise<string> {
  const doc = storedTable();
  const collections: Array<{ key: string; pk: string; IndexName?: string }> = [
    ...pks.map((pk) => ({ key: 'pk', pk })),
    // What a company owns (its DPPs and templates), by its index partition.
    ...gsi1pks.map((pk) => ({ key: 'gsi1pk', pk, IndexName: gsi1.name })),
  ];
  // The table's items and the bucket's objects are read at once: a snapshot follows every write case.
  const itemsRead = Promise.all(
    collections.map(async ({ key, pk, IndexName }) => {
      const out: unknown[] = [];
      let ExclusiveStartKey: Record<string, unknown> | undefined;
      do {
        const page = await doc.send(
          new QueryCommand({
            TableName: localEnv.TABLE_NAME,
            IndexName,
            KeyConditionExpression: `${key} = :pk`,
            ExpressionAttributeValues: { ':pk': pk },
            ExclusiveStartKey,
          }),
        );
        out.push(...(page.Items ?? []));
        ExclusiveStartKey = page.LastEvaluatedKey;
      } while (ExclusiveStartKey);
      return out;
    }),
  );
  const [items, objects] = await Promise.all([itemsRead, Promise.all(prefixes.map(objectsUnder))]);
  return JSON.stringify({ items: items.map((list) => list.map(stable)), objects }, null, 1);
}

/** The collections and object prefixes of a template and a DPP with these ids, under a company. */
const parentPlaces = (company: string, template: string, dpp: string) => ({
  pks: [`TEMPLATE#${template}`, `DPP#${dpp}`],
  prefixes: [
    objectKeys.templateFile(company, template, '', '').replace(/files\/\/$/, ''),
    objectKeys.dppFile(company, dpp, '', '').replace(/files\/\/$/, ''),
  ],
});

/**
 * Everything a write of the fuzz could change: the items of the fuzz's own template and
 * DPP collections of both companies, read straight from DynamoDB Local, and their objects
 * in the bucket; the fuzz's own companies' collections (company item with its seats and plan,
 * members, e-mail and wallet claims, operators) and its pending invitations, and the DPPs and
 * templates the fuzz's own companies own (their gsi1 partitions). Deterministic text, so two
 * snapshots compare with `===`.
 */
export function snapshot(world: World): Promise<string> {
  const places = [world.owned.own, world.owned.foreign].map((p) => parentPlaces(p.company, p.template, p.dpp));
  const companies = [world.companies.own, world.companies.foreign].map((c) => keys.company(c.id).pk);
  const invitations = world.invitations.pending.map((id) => keys.invitation(id).pk);
  return storedUnder(
    [...places.flatMap((p) => p.pks), ...companies, ...invitations],
    places.flatMap((p) => p.prefixes),
    companies,
  );
}

/** What could be a key: the id rule of lib/schemas.ts (UUIDs included). */
const ID_LIKE = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The stored state under every other id a case names (an unknown template or DPP id in the
 * path or a body field, an invitation id): the collections a write could start there and the
 * objects it could leave behind, under both companies. The fuzz's own parents are in `snapshot`.
 */
export function namedState(c: RequestCase, routePath: string, world: World): Promise<string> {
  const ctx = contextOf(c, routePath, world);
  const pieces = [
    ...Object.values(c.params),
    ...(c.body.kind === 'multipart' ? c.body.parts.flatMap((p) => (p.value ? [p.value] : [])) : []),
    ...(c.body.kind === 'json' && 'fields' in c.body.value
      ? c.body.value.fields.flatMap(([, p]) => ('json' in p ? [] : [p]))
      : []),
  ];
  const own = new Set([world.owned.own, world.owned.foreign].flatMap((p) => [p.template, p.dpp]));
  const ids = new Set(
    pieces
      .filter((p) => !('ref' in p && p.name === 'hash'))
      .map((p) => resolvePiece(p, ctx))
      .flatMap((v) => (v === undefined ? [] : [asText(v)]))
      .filter((id) => ID_LIKE.test(id) && !own.has(id)),
  );
  const companies = [world.owned.own.company, world.owned.foreign.company];
  const places = [...ids].flatMap((id) => companies.map((company) => parentPlaces(company, id, id)));
  const invitations = [...ids].filter((id) => INVITATION_ID.test(id)).map((id) => keys.invitation(id).pk);
  return storedUnder(
    [...new Set([...places.flatMap((p) => p.pks), ...invitations])],
    places.flatMap((p) => p.prefixes),
  );
}

/** An item with its attributes in one order. */
function stable(item: unknown): unknown {
  if (Array.isArray(item)) return item.map(stable);
  if (item && typeof item === 'object')
    return Object.fromEntries(
      Object.entries(item as Record<string, unknown>)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, stable(v)]),
    );
  return item;
}

/** The ids of the files, cards and images the snapshot shows under each fuzz-owned parent. */
export function filesIn(
  state: string,
): Record<'own' | 'foreign', { template: string[]; dpp: string[]; cards: string[]; images: string[] }> {
  const { items } = JSON.parse(state) as { items: Array<Array<{ sk: string; id: string }>> };
  const ids = (list: Array<{ sk: string; id: string }>, prefix: string) =>
    list.filter((item) => item.sk.startsWith(prefix)).map((item) => item.id);
  const under = (template: number, dpp: number) => ({
    template: ids(items[template]!, 'TEMPLATE_FILE#'),
    dpp: ids(items[dpp]!, 'DPP_FILE#'),
    cards: ids(items[dpp]!, 'CARD#'),
    images: ids(items[dpp]!, 'IMAGE#'),
  });
  return { own: under(0, 1), foreign: under(2, 3) };
}
