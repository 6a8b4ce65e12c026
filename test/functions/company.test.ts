import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import * as keys from '../../lib/data/keys';
import { call, demo, localTable, putTestCompany, tokenFor } from '../support/api';

describe('GET /company', () => {
  it("answers the token's company as a fresh one has it: no plan, the default limit, no seat, no KYB", async () => {
    const company = await putTestCompany('company-view');
    const { status, body } = await call('GET', '/company', { token: company.token });
    expect(status).toBe(200);
    expect(body).toEqual({
      company: {
        id: company.id,
        name: 'company-view test company',
        country_code: 'IT',
        economic_operator_id: null,
        plan: null,
        member_limit: 5,
        seats_used: 0,
        kyb_status: null,
      },
    });
  });

  it('shows the plan, the member limit, the seats used and the KYB status the company item holds', async () => {
    const company = await putTestCompany('company-plan');
    const { doc, tableName } = localTable();
    await doc.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.company(company.id),
        UpdateExpression: 'SET #plan = :plan, member_limit = :limit, seats_used = :seats, kyb = :kyb',
        ExpressionAttributeNames: { '#plan': 'plan' },
        ExpressionAttributeValues: {
          ':plan': { code: 'WELCOME20', subscribed_at: '2026-11-21T10:15:30.123Z', member_limit: 25 },
          ':limit': 25,
          ':seats': 3,
          ':kyb': { status: 'PENDING' },
        },
      }),
    );
    const { status, body } = await call('GET', '/company', { token: company.token });
    expect(status).toBe(200);
    expect(body.company).toMatchObject({
      plan: { code: 'WELCOME20', subscribed_at: '2026-11-21T10:15:30.123Z' },
      member_limit: 25,
      seats_used: 3,
      kyb_status: 'PENDING',
    });
  });

  it("answers each company its own: Globex's token never sees Acme", async () => {
    const [acme, globex] = await Promise.all([
      call('GET', '/company', { token: await tokenFor('acme') }),
      call('GET', '/company', { token: await tokenFor('globex') }),
    ]);
    expect([acme.status, globex.status]).toEqual([200, 200]);
    expect(acme.body.company).toMatchObject({ id: demo.acme.company.id, name: demo.acme.company.name });
    expect(globex.body.company).toMatchObject({ id: demo.globex.company.id, name: demo.globex.company.name });
  });

  it('answers 401 without a token', async () => {
    const { status, body } = await call('GET', '/company');
    expect(status).toBe(401);
    expect(body.code).toBe('UNAUTHORIZED');
  });
});

describe('PUT /company', () => {
  const put = (token: string, body: unknown) =>
    call('PUT', '/company', { token, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('sets the company’s EORI number or LEI in capitals, removes it with null, and refuses a malformed one', async () => {
    const company = await putTestCompany('company-eoid');
    const eori = await put(company.token, { economic_operator_id: 'it11111110018' });
    expect(eori.status).toBe(200);
    expect(eori.body.company).toMatchObject({ id: company.id, economic_operator_id: 'IT11111110018' });
    const lei = await put(company.token, { economic_operator_id: '5299000J2N45DDNE4Y28' });
    expect(lei.body.company.economic_operator_id).toBe('5299000J2N45DDNE4Y28');
    for (const bad of ['5299000J2N45DDNE4Y29', 'IT-1', '']) {
      const refused = await put(company.token, { economic_operator_id: bad });
      expect(refused.status).toBe(400);
      expect(refused.body.details.map((d: { path: string }) => d.path)).toEqual(['economic_operator_id']);
    }
    expect((await put(company.token, { economic_operator_id: 'IT1', name: 'x' })).status).toBe(400);
    const read = await call('GET', '/company', { token: company.token });
    expect(read.body.company.economic_operator_id).toBe('5299000J2N45DDNE4Y28');
    const removed = await put(company.token, { economic_operator_id: null });
    expect(removed.body.company.economic_operator_id).toBeNull();
  });

  it('is an admin’s: a member of the company gets 403 and nothing changes', async () => {
    const editor = await call('GET', `/generateJWT/${demo.acme.apiKey}/${demo.acme.company.users[1]!.wallet}`);
    expect(editor.status).toBe(200);
    const refused = await put(editor.body.authToken, { economic_operator_id: 'IT22222220018' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('NOT_ADMIN');
    const read = await call('GET', '/company', { token: await tokenFor('acme') });
    expect(read.body.company.economic_operator_id).toBe(demo.acme.company.economic_operator_id);
  });
});
