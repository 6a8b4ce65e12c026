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
