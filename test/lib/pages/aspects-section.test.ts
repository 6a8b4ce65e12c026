import { describe, expect, it } from 'vitest';
import { aspectGroups } from '../../../lib/pages/aspects-section';
import { labelsFor } from '../../../lib/pages/labels';
import { renderPassport } from '../../../lib/pages/passport-page';
import { profileById } from '../../../lib/profiles/catalogue';
import example from '../../../lib/profiles/data/examples/battery-passport-ev.json';
import { profiledView } from '../../../lib/profiles/passport';

/** The EV example (lib/profiles/data/examples/) on the passport page, at each tier, in two languages. */
const profile = profileById(example.profile)!;
const page = (tier: string, lang: string) => {
  const profiled = profiledView(
    { profile: profile.id, category: example.category, aspects: example.aspects },
    { upTo: tier },
  )!;
  return renderPassport({
    lang,
    name: 'EV battery pack 400 V 75 kWh',
    description: 'A traction battery',
    languages: [],
    images: [],
    cards: [],
    files: [],
    versions: [],
    versionCount: 0,
    jsonHref: '/dpp/x',
    profiled: {
      category: 'EV',
      complete: profiled.complete,
      aspects: aspectGroups(profile, profiled.aspects, lang, labelsFor(lang).labels, { upTo: tier }),
    },
  }).html;
};

describe('a complete EV battery passport’s page', () => {
  it.each(['public', 'legitimate_interest', 'authority'])('stays within 60 KB of HTML and CSS read at %s', (tier) => {
    for (const lang of ['en', 'de']) expect(Buffer.byteLength(page(tier, lang))).toBeLessThanOrEqual(60 * 1024);
  });

  it('shows each aspect with its labels in the reader’s language, numbers with their units, and says it is complete', () => {
    const html = page('public', 'de');
    expect(html).toContain(`>${profile.aspects[0]!.label.de}</h2>`);
    const mass = profile.aspects[0]!.attributes.find((a) => a.type?.unit === 'kg')!;
    expect(html).toContain(`>${mass.label.de}</dt>`);
    expect(html).toMatch(/[0-9]&nbsp;kg</);
    expect(html).toContain(labelsFor('de').labels.complete);
  });

  it('marks each attribute above public on a grant’s page, in words', () => {
    expect(page('public', 'en')).not.toContain('Restricted:');
    expect(page('authority', 'en')).toContain('Restricted: authorities');
  });
});
