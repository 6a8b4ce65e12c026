import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sampleOf } from '../../infra/local/samples';
import type { Route } from '../../lib/api/contract';
import { type RouteFn, routes } from '../../lib/api/routes';
import { type CallOptions, call, demo, fixture, form, json, tokenFor } from '../support/api';
import { signHash, testAccount, WALLET } from '../support/wallets';

/**
 * Decisions.md, tenant isolation: Globex's token against Acme's ids answers exactly as if
 * the ids did not exist (the endpoint's not-found status), never with Acme's data, and
 * changes nothing; a company_id that is not the token's is 403.
 */
const acme = demo.acme;
const tFile = acme.template.files[0]!;
const dFile = acme.dpp.files[0]!;
const dCard = acme.dpp.cards[0]!;
const dImage = acme.dpp.images[0]!;
const m = acme.dpp.model_id;
const pdf = () => ({ bytes: fixture('sample.pdf'), name: 'x.pdf' });

/** A valid invitation of a fresh e-mail and wallet, with `extra` fields. */
const invite = (extra: Record<string, string>) => ({
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    email: `probe-${randomUUID()}@globex.example`,
    password: 'probe-password',
    wallet_address: `0x${randomBytes(20).toString('hex')}`,
    ...extra,
  }),
});

const related = (relatedDppIds: string[]) => ({
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ relatedDppIds }),
});

/** A notarize that passes every check made before reading: a report, its hash signed by Globex's admin (account 2). */
const notarize = (companyId: string) => {
  const report = fixture('sample.pdf');
  const hash = createHash('sha256').update(report).digest('hex');
  const fields = { companyId, hash, signature: signHash(hash, WALLET.globexAdmin), filesList: '[]' };
  return form({ ...fields, submitter: testAccount(WALLET.globexAdmin).address }, { bytes: report, name: 'r.pdf' });
};

type Probe = { method: string; path: string; options?: Omit<CallOptions, 'token'>; status: number };
type AuthenticatedFn = Exclude<
  RouteFn,
  'generate-jwt' | 'get-dpp' | 'get-dpp-version-document' | 'not-found' | 'accept-invitation' | 'health'
>;

/** A cursor in the lists' layout (version, MAC, sort key) naming an Acme record, with a made-up MAC. */
const forgedCursor = (sk: string) =>
  Buffer.concat([Buffer.of(1), Buffer.alloc(32, 7), Buffer.from(sk)]).toString('base64url');

/** A new DPP as POST /dpps takes it, with `extra` fields. */
const newDpp = (extra: Record<string, unknown>) =>
  json({
    name: 'Probe passport',
    type: 'probe',
    code: '04006381333931',
    model_id: demo.globex.dpp.model_id,
    language: 'en',
    ...extra,
  });

/**
 * The derived probe of an authenticated route: its row's example (a valid request naming
 * Acme's ids, lib/api/demo.ts) sent with Globex's token. A new jwt route gets one without
 * anyone writing it.
 */
function derivedProbe(route: Route): Probe {
  const sample = sampleOf(route);
  const options: Omit<CallOptions, 'token'> = sample.json
    ? json(sample.json)
    : sample.multipart
      ? {
          form: form(
            sample.multipart.fields,
            sample.multipart.file && {
              bytes: fixture(sample.multipart.file.fixture),
              name: sample.multipart.file.name,
            },
          ),
        }
      : {};
  return {
    method: sample.method ?? route.method,
    path: sample.path,
    options: { ...options, headers: { ...options.headers, ...sample.headers } },
    status: route.errors.not_found?.status ?? 404,
  };
}

/**
 * What Globex may get for Acme's example: the row's not-found or forbidden status, a 400 (an
 * Acme id in a field answers as an unknown one), or a success on its own data only.
 */
const allowedStatuses = (route: Route): number[] =>
  [
    route.errors.not_found?.status,
    route.errors.forbidden?.status,
    route.errors.invalid && 400,
    route.status ?? 200,
  ].filter((status): status is number => status !== undefined);

const authenticatedRoutes = routes.filter((route) => route.auth === 'jwt') as readonly Route[];

/** Hand-written probes where they test more than the derived one: other ids, forged cursors, body fields. */
const probes: Partial<Record<AuthenticatedFn, Probe[]>> = {
  // Acme's template for a new Globex DPP: as an unknown template, and nothing is written.
  'create-dpp': [
    { method: 'POST', path: '/dpps', options: newDpp({ template_id: acme.template.id }), status: 400 },
    { method: 'POST', path: '/dpps', options: newDpp({ company_id: acme.company.id }), status: 400 },
  ],
  'list-dpps': [{ method: 'GET', path: `/dpps?limit=1&cursor=${forgedCursor(`DPP#${acme.dpp.id}`)}`, status: 400 }],
  'get-company-dpp': [{ method: 'GET', path: `/dpps/${acme.dpp.id}`, status: 404 }],
  'update-dpp': [
    { method: 'PUT', path: `/dpps/${acme.dpp.id}`, options: json({ name: 'stolen' }), status: 404 },
    // Globex's own DPP, Acme's template: as an unknown template.
    {
      method: 'PUT',
      path: `/dpps/${demo.globex.dpp.id}`,
      options: json({ template_id: acme.template.id }),
      status: 400,
    },
  ],
  // A template always belongs to the token's company: a company_id is not a field.
  'create-template': [
    {
      method: 'POST',
      path: '/templates',
      options: json({ name: 'stolen', model_id: m, company_id: acme.company.id }),
      status: 400,
    },
  ],
  'list-templates': [
    { method: 'GET', path: `/templates?limit=1&cursor=${forgedCursor(`TEMPLATE#${acme.template.id}`)}`, status: 400 },
  ],
  'update-template': [
    { method: 'PUT', path: `/templates/${acme.template.id}`, options: json({ name: 'stolen' }), status: 404 },
  ],
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
  'create-dpp-card': [
    { method: 'POST', path: `/dpps/${acme.dpp.id}/cards`, options: json({ name: 'stolen' }), status: 404 },
  ],
  'update-dpp-card': [
    {
      method: 'PUT',
      path: `/dpps/${acme.dpp.id}/cards/${dCard.id}`,
      options: json({ name: 'stolen', characteristics: [] }),
      status: 404,
    },
  ],
  'delete-dpp-card': [{ method: 'DELETE', path: `/dpps/${acme.dpp.id}/cards/${dCard.id}`, status: 404 }],
  'create-dpp-image': [
    {
      method: 'POST',
      path: `/dpps/${acme.dpp.id}/images`,
      options: { form: form({}, { bytes: fixture('sample.png'), name: 'x.png' }) },
      status: 404,
    },
  ],
  'delete-dpp-image': [{ method: 'DELETE', path: `/dpps/${acme.dpp.id}/images/${dImage.id}`, status: 404 }],
  'machine-translate-dpp': [{ method: 'POST', path: `/dpps/${acme.dpp.id}/translations/de/machine`, status: 404 }],
  'put-dpp-translation': [
    {
      method: 'PUT',
      path: `/dpps/${acme.dpp.id}/translations/de`,
      options: json({
        name: 'gestohlen',
        description: 'gestohlen',
        cards: { [dCard.id]: { name: 'x', description: 'y' } },
      }),
      status: 404,
    },
  ],
  'list-dpp-versions': [{ method: 'GET', path: `/view-dpp-versions/${acme.dpp.id}`, status: 404 }],
  'create-dpp-version': [
    {
      method: 'POST',
      path: `/version/${acme.dpp.id}/create`,
      options: {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ dppId: acme.dpp.id, versionId: 'globex-probe' }),
      },
      status: 404,
    },
  ],
  'notarize-dpp-version': [
    {
      method: 'POST',
      path: `/version/${acme.dpp.id}/notarize`,
      options: { form: notarize(acme.company.id) },
      status: 403,
    },
    // Globex's own company and its admin's valid signature: Acme's DPP answers as if it did not exist.
    {
      method: 'POST',
      path: `/version/${acme.dpp.id}/notarize`,
      options: { form: notarize(demo.globex.company.id) },
      status: 404,
    },
  ],
  'list-dpp-notarizations': [{ method: 'GET', path: `/view-dpp-notarizations/${acme.dpp.id}`, status: 404 }],
  'search-related-dpps': [{ method: 'GET', path: `/related-dpps/${acme.admin.id}`, status: 404 }],
  'create-related-dpps': [
    {
      method: 'POST',
      path: `/related-dpps/${acme.company.id}/${acme.dpp.id}`,
      options: related([acme.otherDpp.id]),
      status: 403,
    },
    // Globex's own company in the path, Acme's DPP as the target: as if it did not exist.
    {
      method: 'POST',
      path: `/related-dpps/${demo.globex.company.id}/${acme.dpp.id}`,
      options: related([demo.globex.dpp.id]),
      status: 404,
    },
    // Globex's own DPP as the target, Acme's as the related one: not visible, as an unknown id.
    {
      method: 'POST',
      path: `/related-dpps/${demo.globex.company.id}/${demo.globex.dpp.id}`,
      options: related([acme.dpp.id]),
      status: 400,
    },
  ],
  'list-non-official-operators': [
    { method: 'GET', path: `/view-non-official-operators/${acme.company.id}`, status: 403 },
  ],
  'get-non-official-operator': [
    { method: 'GET', path: `/view-non-official-operator/${acme.company.id}/${acme.operator.id}`, status: 403 },
    // Acme's operator under Globex's own company: as an unknown user.
    { method: 'GET', path: `/view-non-official-operator/${demo.globex.company.id}/${acme.operator.id}`, status: 400 },
  ],
  'create-invitation': [
    { method: 'POST', path: '/create-invitation', options: invite({ company_id: acme.company.id }), status: 403 },
    // Acme's operator to become a Globex member: as an unknown operator, and nothing is stored.
    { method: 'POST', path: '/create-invitation', options: invite({ operator_id: acme.operator.id }), status: 400 },
  ],
  // Acme's admin as the user (valid KYB data, so only the user decides): as an unknown user, before VIES is asked.
  'verify-business': [
    {
      method: 'POST',
      path: '/verify-business',
      options: {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          userId: acme.admin.id,
          userData: {
            company_name: 'Stolen S.r.l.',
            vat_number: 'IT11111110018',
            street_address: 'Via Altrui 1',
            zip_or_postal_code: '20121',
            city_or_town: 'Milano',
            district_or_province: 'MI',
            sdi_or_pec: 'M5UXCR1',
            rea_code: '',
            country_code: 'IT',
          },
        }),
      },
      status: 406,
    },
  ],
  'get-kyb-data': [{ method: 'GET', path: `/kyb-data/${acme.admin.id}`, status: 406 }],
  // ACMEVIP40 is restricted to Acme's admin (a Stripe customer): for Globex, as an unknown code.
  'validate-promotional-code': [
    {
      method: 'POST',
      path: '/validate-promotional-code',
      options: json({ promotionalCode: 'ACMEVIP40' }),
      status: 400,
    },
  ],
  // Acme's admin as the subscriber, with or without Globex's own user id: refused before anything is read from Stripe.
  'discount-subscription': [
    {
      method: 'POST',
      path: '/discount-subscription',
      options: json({ userEmail: acme.admin.email, userId: acme.admin.id, promotionalCode: 'ACMEVIP40' }),
      status: 400,
    },
    {
      method: 'POST',
      path: '/discount-subscription',
      options: json({ userEmail: acme.admin.email, userId: demo.globex.admin.id, promotionalCode: 'WELCOME20' }),
      status: 400,
    },
  ],
};

/**
 * The probed Acme records as Acme sees them, to prove the probes changed nothing.
 * (Only these records: other test files add files to the same DPP and template.)
 */
async function acmeSnapshot() {
  const token = await tokenFor('acme');
  const [templateFile, dppFile, passport] = await Promise.all([
    call('GET', `/view-template-file/${acme.template.id}/file/${tFile.id}`, { token }),
    call('GET', `/models/${m}/view-dpp-file/${acme.dpp.id}/file/${dFile.id}`, { token }),
    // In German: a translation stored by a probe would show here (the local stack has no machine translation).
    call('GET', `/dpp/${acme.dpp.id}`, { headers: { language: 'de' } }),
  ]);
  expect([templateFile.status, dppFile.status, passport.status]).toEqual([200, 200, 200]);
  const { signedUrl: _s, ...template } = templateFile.body.file;
  const { url: _u, ...dpp } = dppFile.body.file[0];
  const { name, description, cards, images } = passport.body.dpp;
  const card = cards.find((c: { id: string }) => c.id === dCard.id);
  const image = images.find((i: { uuid: string }) => i.uuid === dImage.id)?.type;
  // The fields the authoring probes aim at: the DPP's own, and the template's.
  const [authored, templates] = await Promise.all([
    call('GET', `/dpps/${acme.dpp.id}`, { token }),
    call('GET', '/templates', { token }),
  ]);
  const { type, template_id, language } = authored.body.dpp;
  const ownTemplate = templates.body.templates.find((t: { id: string }) => t.id === acme.template.id);
  return {
    template,
    dpp,
    passport: { name, description, card, image },
    authored: { type, template_id, language, template: ownTemplate },
  };
}

describe('tenant isolation', () => {
  it('probes only authenticated routes by hand (every one gets a derived probe besides)', () => {
    const authenticated = authenticatedRoutes.map((r) => r.fn);
    expect(Object.keys(probes).filter((fn) => !authenticated.includes(fn as RouteFn))).toEqual([]);
  });

  describe.each(authenticatedRoutes.map((route) => [route.fn, route] as const))(
    "%s: its row's example with Globex's token",
    (_, route) => {
      it("answers the row's not-found or forbidden status, or only Globex's own data", async () => {
        const probe = derivedProbe(route);
        const globex = await tokenFor('globex');
        const { status, body } = await call(probe.method, probe.path, { ...probe.options, token: globex });
        expect(allowedStatuses(route)).toContain(status);
        const text = JSON.stringify(body);
        for (const secret of [acme.company.name, tFile.name, dFile.name, acme.company.id])
          expect(text).not.toContain(secret);
      });
    },
  );

  describe.each(Object.entries(probes))('%s', (_, list) => {
    it.each(list.map((p) => [`${p.method} ${p.path} -> ${p.status}`, p] as const))(
      'Globex gets %s and no Acme data',
      async (__, probe) => {
        const globex = await tokenFor('globex');
        const { status, body } = await call(probe.method, probe.path, { ...probe.options, token: globex });
        expect(status).toBe(probe.status);
        // The error body (docs/spec/decisions.md), with `details` naming the refused field where there is one.
        expect(
          Object.keys(body)
            .filter((key) => key !== 'details')
            .sort(),
        ).toEqual(['code', 'error']);
        const text = JSON.stringify(body);
        for (const secret of [acme.company.name, tFile.name, dFile.name, acme.company.id])
          expect(text).not.toContain(secret);
      },
    );
  });

  it('leaves Acme data exactly as it was after every probe', async () => {
    const before = await acmeSnapshot();
    const globex = await tokenFor('globex');
    for (const probe of [...Object.values(probes).flat(), ...authenticatedRoutes.map(derivedProbe)]) {
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

/**
 * Decisions.md, Lists: a cursor is bound to the collection and the caller's company. Globex
 * tries every cursor it could get hold of on Acme's DPP and template, and on unknown ids:
 * each answer is 400 INVALID_CURSOR, the same body for an id that exists and one that does
 * not (before the fix, a hand-built cursor answered 406 on an existing foreign DPP and 200
 * `{"files":[]}` on an unknown one).
 */
describe('list cursors across companies', () => {
  const unknownDpp = '01a19656-ffff-7000-8000-000000000000';
  const unknownTemplate = '5d1e8c2a-0000-4000-8000-000000000000';
  const lists = {
    dpp: { existing: acme.dpp.id, unknown: unknownDpp, path: (id: string) => `/view-dpp-files/${id}` },
    template: {
      existing: acme.template.id,
      unknown: unknownTemplate,
      path: (id: string) => `/view-template-files/${id}`,
    },
  };
  type List = keyof typeof lists;
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  /** The nextCursor of the first one-file page of a list, after making sure it has a second file. */
  async function firstCursor(token: string, list: List, id: string, upload: () => Promise<unknown>) {
    const first = await call('GET', `${lists[list].path(id)}?limit=1`, { token });
    if (first.body.nextCursor) return first.body.nextCursor as string;
    await upload();
    const again = await call('GET', `${lists[list].path(id)}?limit=1`, { token });
    expect(again.body.nextCursor).toEqual(expect.any(String));
    return again.body.nextCursor as string;
  }

  const uploadTo = (token: string, list: List, tenant: 'acme' | 'globex') => () => {
    const t = demo[tenant];
    return list === 'dpp'
      ? call('POST', `/models/${t.dpp.model_id}/dpps/${t.dpp.id}/upload-file`, { token, form: form({}, pdf()) })
      : call('POST', '/create-template-file', { token, form: form({ template_id: t.template.id }, pdf()) });
  };

  /** Globex's answer with this cursor on the existing Acme id and on an unknown id: both must be the same 400. */
  async function expectRefusedAlike(list: List, cursor: string) {
    const globex = await tokenFor('globex');
    const { existing, unknown, path } = lists[list];
    const query = `?limit=1&cursor=${encodeURIComponent(cursor)}`;
    const [onExisting, onUnknown] = await Promise.all([
      call('GET', path(existing) + query, { token: globex }),
      call('GET', path(unknown) + query, { token: globex }),
    ]);
    expect({ status: onExisting.status, body: onExisting.body }).toEqual({
      status: 400,
      body: { error: 'invalid cursor', code: 'INVALID_CURSOR' },
    });
    expect({ status: onUnknown.status, body: onUnknown.body }).toEqual({ status: 400, body: onExisting.body });
  }

  describe.each(Object.keys(lists) as List[])('%s files', (list) => {
    it('refuses a cursor Globex built by hand in the old format (the key of an Acme file)', async () => {
      const fileKey =
        list === 'dpp'
          ? { pk: `DPP#${acme.dpp.id}`, sk: `DPP_FILE#${dFile.id}` }
          : { pk: `TEMPLATE#${acme.template.id}`, sk: `TEMPLATE_FILE#${tFile.id}` };
      await expectRefusedAlike(list, b64(fileKey));
      // The same key pointing at the unknown id too, so each list gets a cursor "of its own" collection.
      await expectRefusedAlike(list, b64({ pk: fileKey.pk.replace(/#.*/, `#${lists[list].unknown}`), sk: fileKey.sk }));
    });

    it('refuses a cursor built by hand in the new layout, with a made-up MAC', async () => {
      const sk = Buffer.from(list === 'dpp' ? `DPP_FILE#${dFile.id}` : `TEMPLATE_FILE#${tFile.id}`);
      await expectRefusedAlike(list, Buffer.concat([Buffer.of(1), Buffer.alloc(32, 7), sk]).toString('base64url'));
    });

    it('refuses a cursor taken from Globex’s own listing of its own collection', async () => {
      const globex = await tokenFor('globex');
      const own = list === 'dpp' ? demo.globex.dpp.id : demo.globex.template.id;
      await expectRefusedAlike(list, await firstCursor(globex, list, own, uploadTo(globex, list, 'globex')));
    });

    it('refuses a cursor of Acme’s own listing of this very collection, replayed by Globex', async () => {
      const acmeToken = await tokenFor('acme');
      const cursor = await firstCursor(acmeToken, list, lists[list].existing, uploadTo(acmeToken, list, 'acme'));
      // Acme itself can use it...
      const mine = await call('GET', `${lists[list].path(lists[list].existing)}?limit=1&cursor=${cursor}`, {
        token: acmeToken,
      });
      expect(mine.status).toBe(200);
      // ...Globex cannot, and cannot tell that the collection exists.
      await expectRefusedAlike(list, cursor);
    });

    it('refuses Acme’s cursor cut short or with one bit flipped, to Acme itself too', async () => {
      const acmeToken = await tokenFor('acme');
      const cursor = await firstCursor(acmeToken, list, lists[list].existing, uploadTo(acmeToken, list, 'acme'));
      const bytes = Buffer.from(cursor, 'base64url');
      const flipped = Buffer.from(bytes);
      flipped[5]! ^= 0x10;
      const damaged = [cursor.slice(0, -4), cursor.slice(0, 20), flipped.toString('base64url')];
      for (const bad of damaged) {
        const own = await call('GET', `${lists[list].path(lists[list].existing)}?limit=1&cursor=${bad}`, {
          token: acmeToken,
        });
        expect({ status: own.status, code: own.body.code }).toEqual({ status: 400, code: 'INVALID_CURSOR' });
        await expectRefusedAlike(list, bad);
      }
    });
  });

  it('refuses Globex’s template-listing cursor on a DPP listing (another kind of collection)', async () => {
    const globex = await tokenFor('globex');
    const cursor = await firstCursor(
      globex,
      'template',
      demo.globex.template.id,
      uploadTo(globex, 'template', 'globex'),
    );
    await expectRefusedAlike('dpp', cursor);
  });
});
