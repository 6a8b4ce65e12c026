import { createHash, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { apiUrl, call, demo, fixture, form, json, putTestDpp, tokenFor } from '../support/api';
import { checkResponse } from '../support/contract-check';

/**
 * Access tiers, the whole story over HTTP against the local stack (docs/choices.md, Access
 * tiers): a restricted card, file and image are invisible on every public route; a grant's link
 * shows them up to its tier; each read through it is in the access log; the operator got the
 * link by e-mail; a revoked grant or a wrong secret reads like no grant.
 */
const acme = demo.acme;
const sesStoreUrl = inject('sesStoreUrl');
const tag = randomUUID().slice(0, 8);
/** Texts only a restricted part holds: no anonymous answer may contain them. */
const SECRET = {
  card: `li-card-${tag}`,
  file: `li-file-${tag}`,
  image: 'restricted image',
  authorityCard: `authority-card-${tag}`,
};

let token: string;
let dppId: string;
let itemPath: string;
const ids = { liCard: '', authorityCard: '', publicCard: '', liFile: '', liFilePath: '', liImage: '', liImagePath: '' };

/** Every anonymous answer of a public route about the DPP, as text. */
async function anonymousAnswers(): Promise<Record<string, string>> {
  const text = async (path: string, headers: Record<string, string> = {}) => {
    const reply = await call('GET', path, { headers });
    return typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
  };
  const answers: Record<string, string> = {
    dpp: await text(`/dpp/${dppId}`),
    page: await text(`/passport/${dppId}`),
    linkset: await text(`${itemPath}?linkType=linkset`),
    jsonLd: await text(itemPath, { accept: 'application/ld+json' }),
    version: await text(`/dpp/${dppId}/versions/1`),
    file: await text(`/dpp/${dppId}/files/${ids.liFile}`),
    image: await text(`/dpp/${dppId}/images/${ids.liImage}`),
  };
  const jwt = await text(`/dpp/${dppId}/versions/1`, { accept: 'application/vc+jwt' });
  answers.credential = Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8');
  return answers;
}

const restrictedMarks = () => [
  SECRET.card,
  SECRET.file,
  SECRET.authorityCard,
  ids.liCard,
  ids.authorityCard,
  ids.liFile,
  ids.liFilePath,
  ids.liImage,
  ids.liImagePath,
];

/** A valid GTIN-14 and a fresh serial, so the DPP's Digital Link URI resolves. */
const itemIds = () => {
  const serial = randomUUID().slice(0, 8);
  return { code: '08012345678907', search_id: `01/08012345678907/21/${serial}` };
};

interface AccessLogEntry {
  grant_id: string;
  route: string;
  served: { cards: string[]; files: string[]; images: string[] };
}

interface SentEmail {
  destination: { to: string[] };
  body: { html?: string; text?: string };
}

beforeAll(async () => {
  token = await tokenFor('acme');
  const dpp = await putTestDpp('tiers', { company_id: acme.company.id, model_id: acme.dpp.model_id, ...itemIds() });
  dppId = dpp.id;
  itemPath = `/${dpp.search_id}`;
  // A PUT writes the DPP's Digital Link entry (the link set and JSON-LD answer from it).
  expect((await call('PUT', `/dpps/${dppId}`, { token, ...json({ published: true }) })).status).toBe(200);
  const card = async (name: string, access_tier?: string) => {
    const { status, body } = await call('POST', `/dpps/${dppId}/cards`, {
      token,
      ...json({ name, description: `${name} text`, ...(access_tier && { access_tier }) }),
    });
    expect(status).toBe(200);
    expect(body.card.access_tier).toBe(access_tier ?? 'public');
    return body.card.id as string;
  };
  ids.publicCard = await card('Public card');
  ids.liCard = await card(SECRET.card, 'legitimate_interest');
  ids.authorityCard = await card(SECRET.authorityCard, 'authority');
  const file = await call('POST', `/models/${acme.dpp.model_id}/dpps/${dppId}/upload-file`, {
    token,
    form: form(
      { name: SECRET.file, access_tier: 'legitimate_interest' },
      { bytes: fixture('sample.pdf'), name: 'x.pdf' },
    ),
  });
  expect(file.status).toBe(200);
  expect(file.body.file.access_tier).toBe('legitimate_interest');
  ids.liFile = file.body.file.id;
  ids.liFilePath = file.body.file.path;
  const image = await call('POST', `/dpps/${dppId}/images`, {
    token,
    form: form({ access_tier: 'legitimate_interest' }, { bytes: fixture('sample.png'), name: 'p.png' }),
  });
  expect(image.status).toBe(200);
  ids.liImage = image.body.image.uuid;
  // The object key: the signed URL's path after the bucket's name.
  ids.liImagePath = decodeURIComponent(new URL(image.body.image.image).pathname).replace(/^.*?(?=companies\/)/, '');
  const version = await call('POST', `/version/${dppId}/create`, {
    token,
    ...json({ dppId, versionId: `v1-${tag}` }),
  });
  expect(version.status).toBe(200);
});

describe('access tiers', () => {
  it('shows no restricted card, file or image on any anonymous public answer', async () => {
    const answers = await anonymousAnswers();
    for (const [route, text] of Object.entries(answers)) {
      for (const mark of restrictedMarks()) expect(text, `${route} shows ${mark}`).not.toContain(mark);
    }
    // The public parts are there, and the restricted file and image answer like unknown ones.
    expect(answers.dpp).toContain(ids.publicCard);
    expect(JSON.parse(answers.file!).code).toBe('DPP_FILE_NOT_FOUND');
    expect(JSON.parse(answers.image!).code).toBe('IMAGE_NOT_FOUND');
    // The public version document commits to each restricted tier's document.
    expect(Object.keys(JSON.parse(answers.version!).tiers).sort()).toEqual(['authority', 'legitimate_interest']);
  });

  it('shows the company every part with its tier', async () => {
    const { body } = await call('GET', `/dpps/${dppId}`, { token });
    const tiers = (parts: Array<{ id: string; access_tier: string }>) =>
      Object.fromEntries(parts.map((p) => [p.id, p.access_tier]));
    expect(tiers(body.dpp.cards)).toEqual({
      [ids.publicCard]: 'public',
      [ids.liCard]: 'legitimate_interest',
      [ids.authorityCard]: 'authority',
    });
    expect(tiers(body.dpp.files)).toEqual({ [ids.liFile]: 'legitimate_interest' });
    expect(tiers(body.dpp.images)).toEqual({ [ids.liImage]: 'legitimate_interest' });
    // The file routes say it too: the list, the single file (the upload's answer is checked in beforeAll).
    const listed = await call('GET', `/view-dpp-files/${dppId}`, { token });
    expect(tiers(listed.body.files)).toEqual({ [ids.liFile]: 'legitimate_interest' });
    const one = await call('GET', `/models/${acme.dpp.model_id}/view-dpp-file/${dppId}/file/${ids.liFile}`, { token });
    expect(one.body.file[0].access_tier).toBe('legitimate_interest');
  });

  it('opens the restricted parts through a grant to an operator, e-mailed, logged, until revoked', async () => {
    const created = await call('POST', `/dpps/${dppId}/access-grants`, {
      token,
      ...json({ tier: 'legitimate_interest', audience: acme.operator.id, expires_in_days: 7 }),
    });
    expect(created.status).toBe(201);
    const { grant, link, json_link: jsonLink } = created.body;
    expect(grant).toMatchObject({ tier: 'legitimate_interest', status: 'active' });
    expect(grant.audience).toEqual({ operator_id: acme.operator.id, email: acme.operator.email });
    const access = new URL(link).searchParams.get('access')!;

    // The operator received the link through SES.
    const store = (await (await fetch(sesStoreUrl)).json()) as { emails: SentEmail[] };
    const mail = store.emails.filter(
      (e) => e.destination.to.includes(acme.operator.email) && e.body.text?.includes(access),
    );
    expect(mail).toHaveLength(1);

    // The page at the grant's tier: the legitimate-interest parts, not the authority card; no Referer.
    const page = await call('GET', new URL(link).pathname + new URL(link).search);
    expect(page.status).toBe(200);
    expect(page.body).toContain(SECRET.card);
    expect(page.body).toContain(SECRET.file);
    expect(page.body).not.toContain(SECRET.authorityCard);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(page.body).toContain('<meta name="referrer" content="no-referrer">');
    const anchors = (page.body as string).match(/<a [^>]*>/g) ?? [];
    expect(anchors.length).toBeGreaterThan(0);
    for (const anchor of anchors) expect(anchor).toContain('rel="noreferrer"');
    // A restricted download is the grant's download route on the service's own origin (no secret leaves it).
    const secret = access.split('.')[1]!;
    const fileHref = (page.body as string).match(/href="([^"]+)" download>[^<]*li-file/)?.[1];
    expect(fileHref?.replaceAll('&amp;', '&')).toBe(
      `${new URL(link).origin}/dpp/${dppId}/files/${ids.liFile}/download?access=${access}`,
    );

    // A browser opening the JSON link is sent to the page with the grant kept.
    const browser = await fetch(jsonLink, { headers: { accept: 'text/html' }, redirect: 'manual' });
    expect(browser.status).toBe(303);
    expect(browser.headers.get('location')).toBe(link);
    // The JSON, by query and by header.
    const byQuery = await call('GET', new URL(jsonLink).pathname + new URL(jsonLink).search);
    const byHeader = await call('GET', `/dpp/${dppId}`, { headers: { 'x-dpp-access': access } });
    for (const reply of [byQuery, byHeader]) {
      expect(reply.body.dpp.cards.map((c: { id: string }) => c.id)).toContain(ids.liCard);
      expect(reply.body.dpp.files.map((f: { id: string }) => f.id)).toContain(ids.liFile);
      expect(reply.body.dpp.images.map((i: { uuid: string }) => i.uuid)).toContain(ids.liImage);
      expect(JSON.stringify(reply.body)).not.toContain(SECRET.authorityCard);
      expect(reply.body.access).toEqual({ status: 'granted', tier: 'legitimate_interest' });
    }
    // The secret is in the answer only where the request had it in its URL: the download links of the query's
    // answer (the service's own origin), never in the header's.
    expect(JSON.stringify(byHeader.body)).not.toContain(secret);
    const withSecret = JSON.stringify(byQuery.body).match(/"[^"]*access=[^"]*"/g) ?? [];
    expect(withSecret.length).toBeGreaterThan(0);
    for (const url of withSecret)
      expect(url).toMatch(new RegExp(`^"${new URL(link).origin}/dpp/${dppId}/(files|images)/`));

    // The version's tier document: its hash is the one the public document commits to.
    const publicDoc = await call('GET', `/dpp/${dppId}/versions/1`);
    const tierDoc = await fetch(`${new URL(link).origin}/dpp/${dppId}/versions/1?access=${access}`);
    const tierText = await tierDoc.text();
    expect(createHash('sha256').update(tierText).digest('hex')).toBe(publicDoc.body.tiers.legitimate_interest);
    expect(tierText).toContain(SECRET.card);
    expect(tierText).not.toContain(SECRET.authorityCard);
    // Only the public tier's document is immutable; a tier's is never kept.
    expect(publicDoc.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(tierDoc.headers.get('cache-control')).toBe('private, no-store');
    expect(tierDoc.headers.get('vary')).toBe('Accept, x-dpp-access');
    // The authority tier is not the grant's to read: the public document answers.
    const above = await call('GET', `/dpp/${dppId}/versions/1?access=${access}&tier=authority`);
    expect(JSON.stringify(above.body)).not.toContain(SECRET.authorityCard);

    // Each read through the grant is in the log, newest first, naming what was served.
    const log = await call('GET', `/dpps/${dppId}/access-log`, { token });
    expect(log.status).toBe(200);
    const entries = log.body.entries.filter((e: { grant_id: string }) => e.grant_id === grant.id);
    // The tier the grant does not include read the public document: not a read through the grant.
    expect(entries.map((e: { route: string }) => e.route)).toEqual(['version', 'dpp', 'dpp', 'passport']);
    expect(entries.at(-1).served).toEqual({ cards: [ids.liCard], files: [ids.liFile], images: [ids.liImage] });
    expect(entries[0].served).toMatchObject({ cards: [ids.liCard], files: [ids.liFile], version: 1 });
    const page1 = await call('GET', `/dpps/${dppId}/access-log?limit=2`, { token });
    const page2 = await call('GET', `/dpps/${dppId}/access-log?limit=2&cursor=${page1.body.nextCursor}`, { token });
    expect(page2.body.entries[0].id).toBe(entries[2].id);

    // Listed without a secret; revoked at once, after which the link reads like no grant.
    const listed = await call('GET', `/dpps/${dppId}/access-grants`, { token });
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    expect(JSON.stringify(listed.body)).not.toContain('secret_hash');
    expect((await call('DELETE', `/dpps/${dppId}/access-grants/${grant.id}`, { token })).status).toBe(204);
    const after = await call('GET', `/dpp/${dppId}`, { headers: { 'x-dpp-access': access } });
    expect(after.status).toBe(200);
    expect(JSON.stringify(after.body)).not.toContain(SECRET.card);
    // Still private: whatever it reads, an answer to a request carrying a grant's value is never kept.
    expect(after.headers.get('cache-control')).toBe('private, no-store');
    const revoked = await call('GET', `/dpps/${dppId}/access-grants`, { token });
    expect(revoked.body.grants.find((g: { id: string }) => g.id === grant.id).status).toBe('revoked');
    const logAfter = await call('GET', `/dpps/${dppId}/access-log`, { token });
    expect(logAfter.body.entries).toHaveLength(log.body.entries.length);
  });

  it('downloads a restricted file and image through a grant: checked and logged each fetch, 60 s, refused once revoked', async () => {
    const created = await call('POST', `/dpps/${dppId}/access-grants`, {
      token,
      ...json({ tier: 'legitimate_interest', audience: `repairer-${tag}@example.com`, expires_in_days: 7 }),
    });
    expect(created.status).toBe(201);
    const { grant, link, json_link: jsonLink } = created.body;
    const access = new URL(link).searchParams.get('access')!;
    const origin = new URL(link).origin;
    const fileLink = `${origin}/dpp/${dppId}/files/${ids.liFile}/download?access=${access}`;
    const imageLink = `${origin}/dpp/${dppId}/images/${ids.liImage}/download?access=${access}`;

    // The grant's JSON and page link to the download route, never to a long signed URL; each part says its tier.
    const viewed = await call('GET', new URL(jsonLink).pathname + new URL(jsonLink).search);
    const file = viewed.body.dpp.files.find((f: { id: string }) => f.id === ids.liFile);
    const image = viewed.body.dpp.images.find((i: { uuid: string }) => i.uuid === ids.liImage);
    expect(file).toMatchObject({ url: fileLink, access_tier: 'legitimate_interest' });
    expect(image).toMatchObject({ image: imageLink, url: imageLink, access_tier: 'legitimate_interest' });
    expect(viewed.body.dpp.cards.find((c: { id: string }) => c.id === ids.liCard).access_tier).toBe(
      'legitimate_interest',
    );
    expect(viewed.body.dpp.cards.find((c: { id: string }) => c.id === ids.publicCard).access_tier).toBe('public');
    expect(JSON.stringify(viewed.body)).not.toContain('X-Amz-');
    const page = await call('GET', new URL(link).pathname + new URL(link).search);
    const html = (page.body as string).replaceAll('&amp;', '&');
    expect(html).toContain(`href="${fileLink}" download`);
    expect(html).toContain(`<img src="${imageLink}"`);
    expect(html).not.toContain('X-Amz-');
    // Which parts are restricted, in words: the card, the file and the image, not the public card.
    expect(html.match(/<p class="tier">Restricted: legitimate interest<\/p>/g)).toHaveLength(3);
    expect(html).toMatch(/<h3>Public card<\/h3><p>/);

    // Each fetch: a 307 to a signed URL of at most 60 s, never cached, and an entry of the access log.
    const fetchManual = async (url: string, headers: Record<string, string> = {}) => {
      const response = await fetch(url, { redirect: 'manual', headers });
      const text = await response.text();
      const path = url.slice(origin.length).replace(/\?.*$/, '');
      checkResponse('GET', path, response.status, text ? JSON.parse(text) : text, response.headers);
      return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
    };
    const before = await fetchManual(fileLink);
    expect(before.status).toBe(307);
    expect(before.headers.get('cache-control')).toBe('private, no-store');
    expect(before.headers.get('referrer-policy')).toBe('no-referrer');
    const signed = new URL(before.headers.get('location')!);
    expect(Number(signed.searchParams.get('X-Amz-Expires'))).toBeGreaterThan(0);
    expect(Number(signed.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(60);
    expect(Buffer.from(await (await fetch(signed)).arrayBuffer())).toEqual(fixture('sample.pdf'));
    const byHeader = await fetchManual(`${origin}/dpp/${dppId}/files/${ids.liFile}/download`, {
      'x-dpp-access': access,
    });
    expect(byHeader.status).toBe(307);
    const imageFetch = await fetchManual(imageLink);
    expect(imageFetch.status).toBe(307);
    expect(Number(new URL(imageFetch.headers.get('location')!).searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(
      60,
    );
    expect(Buffer.from(await (await fetch(imageFetch.headers.get('location')!)).arrayBuffer())).toEqual(
      fixture('sample.png'),
    );
    const logged = async () =>
      ((await call('GET', `/dpps/${dppId}/access-log?limit=100`, { token })).body.entries as AccessLogEntry[]).filter(
        (e) => e.grant_id === grant.id,
      );
    const entries = await logged();
    expect(entries.map((e) => e.route)).toEqual(['image', 'file', 'file', 'passport', 'dpp']);
    expect(entries[0]!.served).toEqual({ cards: [], files: [], images: [ids.liImage] });
    expect(entries[1]!.served).toEqual({ cards: [], files: [ids.liFile], images: [] });

    // Revoked: the very next fetch of either link answers like an unknown part, and nothing more is logged.
    expect((await call('DELETE', `/dpps/${dppId}/access-grants/${grant.id}`, { token })).status).toBe(204);
    const fileAfter = await fetchManual(fileLink);
    expect(fileAfter.status).toBe(404);
    expect(fileAfter.body.code).toBe('DPP_FILE_NOT_FOUND');
    expect(fileAfter.headers.get('location')).toBeNull();
    const imageAfter = await fetchManual(imageLink);
    expect(imageAfter.status).toBe(404);
    expect(imageAfter.body.code).toBe('IMAGE_NOT_FOUND');
    expect(await logged()).toHaveLength(entries.length);

    // The revoked link's page and JSON show the public view, and say the link no longer opens anything.
    const pageAfter = await call('GET', new URL(link).pathname + new URL(link).search);
    expect(pageAfter.status).toBe(200);
    expect(pageAfter.body).toContain('<p class="notice" role="status"><strong>This access link is no longer valid');
    expect(pageAfter.body).not.toContain(SECRET.card);
    expect(pageAfter.body).not.toContain('class="tier"');
    const jsonAfter = await call('GET', new URL(jsonLink).pathname + new URL(jsonLink).search);
    expect(jsonAfter.body.access).toEqual({ status: 'invalid', tier: 'public' });
    expect(JSON.stringify(jsonAfter.body)).not.toContain(ids.liFile);
    // The public reader is told nothing: no `access` field, no notice.
    const anonymous = await call('GET', `/dpp/${dppId}`);
    expect(anonymous.body.access).toBeUndefined();
    expect((await call('GET', `/passport/${dppId}`)).body).not.toContain('class="notice"');

    // Without a grant the route serves a public part only, unlogged, like the public download.
    const publicFile = await call('POST', `/models/${acme.dpp.model_id}/dpps/${dppId}/upload-file`, {
      token,
      form: form({ name: 'Public manual' }, { bytes: fixture('sample.pdf'), name: 'manual.pdf' }),
    });
    expect(publicFile.body.file.access_tier).toBe('public');
    const open = await fetchManual(`${origin}/dpp/${dppId}/files/${publicFile.body.file.id}/download`);
    expect(open.status).toBe(307);
    expect(open.headers.get('cache-control')).toBe('private, no-store');
    const noGrant = await fetchManual(`${origin}/dpp/${dppId}/files/${ids.liFile}/download`);
    expect(noGrant.status).toBe(404);
  });

  it('reads a wrong secret like no grant, and an authority grant to an e-mail address sees both tiers', async () => {
    const created = await call('POST', `/dpps/${dppId}/access-grants`, {
      token,
      ...json({ tier: 'authority', audience: `Inspector-${tag}@Surveillance.example`, expires_in_days: 1 }),
    });
    expect(created.status).toBe(201);
    expect(created.body.grant.audience).toEqual({ email: `inspector-${tag}@surveillance.example` });
    expect(created.body.emailed).toBe(false);
    const access: string = new URL(created.body.link).searchParams.get('access')!;
    const wrong = `${access.split('.')[0]}.${'A'.repeat(43)}`;
    const denied = await call('GET', `/dpp/${dppId}?access=${wrong}`);
    expect(denied.status).toBe(200);
    expect(JSON.stringify(denied.body)).not.toContain(SECRET.card);
    const seen = await call('GET', `/dpp/${dppId}?access=${access}`);
    expect(JSON.stringify(seen.body)).toContain(SECRET.card);
    expect(JSON.stringify(seen.body)).toContain(SECRET.authorityCard);
  });

  it('refuses another company’s operator and DPP like unknown ones, and a grant of the company tier', async () => {
    const globex = await tokenFor('globex');
    const body = { tier: 'authority', audience: acme.operator.id, expires_in_days: 30 };
    const foreign = await call('POST', `/dpps/${dppId}/access-grants`, { token: globex, ...json(body) });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('DPP_NOT_FOUND');
    const globexDpp = await call('POST', `/dpps/${demo.globex.dpp.id}/access-grants`, { token: globex, ...json(body) });
    expect(globexDpp.body.code).toBe('OPERATOR_NOT_FOUND');
    const company = await call('POST', `/dpps/${dppId}/access-grants`, {
      token,
      ...json({ ...body, tier: 'company' }),
    });
    expect(company.status).toBe(400);
    const tooLong = await call('POST', `/dpps/${dppId}/access-grants`, {
      token,
      ...json({ ...body, expires_in_days: 366 }),
    });
    expect(tooLong.status).toBe(400);
  });

  it('puts an image made public back on the JSON-LD and its public address', async () => {
    const changed = await call('PUT', `/dpps/${dppId}/images/${ids.liImage}`, {
      token,
      ...json({ access_tier: 'public' }),
    });
    expect(changed.status).toBe(200);
    const jsonLd = await call('GET', itemPath, { headers: { accept: 'application/ld+json' } });
    expect(JSON.stringify(jsonLd.body)).toContain(ids.liImage);
    const back = await call('PUT', `/dpps/${dppId}/images/${ids.liImage}`, {
      token,
      ...json({ access_tier: 'authority' }),
    });
    expect(back.status).toBe(200);
    const hidden = await call('GET', itemPath, { headers: { accept: 'application/ld+json' } });
    expect(JSON.stringify(hidden.body)).not.toContain(ids.liImage);
  });
});

describe('who may share, and what the log says of each read (docs/choices.md, Access tiers)', () => {
  const member = demo.acme.company.users.find((u) => u.role === 'member')!;
  const memberToken = async () => {
    const reply = await call('GET', `/generateJWT/${acme.apiKey}/${member.wallet}`);
    expect(reply.status).toBe(200);
    return reply.body.authToken as string;
  };
  const grantsOf = async () => (await call('GET', `/dpps/${dppId}/access-grants`, { token })).body.grants;

  it('lets only an admin grant: a plain member gets 403 NOT_ADMIN and nothing is stored, yet may list and revoke', async () => {
    const before = await grantsOf();
    const refused = await call('POST', `/dpps/${dppId}/access-grants`, {
      token: await memberToken(),
      ...json({ tier: 'authority', audience: acme.operator.id, expires_in_days: 365 }),
    });
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 403, code: 'NOT_ADMIN' });
    expect(await grantsOf()).toEqual(before);

    const created = await call('POST', `/dpps/${dppId}/access-grants`, {
      token,
      ...json({ tier: 'legitimate_interest', audience: `member-check-${tag}@example.com`, expires_in_days: 1 }),
    });
    expect(created.status).toBe(201);
    expect(created.body.grant.created_by).toBe(acme.admin.id);
    const listed = await call('GET', `/dpps/${dppId}/access-grants`, { token: await memberToken() });
    expect(listed.status).toBe(200);
    expect(listed.body.grants.find((g: { id: string }) => g.id === created.body.grant.id).created_by).toBe(
      acme.admin.id,
    );
    const revoked = await call('DELETE', `/dpps/${dppId}/access-grants/${created.body.grant.id}`, {
      token: await memberToken(),
    });
    expect(revoked.status).toBe(204);
  });

  it('logs a full read, a HEAD and a 304 apart, each with a keyed hash of the reader, never the address or user agent', async () => {
    const created = await call('POST', `/dpps/${dppId}/access-grants`, {
      token,
      ...json({ tier: 'legitimate_interest', audience: `log-kinds-${tag}@example.com`, expires_in_days: 1 }),
    });
    expect(created.status).toBe(201);
    const grantId = created.body.grant.id;
    const page = new URL(created.body.link);
    const url = `${apiUrl}${page.pathname}${page.search}`;
    const agent = `KindsTest/${tag} (inspection tablet)`;
    const full = await fetch(url, { headers: { 'user-agent': agent } });
    expect(full.status).toBe(200);
    expect(await full.text()).toContain(SECRET.card);
    const etag = full.headers.get('etag')!;
    const head = await fetch(url, { method: 'HEAD', headers: { 'user-agent': agent } });
    expect(head.status).toBe(200);
    const revalidated = await fetch(url, { headers: { 'user-agent': agent, 'if-none-match': etag } });
    expect(revalidated.status).toBe(304);
    const elsewhere = await fetch(url, { headers: { 'user-agent': `Another/${tag}` } });
    expect(elsewhere.status).toBe(200);

    const log = await call('GET', `/dpps/${dppId}/access-log`, { token });
    const entries = log.body.entries.filter((e: { grant_id: string }) => e.grant_id === grantId);
    // Newest first.
    expect(entries.map((e: { kind: string }) => e.kind)).toEqual(['read', 'not_modified', 'head', 'read']);
    const readers = entries.map((e: { reader: string }) => e.reader);
    for (const reader of readers) expect(reader).toMatch(/^[0-9a-f]{64}$/);
    // One reader (one address, one user agent) hashes alike; another user agent does not.
    expect(new Set(readers.slice(1)).size).toBe(1);
    expect(readers[0]).not.toBe(readers[1]);
    expect(JSON.stringify(log.body)).not.toContain(tag);
  });
});
