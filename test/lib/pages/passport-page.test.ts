import { describe, expect, it } from 'vitest';
import { cspHash } from '../../../lib/pages/html';
import { type PassportView, renderPassport } from '../../../lib/pages/passport-page';
import { CSS } from '../../../lib/pages/style';

const view = (fields: Partial<PassportView> = {}): PassportView => ({
  lang: 'en',
  name: 'Bike',
  description: 'A bike',
  languages: [{ code: 'en', href: 'https://p.example/passport/x?lang=en' }],
  images: [],
  cards: [],
  files: [],
  versions: [],
  versionCount: 0,
  jsonHref: 'https://p.example/dpp/x',
  ...fields,
});

describe('renderPassport', () => {
  it('escapes every text and address it is given: a name cannot open a tag or an attribute', () => {
    const { html } = renderPassport(
      view({
        name: '<script>alert(1)</script>',
        description: '" onmouseover="x',
        cards: [{ name: '<b>', description: '&', characteristics: [{ text: "'><img src=x>" }] }],
        files: [{ name: 'f', description: '', href: 'https://p.example/"><x', type: 'application/pdf' }],
      }),
    );
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&quot; onmouseover=&quot;x');
    expect(html).toContain('&#39;&gt;&lt;img src=x&gt;');
    expect(html).toContain('href="https://p.example/&quot;&gt;&lt;x"');
  });

  it('allows its one style sheet by hash, images from itself and the given origins, and no script', () => {
    const { html, csp } = renderPassport(view(), ['https://bucket.example']);
    expect(html).toContain(`<style>${CSS}</style>`);
    expect(csp).toContain(`style-src ${cspHash(CSS)}`);
    expect(csp).toContain("img-src 'self' https://bucket.example");
    expect(csp).not.toContain('script-src');
    expect(html).not.toContain('<script');
  });

  it('marks each restricted card, file and image in words, in the page’s language, and no public one', () => {
    const restricted = view({
      lang: 'it',
      images: [{ src: 'https://p.example/i/1' }, { src: 'https://p.example/i/2', restricted: 'authority' }],
      cards: [
        { name: 'Open', description: '', characteristics: [] },
        { name: 'Chem', description: '', characteristics: [], restricted: 'legitimate_interest' },
      ],
      files: [
        { name: 'SDS', description: '', href: 'https://p.example/f', type: 'application/pdf', restricted: 'authority' },
      ],
    });
    const { html } = renderPassport(restricted);
    expect(html.match(/<p class="tier">Riservato: autorità<\/p>/g)).toHaveLength(2);
    expect(html).toContain('<h3>Chem</h3><p class="tier">Riservato: interesse legittimo</p>');
    expect(html).toContain('<h3>Open</h3></section>');
    expect(html).toContain('<img src="https://p.example/i/1" alt="Immagine di Bike (1)" loading="lazy"></li>');
    expect(renderPassport(view({ ...restricted, lang: 'en' })).html).toContain(
      '<p class="tier">Restricted: legitimate interest</p>',
    );
  });

  it('says so when its access link opens nothing any more, and says nothing otherwise', () => {
    expect(renderPassport(view({ accessInvalid: true })).html).toContain(
      '<p class="notice" role="status"><strong>This access link is no longer valid (it was revoked, it expired, or it is wrong). You are seeing the public passport only.</strong></p>',
    );
    expect(renderPassport(view({ lang: 'de', accessInvalid: true })).html).toContain(
      'Dieser Zugangslink ist nicht mehr gültig',
    );
    expect(renderPassport(view()).html).not.toContain('class="notice"');
  });

  it('marks its own words English where the passport’s language has none of them', () => {
    const { html } = renderPassport(
      view({
        lang: 'sv',
        versions: [
          {
            number: 1,
            date: '2026-01-02T00:00:00.000Z',
            hash: 'a'.repeat(64),
            href: 'https://p.example/dpp/x/versions/1',
            verifyHref: 'https://p.example/dpp/x/versions/1/verification',
          },
        ],
        versionCount: 1,
      }),
    );
    expect(html).toContain('<html lang="sv">');
    expect(html).toContain('<h2 lang="en">Version history</h2>');
  });

  it('shows a transaction by its explorer link, or its whole hash when there is none', () => {
    const tx = `0x${'c'.repeat(64)}`;
    const version = {
      number: 1,
      date: '2026-01-02T00:00:00.000Z',
      hash: 'a'.repeat(64),
      href: 'https://p.example/dpp/x/versions/1',
      verifyHref: 'https://p.example/dpp/x/versions/1/verification',
    };
    const linked = renderPassport(
      view({
        versions: [
          { ...version, notarization: { status: 'ANCHORED', transaction: tx, url: `https://scan.example/tx/${tx}` } },
        ],
      }),
    ).html;
    expect(linked).toContain(`<a href="https://scan.example/tx/${tx}">`);
    const bare = renderPassport(
      view({ versions: [{ ...version, notarization: { status: 'PENDING', transaction: tx } }] }),
    ).html;
    expect(bare).toContain(`<code>${tx}</code>`);
    expect(bare).not.toContain('scan.example');
  });

  it('says which version is current, and links each version to its live verification, in the page’s language', () => {
    const version = (number: number) => ({
      number,
      date: '2026-01-02T00:00:00.000Z',
      hash: 'a'.repeat(64),
      href: `https://p.example/dpp/x/versions/${number}`,
      verifyHref: `https://p.example/dpp/x/versions/${number}/verification`,
    });
    const { html } = renderPassport(view({ versions: [version(2), version(1)], versionCount: 2 }));
    const items = html.split('<li>').filter((item) => item.includes('SHA-256'));
    expect(items[0]).toContain('<strong>current version</strong>');
    expect(items[1]).not.toContain('current version');
    expect(html).toContain('<a href="https://p.example/dpp/x/versions/1/verification">Check version 1 now (JSON)</a>');
    const swedish = renderPassport(view({ lang: 'sv', versions: [version(1)], versionCount: 1 })).html;
    expect(swedish).toContain('<strong lang="en">current version</strong>');
    expect(swedish).toContain('<span lang="en">Not notarized: ');
  });
});
