import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { ACCESS_TIERS } from '../../lib/access-tiers/tiers';
import { call, demo, fixture, form, json, putTestDpp, tokenFor } from '../support/api';

/**
 * Property: whatever mix of tiers a DPP's tech cards, files and images have, no anonymous answer
 * of a public route (GET /dpp, the passport page, the link set, the JSON-LD, the version's document
 * and credential, the public downloads) holds a restricted part's text, name, id or object key.
 * Few runs, on the shared local stack: each run is one DPP with up to six parts.
 */
const acme = demo.acme;
const PNG = fixture('sample.png');
const PDF = fixture('sample.pdf');

const partArb = fc.record({
  kind: fc.constantFrom('card', 'file', 'image'),
  tier: fc.constantFrom(...ACCESS_TIERS),
  /** Extra wording of the part, so texts vary in shape as well as in tier. */
  words: fc.stringMatching(/^[a-z ]{0,12}$/),
});

let token: string;
beforeAll(async () => {
  token = await tokenFor('acme');
});

interface Written {
  tier: string;
  marks: string[];
}

type Part = { kind: 'card' | 'file' | 'image'; tier: (typeof ACCESS_TIERS)[number]; words: string };

async function writePart(dppId: string, part: Part, n: number): Promise<Written> {
  const text = `p${n}-${randomUUID().slice(0, 12)}`;
  const tier = { access_tier: part.tier };
  if (part.kind === 'card') {
    const { body } = await call('POST', `/dpps/${dppId}/cards`, {
      token,
      ...json({
        name: text,
        description: `${part.words} ${text}-d`,
        characteristics: [{ characteristic: `${text}-c` }],
        ...tier,
      }),
    });
    return { tier: part.tier, marks: [text, body.card.id] };
  }
  if (part.kind === 'file') {
    const { body } = await call('POST', `/models/${acme.dpp.model_id}/dpps/${dppId}/upload-file`, {
      token,
      form: form({ name: text, description: part.words, ...tier }, { bytes: PDF, name: `${text}.pdf` }),
    });
    return { tier: part.tier, marks: [text, body.file.id, body.file.path] };
  }
  const { body } = await call('POST', `/dpps/${dppId}/images`, {
    token,
    form: form(tier, { bytes: PNG, name: 'i.png' }),
  });
  const key = decodeURIComponent(new URL(body.image.image).pathname).replace(/^.*?(?=companies\/)/, '');
  return { tier: part.tier, marks: [body.image.uuid, key] };
}

async function anonymousTexts(dppId: string, itemPath: string, ids: string[]): Promise<string[]> {
  const text = async (path: string, headers: Record<string, string> = {}) => {
    const reply = await call('GET', path, { headers });
    return typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
  };
  const jwt = await text(`/dpp/${dppId}/versions/1`, { accept: 'application/vc+jwt' });
  return [
    await text(`/dpp/${dppId}`),
    await text(`/passport/${dppId}`),
    await text(`${itemPath}?linkType=linkset`),
    await text(itemPath, { accept: 'application/ld+json' }),
    await text(`/dpp/${dppId}/versions/1`),
    Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8'),
    // A restricted part's public address answers like an unknown one (a public one redirects).
    ...(await Promise.all(ids.map((id) => text(`/dpp/${dppId}/files/${id}`)))),
    ...(await Promise.all(ids.map((id) => text(`/dpp/${dppId}/images/${id}`)))),
  ];
}

it('shows no restricted part on any anonymous public answer, whatever the tiers', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(partArb, { minLength: 1, maxLength: 6 }), async (parts) => {
      const serial = randomUUID().slice(0, 8);
      const dpp = await putTestDpp('tiers-prop', {
        company_id: acme.company.id,
        model_id: acme.dpp.model_id,
        code: '08012345678907',
        search_id: `01/08012345678907/21/${serial}`,
      });
      await call('PUT', `/dpps/${dpp.id}`, { token, ...json({ published: true }) });
      const written: Written[] = [];
      for (const [n, part] of parts.entries()) written.push(await writePart(dpp.id, part, n));
      const version = await call('POST', `/version/${dpp.id}/create`, {
        token,
        ...json({ dppId: dpp.id, versionId: `v-${randomUUID()}` }),
      });
      expect(version.status).toBe(200);
      const restricted = written.filter((w) => w.tier !== 'public');
      const ids = restricted.map((w) => w.marks[1]!);
      const answers = (await anonymousTexts(dpp.id, `/${dpp.search_id}`, ids)).join('\n');
      for (const mark of restricted.flatMap((w) => w.marks)) expect(answers).not.toContain(mark);
      // The public parts do show: the filter is not simply dropping everything.
      for (const w of written.filter((p) => p.tier === 'public')) expect(answers).toContain(w.marks[0]);
    }),
    { numRuns: 4, seed: 19 },
  );
}, 60_000);
