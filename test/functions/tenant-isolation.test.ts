import { describe, expect, it } from 'vitest';
import { type RouteFn, routes } from '../../lib/api/routes';
import { type CallOptions, call, demo, fixture, form, tokenFor } from '../support/api';

/**
 * Decisions.md, tenant isolation: Globex's token against Acme's ids answers exactly as if
 * the ids did not exist (the endpoint's not-found status), never with Acme's data, and
 * changes nothing; a company_id that is not the token's is 403.
 */
const acme = demo.acme;
const tFile = acme.template.files[0]!;
const dFile = acme.dpp.files[0]!;
const m = acme.dpp.model_id;
const pdf = () => ({ bytes: fixture('sample.pdf'), name: 'x.pdf' });

type Probe = { method: string; path: string; options?: Omit<CallOptions, 'token'>; status: number };
type AuthenticatedFn = Exclude<RouteFn, 'generate-jwt' | 'get-dpp' | 'not-found'>;

/** One probe per authenticated route; a new route without one fails the type check. */
const probes: Record<AuthenticatedFn, Probe[]> = {
  'create-template-file': [
    {
      method: 'POST',
      path: '/create-template-file',
      options: { form: form({ template_id: acme.template.id }, pdf()) },
      status: 406,
    },
    {
      method: 'POST',
      path: '/create-template-file',
      options: { form: form({ template_id: acme.template.id, company_id: acme.company.id }, pdf()) },
      status: 403,
    },
  ],
  'list-template-files': [{ method: 'GET', path: `/view-template-files/${acme.template.id}`, status: 406 }],
  'get-template-file': [
    { method: 'GET', path: `/view-template-file/${acme.template.id}/file/${tFile.id}`, status: 406 },
  ],
  'update-template-file': [
    {
      method: 'PUT',
      path: `/update-template-file/${acme.template.id}/file/${tFile.id}`,
      options: { form: form({ name: 'stolen' }) },
      status: 406,
    },
    {
      method: 'PUT',
      path: `/update-template-file/${acme.template.id}/file/${tFile.id}`,
      options: { form: form({ name: 'stolen', company_id: acme.company.id }) },
      status: 403,
    },
  ],
  'delete-template-file': [
    { method: 'DELETE', path: `/delete-template-file/${acme.template.id}/file/${tFile.id}`, status: 406 },
  ],
  'create-dpp-file': [
    {
      method: 'POST',
      path: `/models/${m}/dpps/${acme.dpp.id}/upload-file`,
      options: { form: form({ name: 'x' }, pdf()) },
      status: 406,
    },
  ],
  'list-dpp-files': [{ method: 'GET', path: `/view-dpp-files/${acme.dpp.id}`, status: 406 }],
  'get-dpp-file': [{ method: 'GET', path: `/models/${m}/view-dpp-file/${acme.dpp.id}/file/${dFile.id}`, status: 406 }],
  'update-dpp-file': [
    {
      method: 'PUT',
      path: `/models/${m}/update-dpp-file/${acme.dpp.id}/file/${dFile.id}`,
      options: { form: form({ name: 'stolen' }, pdf()) },
      status: 406,
    },
    {
      method: 'PUT',
      path: `/models/${m}/update-dpp-file/${acme.dpp.id}/file/${dFile.id}`,
      options: { form: form({ name: 'stolen', company_id: acme.company.id }) },
      status: 403,
    },
  ],
  'delete-dpp-file': [
    { method: 'DELETE', path: `/models/${m}/delete-dpp-file/${acme.dpp.id}/file/${dFile.id}`, status: 406 },
  ],
};

/**
 * The probed Acme records as Acme sees them, to prove the probes changed nothing.
 * (Only these records: other test files add files to the same DPP and template.)
 */
async function acmeSnapshot() {
  const token = await tokenFor('acme');
  const [templateFile, dppFile] = await Promise.all([
    call('GET', `/view-template-file/${acme.template.id}/file/${tFile.id}`, { token }),
    call('GET', `/models/${m}/view-dpp-file/${acme.dpp.id}/file/${dFile.id}`, { token }),
  ]);
  expect([templateFile.status, dppFile.status]).toEqual([200, 200]);
  const { signedUrl: _s, ...template } = templateFile.body.file;
  const { url: _u, ...dpp } = dppFile.body.file[0];
  return { template, dpp };
}

describe('tenant isolation', () => {
  it('covers every authenticated route of the route table', () => {
    const authenticated = routes
      .filter((r) => r.auth === 'jwt')
      .map((r) => r.fn)
      .sort();
    expect(Object.keys(probes).sort()).toEqual(authenticated);
  });

  describe.each(Object.entries(probes))('%s', (_, list) => {
    it.each(list.map((p) => [`${p.method} ${p.path} -> ${p.status}`, p] as const))(
      'Globex gets %s and no Acme data',
      async (__, probe) => {
        const globex = await tokenFor('globex');
        const { status, body } = await call(probe.method, probe.path, { ...probe.options, token: globex });
        expect(status).toBe(probe.status);
        expect(Object.keys(body).sort()).toEqual(['code', 'error']);
        const text = JSON.stringify(body);
        for (const secret of [acme.company.name, tFile.name, dFile.name, acme.company.id])
          expect(text).not.toContain(secret);
      },
    );
  });

  it('leaves Acme data exactly as it was after every probe', async () => {
    const before = await acmeSnapshot();
    const globex = await tokenFor('globex');
    for (const probe of Object.values(probes).flat()) {
      await call(probe.method, probe.path, { ...probe.options, token: globex });
    }
    expect(await acmeSnapshot()).toEqual(before);
  });

  it('answers a foreign id exactly as an unknown one', async () => {
    const globex = await tokenFor('globex');
    const foreign = await call('GET', `/models/${m}/view-dpp-file/${acme.dpp.id}/file/${dFile.id}`, { token: globex });
    const unknown = await call('GET', `/models/${m}/view-dpp-file/${acme.dpp.id}/file/no-such-file`, { token: globex });
    expect(foreign.status).toBe(unknown.status);
    expect(foreign.body).toEqual(unknown.body);
  });
});
