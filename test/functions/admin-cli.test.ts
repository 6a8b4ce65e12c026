/**
 * `npm run admin` against the integration stack (its stack file), each test on companies it
 * creates itself, so empty ones: checked through the CLI's output and over HTTP, what it writes
 * is what the service reads.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashApiKey } from '../../lib/companies/api-keys/model';
import { apiUrl, localEnv, putVerifiedTestCompany } from '../support/api';
import { runAdmin, runAdminHere, type StackProcess, sharedStackDir } from '../support/stack-process';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const newWallet = () => `0x${randomBytes(20).toString('hex')}`;

let stack: StackProcess;
beforeAll(async () => {
  stack = await sharedStackDir(apiUrl, localEnv);
});
afterAll(async () => {
  await stack?.stop();
});

/** The CLI's command line, run in this process (runAdminHere); the process itself is tested at the end. */
const admin = (...args: string[]) => runAdminHere(stack.dir, args);
const get = (path: string, token?: string) =>
  fetch(`${stack.apiUrl}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

/** Runs a command that must succeed; its stdout, trimmed. */
async function ok(...args: string[]): Promise<string> {
  const run = await admin(...args);
  expect(run.code, run.stderr).toBe(0);
  return run.stdout.trim();
}

async function show(companyId: string) {
  return JSON.parse(await ok('company', 'show', companyId));
}

async function newCompany(name = 'Acme Bikes S.r.l.') {
  return ok('company', 'create', '--name', name, '--country', 'it');
}

describe('npm run admin against a local stack, on companies of its own', () => {
  it('creates a company and shows it: no members, no plan, no KYB check, no keys', async () => {
    const id = await newCompany();
    expect(id).toMatch(UUID);
    expect(await show(id)).toEqual({
      id,
      name: 'Acme Bikes S.r.l.',
      country_code: 'IT',
      created_at: expect.any(String),
      kyb: null,
      plan: null,
      members: { count: 0, seats_used: 0, member_limit: 5 },
      users: [],
      partners: [],
      operators: 0,
      api_keys: { count: 0, enabled: 0 },
    });
  });

  it('adds a member once: the wallet or e-mail again, or an unknown company, exits 1 and writes nothing', async () => {
    const company = await newCompany();
    const wallet = newWallet();
    const userId = await ok(
      'user',
      'add',
      '--company',
      company,
      '--email',
      'Admin@Acme.example',
      '--wallet',
      wallet,
      '--role',
      'admin',
    );
    expect(userId).toMatch(UUID);

    const [sameWallet, sameEmail, unknownCompany] = await Promise.all([
      admin(
        'user',
        'add',
        '--company',
        company,
        '--email',
        'other@acme.example',
        '--wallet',
        wallet,
        '--role',
        'member',
      ),
      admin(
        'user',
        'add',
        '--company',
        company,
        '--email',
        'admin@acme.example',
        '--wallet',
        newWallet(),
        '--role',
        'member',
      ),
      admin(
        'user',
        'add',
        '--company',
        '01a19656-4a80-7000-8000-00000000dead',
        '--email',
        'a@b.example',
        '--wallet',
        newWallet(),
        '--role',
        'member',
      ),
    ]);
    expect(sameWallet).toMatchObject({ code: 1, stdout: '', stderr: expect.stringContaining('WALLET_TAKEN') });
    expect(sameEmail).toMatchObject({ code: 1, stdout: '', stderr: expect.stringContaining('EMAIL_TAKEN') });
    expect(unknownCompany).toMatchObject({ code: 1, stdout: '', stderr: expect.stringContaining('COMPANY_NOT_FOUND') });

    const shown = await show(company);
    expect(shown.members).toEqual({ count: 1, seats_used: 1, member_limit: 5 });
    expect(shown.users).toEqual([
      { id: userId, email: 'admin@acme.example', wallet, role: 'admin', created_at: expect.any(String) },
    ]);
  });

  it('creates an API key GET /generateJWT accepts, lists it without the key, and disables it for the next token', async () => {
    const company = await newCompany();
    const wallet = newWallet();
    await ok(
      'user',
      'add',
      '--company',
      company,
      '--email',
      'admin@acme.example',
      '--wallet',
      wallet,
      '--role',
      'admin',
    );

    const created = await admin('api-key', 'create', '--company', company, '--label', 'backend');
    expect(created.code).toBe(0);
    const key = created.stdout.trim();
    expect(key).toMatch(/^dppk_[A-Za-z0-9_-]{43}$/);
    const keyId = /API key (\S+) created/.exec(created.stderr)?.[1];
    expect(keyId).toMatch(UUID);

    const token = await get(`/generateJWT/${key}/${wallet}`);
    expect(token.status).toBe(200);
    expect(await token.json()).toEqual({ authToken: expect.any(String) });

    const listed = await ok('api-key', 'list', '--company', company);
    expect(listed.split('\n')).toEqual([
      expect.stringMatching(/^id\s+created_at\s+enabled\s+label$/),
      expect.stringMatching(new RegExp(`^${keyId}\\s+\\S+Z\\s+yes\\s+backend$`)),
    ]);
    expect(listed).not.toContain(key);
    expect(listed).not.toContain(hashApiKey(key));

    expect(await ok('api-key', 'disable', keyId!)).toBe(`disabled ${keyId}`);
    const refused = await get(`/generateJWT/${key}/${wallet}`);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: 'invalid API key', code: 'INVALID_API_KEY' });
    expect(await ok('api-key', 'list', '--company', company)).toMatch(
      new RegExp(`^${keyId}\\s+\\S+Z\\s+no\\s+backend$`, 'm'),
    );
    expect((await show(company)).api_keys).toEqual({ count: 1, enabled: 0 });

    const unknown = await admin('api-key', 'disable', '01a19656-4a80-7000-8000-00000000dead');
    expect(unknown).toMatchObject({ code: 1, stderr: expect.stringContaining('API_KEY_NOT_FOUND') });
  });

  it('makes two companies partners, both ways and once; an unknown company exits 1', async () => {
    const [acme, volta] = [await newCompany(), await newCompany('Volta Cells S.L.')];
    expect(await ok('partner', 'add', acme, volta)).toBe(`partners: ${acme} ${volta}`);
    expect(await ok('partner', 'add', volta, acme)).toBe(`partners already: ${volta} ${acme}`);
    expect((await show(acme)).partners).toEqual([volta]);
    expect((await show(volta)).partners).toEqual([acme]);

    const unknown = await admin('partner', 'add', acme, '01a19656-4a80-7000-8000-00000000dead');
    expect(unknown).toMatchObject({ code: 1, stderr: expect.stringContaining('COMPANY_NOT_FOUND') });
    expect((await show(acme)).partners).toEqual([volta]);
  });

  it('adds a non-official operator that GET /view-non-official-operators lists', async () => {
    const company = await newCompany();
    const wallet = newWallet();
    await ok(
      'user',
      'add',
      '--company',
      company,
      '--email',
      'admin@acme.example',
      '--wallet',
      wallet,
      '--role',
      'admin',
    );
    const key = await ok('api-key', 'create', '--company', company);
    const operatorId = await ok(
      'operator',
      'add',
      '--company',
      company,
      '--email',
      'workshop@ciclofficina.example',
      '--country',
      'IT',
      '--company-name',
      'Ciclofficina Rossi',
      '--activity',
      'repairer',
    );
    expect(operatorId).toMatch(UUID);

    const { authToken } = (await (await get(`/generateJWT/${key}/${wallet}`)).json()) as { authToken: string };
    const list = await get(`/view-non-official-operators/${company}`, authToken);
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual({
      nonOfficialOperators: [
        {
          id: operatorId,
          email: 'workshop@ciclofficina.example',
          country_code: 'IT',
          company_name: 'Ciclofficina Rossi',
          created_at: expect.any(String),
        },
      ],
    });
  });

  it.each([
    ['a missing option', ['company', 'create', '--name', 'Acme'], /--country: is required/],
    [
      'a country that is not ISO 3166-1',
      ['company', 'create', '--name', 'Acme', '--country', 'UK'],
      /--country: must be an ISO 3166-1/,
    ],
    [
      'an unknown option',
      ['company', 'create', '--name', 'Acme', '--country', 'IT', '--plan', 'gold'],
      /Unknown option '--plan'/,
    ],
    ['a missing id', ['company', 'show'], /expects <id>, got 0 arguments/],
    ['an id that is not one', ['company', 'show', 'acme'], /<id>: must be a UUID/],
    [
      'a bad e-mail and role',
      [
        'user',
        'add',
        '--company',
        '01a19656-4a80-7000-8000-000000000000',
        '--email',
        'nope',
        '--wallet',
        '0x1234',
        '--role',
        'owner',
      ],
      /--email: must be an e-mail address; --wallet: must be an EVM address.*; --role: must be admin or member/,
    ],
    [
      'a wallet with a wrong checksum',
      [
        'user',
        'add',
        '--company',
        '01a19656-4a80-7000-8000-000000000000',
        '--email',
        'a@b.example',
        '--wallet',
        '0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
        '--role',
        'admin',
      ],
      /--wallet: has a wrong EIP-55 checksum/,
    ],
    [
      'a company as its own partner',
      ['partner', 'add', '01a19656-4a80-7000-8000-000000000000', '01a19656-4a80-7000-8000-000000000000'],
      /cannot be its own partner/,
    ],
    ['an unknown command', ['company', 'delete', 'x'], /company delete: no such command/],
    [
      '--region without --stack',
      ['company', 'show', '01a19656-4a80-7000-8000-000000000000', '--region', 'eu-west-1'],
      /--region goes with --stack/,
    ],
  ])('refuses %s with exit 2, the problem and the usage', async (_, args, problem) => {
    const run = await admin(...args);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(problem);
    expect(run.stderr).toMatch(/usage: npm run admin -- /);
  });

  it('prints the command list and each command’s usage with --help, exit 0', async () => {
    const list = await admin('--help');
    expect(list.code).toBe(0);
    const names = [
      'company create',
      'company show',
      'user add',
      'api-key create',
      'api-key list',
      'api-key disable',
      'partner add',
      'operator add',
      'import',
      'export',
    ];
    for (const name of names) expect(list.stdout).toContain(`  ${name} `);
    const usages = await Promise.all(names.map((name) => admin(...name.split(' '), '--help')));
    usages.forEach((run, i) => {
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(new RegExp(`^usage: npm run admin -- ${names[i]}`));
    });
  });
});

describe('npm run admin -- import <file.csv>: a bulk import through the imports API', () => {
  it('uploads the file, follows its progress, and ends with the counts and the failed rows with their columns', async () => {
    const company = await putVerifiedTestCompany('admin-bulk', 'Bulk Admin S.r.l.');
    const dir = await mkdtemp(join(tmpdir(), 'admin-bulk-'));
    try {
      const file = join(dir, 'passports.csv');
      const code = '08012345999934';
      // Serials of this run's own: the GS1 links they make are the whole stack's.
      const batch = `A${randomBytes(3).toString('hex')}`;
      const rows = Array.from({ length: 40 }, (_, i) =>
        [
          `Cell ${i + 1}`,
          'battery',
          code,
          '01a29000-0000-7000-8000-00000000c003',
          i === 6 ? 'xx' : 'en',
          `${batch}-${i + 1}`,
        ].join(';'),
      );
      await writeFile(file, `name;type;code;model_id;language;serial\n${rows.join('\n')}\n`);
      const args = ['import', file, '--api-key', company.apiKey, '--wallet', company.admin.wallet, '--poll', '50'];
      const run = await admin(...args);
      expect(run.code, run.stderr).toBe(0);
      const [summary, where, failedRow] = run.stdout.trim().split('\n');
      const id = /import ([0-9a-f-]{36})/.exec(summary ?? '')?.[1] ?? '';
      expect(summary).toBe(`${file}: import ${id} done: 40 rows: 39 created, 0 updated, 0 unchanged, 1 failed`);
      expect(where).toBe(`failed rows: GET ${stack.apiUrl.replace(/\/+$/, '')}/imports/${id}/rows?status=failed`);
      expect(failedRow).toMatch(/^ {2}row 7: language: /);
      // Progress on stderr (not a terminal here: a line per change), its bar ending full.
      const bars = run.stderr.split('\n').filter((line) => line.startsWith('['));
      expect(bars.at(-1)).toMatch(/^\[#{24}\] 100 % 40 rows · .* · done$/);
      // What the API says is what the CLI said.
      const status = await (await get(`/imports/${id}`, company.token)).json();
      expect(status).toMatchObject({ status: 'done', rows: 40, created: 39, failed: 1 });

      // Again in upsert mode: the same products, nothing created or changed.
      const again = await admin(...args, '--mode', 'upsert');
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toMatch(/done: 40 rows: 0 created, 0 updated, 39 unchanged, 1 failed/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('exits 2 without the company’s key and wallet, or with a bulk option on a .json document', async () => {
    const missing = await admin('import', 'passports.csv');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--api-key and --wallet: required for a bulk import');
    const misplaced = await admin('import', 'data.json', '--mode', 'upsert');
    expect(misplaced.code).toBe(2);
    expect(misplaced.stderr).toContain('--mode: only with a bulk import');
  });
});

describe('npm run admin as a process', () => {
  it('prints a result alone on stdout and exits 0, so that ID=$(npm run -s admin -- …) takes it', async () => {
    const run = await runAdmin(stack.dir, ['company', 'create', '--name', 'Process S.p.A.', '--country', 'IT']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^${UUID.source.slice(1, -1)}\\n$`));
    expect((await show(run.stdout.trim())).name).toBe('Process S.p.A.');
  });

  it('exits 2 on a bad argument, with the problem and the usage on stderr and nothing on stdout', async () => {
    const run = await runAdmin(stack.dir, ['company', 'create', '--name', 'Acme', '--country', 'UK']);
    expect(run).toMatchObject({ code: 2, stdout: '' });
    expect(run.stderr).toMatch(/usage: npm run admin -- company create/);
  });

  it('says to run npm start without a local stack, and exits 1', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dpp-no-stack-'));
    try {
      const run = await runAdmin(dir, ['company', 'create', '--name', 'Acme', '--country', 'IT']);
      expect(run).toMatchObject({ code: 1, stdout: '' });
      expect(run.stderr).toContain('no local stack: run npm start');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
