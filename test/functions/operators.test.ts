import { DynamoDBServiceException, ThrottlingException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, demo, demoData, localEnv, tokenFor } from '../support/api';
import { invoke } from '../support/unit/events';

/**
 * GET /view-non-official-operators/{companyId} and GET /view-non-official-operator/{companyId}/{userId}
 * over HTTP against the seeded local stack: Acme's non-official operators of the demo data (a
 * repairer, a recycler and a supplier, and one who became an official member). The 500 with
 * the interface's prefix comes from a fault only a mock can produce (last describe).
 */
const acme = demo.acme;
const seeded = demoData.operators.filter((o) => o.company === acme.company.id);
const current = seeded.filter((o) => !o.member);
const listPath = (companyId: string, query = '') => `/view-non-official-operators/${companyId}${query}`;
const onePath = (companyId: string, userId: string) => `/view-non-official-operator/${companyId}/${userId}`;
const timeOf = (id: string) => new Date(Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toISOString();

describe('GET /view-non-official-operators/{companyId}', () => {
  it('lists the company’s non-official operators, oldest first, and not the one who became a member', async () => {
    const reply = await call('GET', listPath(acme.company.id), { token: await tokenFor('acme') });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      nonOfficialOperators: current.map((o) => ({
        id: o.id,
        email: o.email,
        country_code: o.country_code,
        company_name: o.company_name,
        created_at: timeOf(o.id),
      })),
    });
    // A repairer, a recycler and a supplier, from different countries.
    expect(current.map((o) => o.activity).sort()).toEqual(['recycler', 'repairer', 'supplier']);
    expect(new Set(current.map((o) => o.country_code)).size).toBe(current.length);
    expect(reply.body.nonOfficialOperators.map((o: { id: string }) => o.id)).not.toContain(acme.formerOperator.id);
  });

  it('pages with limit and cursor', async () => {
    const token = await tokenFor('acme');
    const ids: string[] = [];
    let query = '?limit=1';
    for (let page = 0; page < 10; page++) {
      const reply = await call('GET', listPath(acme.company.id, query), { token });
      expect(reply.status).toBe(200);
      expect(reply.body.nonOfficialOperators).toHaveLength(1);
      ids.push(reply.body.nonOfficialOperators[0].id);
      if (!reply.body.nextCursor) break;
      query = `?limit=1&cursor=${encodeURIComponent(reply.body.nextCursor)}`;
    }
    expect(ids).toEqual(current.map((o) => o.id));
    const bad = await call('GET', listPath(acme.company.id, '?cursor=forged'), { token });
    expect({ status: bad.status, code: bad.body.code }).toEqual({ status: 400, code: 'INVALID_CURSOR' });
    expect((await call('GET', listPath(acme.company.id, '?limit=0'), { token })).status).toBe(400);
  });

  it('shows each company its own operators only', async () => {
    const reply = await call('GET', listPath(demo.globex.company.id), { token: await tokenFor('globex') });
    const globex = demoData.operators.filter((o) => o.company === demo.globex.company.id);
    expect(globex.length).toBeGreaterThan(0);
    expect(reply.status).toBe(200);
    expect(reply.body.nonOfficialOperators.map((o: { id: string }) => o.id)).toEqual(globex.map((o) => o.id));
  });

  it('answers 403 when companyId is not the token’s company, and 401 without a token', async () => {
    const foreign = await call('GET', listPath(acme.company.id), { token: await tokenFor('globex') });
    expect({ status: foreign.status, code: foreign.body.code }).toEqual({ status: 403, code: 'COMPANY_MISMATCH' });
    expect(JSON.stringify(foreign.body)).not.toContain(current[0]!.email);
    expect((await call('GET', listPath(acme.company.id))).status).toBe(401);
  });
});

describe('GET /view-non-official-operator/{companyId}/{userId}', () => {
  it('shows one operator with updated_at', async () => {
    const operator = acme.operator;
    const reply = await call('GET', onePath(acme.company.id, operator.id), { token: await tokenFor('acme') });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      nonOfficialOperator: {
        id: operator.id,
        email: operator.email,
        country_code: operator.country_code,
        company_name: operator.company_name,
        updated_at: timeOf(operator.id),
      },
    });
  });

  it('answers 400 OFFICIAL_MEMBER for a former operator now a member, and for a member who never was one', async () => {
    const token = await tokenFor('acme');
    for (const userId of [acme.formerOperator.id, acme.admin.id]) {
      const reply = await call('GET', onePath(acme.company.id, userId), { token });
      expect({ userId, status: reply.status, code: reply.body.code }).toEqual({
        userId,
        status: 400,
        code: 'OFFICIAL_MEMBER',
      });
    }
    // The former operator is a member indeed: a token for the company's API key and the member's wallet.
    const issued = await call('GET', `/generateJWT/${acme.apiKey}/${acme.formerOperator.member!.wallet}`);
    expect(issued.status).toBe(200);
  });

  it('answers another company’s operator exactly as an unknown one (400), and 403 for another companyId', async () => {
    const globex = await tokenFor('globex');
    const ownCompany = demo.globex.company.id;
    const foreign = await call('GET', onePath(ownCompany, acme.operator.id), { token: globex });
    const unknown = await call('GET', onePath(ownCompany, '01a19656-ffff-7000-8000-000000000000'), { token: globex });
    expect({ status: foreign.status, body: foreign.body }).toEqual({ status: 400, body: unknown.body });
    expect(unknown.body.code).toBe('OPERATOR_NOT_FOUND');
    // Acme's admin, seen from Globex: not an operator of Globex either, and not told to be a member anywhere.
    const member = await call('GET', onePath(ownCompany, acme.admin.id), { token: globex });
    expect({ status: member.status, body: member.body }).toEqual({ status: 400, body: unknown.body });
    const mismatch = await call('GET', onePath(acme.company.id, acme.operator.id), { token: globex });
    expect({ status: mismatch.status, code: mismatch.body.code }).toEqual({ status: 403, code: 'COMPANY_MISMATCH' });
  });

  it('answers 400 for a malformed userId', async () => {
    const reply = await call('GET', onePath(acme.company.id, 'not%20an%20id'), { token: await tokenFor('acme') });
    expect({ status: reply.status, code: reply.body.code }).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
  });
});

describe('faults only a mock can produce (the handlers in this process, DynamoDB mocked)', () => {
  type Handler = Parameters<typeof invoke>[1];
  let list: Handler;
  let one: Handler;
  let token: string;
  let db: ReturnType<typeof mockClient>;

  beforeAll(async () => {
    token = await tokenFor('acme');
    Object.assign(process.env, localEnv);
    list = ((await import('../../functions/list-non-official-operators')) as unknown as { handler: Handler }).handler;
    one = ((await import('../../functions/get-non-official-operator')) as unknown as { handler: Handler }).handler;
    db = mockClient(DynamoDBDocumentClient);
  });
  afterAll(() => db.restore());

  const bug = () =>
    new DynamoDBServiceException({
      name: 'ValidationException',
      $fault: 'client',
      message: `One or more parameter values were invalid: table ${localEnv.TABLE_NAME}`,
      $metadata: { httpStatusCode: 400 },
    });

  it('keeps the interface’s prefix on the list’s 500, and says nothing of the cause', async () => {
    db.reset();
    db.on(QueryCommand).rejects(bug());
    const reply = await invoke('list-non-official-operators', list, {
      method: 'GET',
      url: listPath(acme.company.id),
      token,
    });
    expect(reply.status).toBe(500);
    expect(reply.json).toEqual({
      error: 'Could not view non-official operators: Internal server error',
      code: 'INTERNAL_ERROR',
    });
  });

  it('answers 503 with Retry-After when DynamoDB throttles, on both routes', async () => {
    db.reset();
    const throttled = new ThrottlingException({ message: 'Rate exceeded', $metadata: { httpStatusCode: 400 } });
    db.on(QueryCommand).rejects(throttled);
    db.on(BatchGetCommand).rejects(throttled);
    const replies = [
      await invoke('list-non-official-operators', list, { method: 'GET', url: listPath(acme.company.id), token }),
      await invoke('get-non-official-operator', one, {
        method: 'GET',
        url: onePath(acme.company.id, acme.operator.id),
        token,
      }),
    ];
    for (const reply of replies) {
      expect(reply.status).toBe(503);
      expect(reply.headers['retry-after']).toMatch(/^\d+$/);
      expect(reply.json.code).toBe('SERVICE_UNAVAILABLE');
    }
  });

  it('keeps the usual 500 body on the single view (the prefix is the list’s)', async () => {
    db.reset();
    db.on(BatchGetCommand).rejects(bug());
    const reply = await invoke('get-non-official-operator', one, {
      method: 'GET',
      url: onePath(acme.company.id, acme.operator.id),
      token,
    });
    expect({ status: reply.status, body: reply.json }).toEqual({
      status: 500,
      body: { error: 'Internal server error', code: 'INTERNAL_ERROR' },
    });
  });
});
