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
