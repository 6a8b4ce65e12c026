import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { samples } from '../../infra/local/samples';
import { type DemoData, idTime, SEED_TIME } from '../../infra/local/seed';

/**
 * infra/local/demo-data.json: what a newcomer sees after `npm start`.
 * - Lists are oldest first by time-ordered (UUIDv7) ids, so seeded ids must be UUIDv7s
 *   of the seed time too, or a new upload could sort before a seeded file.
 * - The sample events change records (rename, delete): only records of their own, never
 *   the passports the walk-through and the `npm start` banner open.
 */
const text = readFileSync('infra/local/demo-data.json', 'utf8');
const data = JSON.parse(text) as DemoData;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

describe('demo-data.json ids', () => {
  const ids = [...new Set(text.match(UUID))];

  it('are UUIDv7s of the seed time, 1 ms apart in the order the file first names them', () => {
    expect(ids.length).toBeGreaterThan(30);
    ids.forEach((id, n) => {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(idTime(id)).toBe(new Date(Date.parse(SEED_TIME) + n).toISOString());
      expect(id.endsWith(String(n).padStart(12, '0'))).toBe(true);
    });
  });

  it('list each template and DPP file in id order, so the file order is the list order', () => {
    const lists = data.companies.flatMap((c) =>
      [...c.templates, ...c.dpps].map((parent) => parent.files.map((f) => f.id)),
    );
    for (const list of lists) expect(list).toEqual([...list].sort());
  });
});

describe('sample events (infra/local/samples.ts)', () => {
  const [acme, globex] = data.companies;
  // The passports and template the walk-through and the banner name, with all their files.
  const shown = [acme!.templates[0]!, acme!.dpps[0]!, acme!.dpps[1]!, ...globex!.templates, ...globex!.dpps];
  const shownIds = new Set(shown.flatMap((r) => [r.id, ...r.files.map((f) => f.id)]));

  it.each(Object.entries(samples))('%s names none of the demo records a newcomer opens first', (_, sample) => {
    const named = JSON.stringify([sample.path, sample.multipart?.fields]).match(UUID) ?? [];
    expect(named.filter((id) => shownIds.has(id))).toEqual([]);
  });

  it('target records described as what they are for', () => {
    const targets = [acme!.templates[1]!, acme!.dpps[2]!];
    expect(targets.map((t) => t.name)).toEqual(['Sample-event template', 'Sample-event passport']);
    const demoTexts = JSON.stringify(shown);
    expect(demoTexts).not.toMatch(/sample event/i);
  });
});
