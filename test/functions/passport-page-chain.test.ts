import { describe, expect, it } from 'vitest';
import { apiUrl, call, fixture, form, json, tokenFor } from '../support/api';
import { BarcodeFormat, decodePng } from '../support/barcodes';

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('the whole chain, from the owner to the person holding the product', () => {
  it('create and publish a DPP with a card and a file; its QR code leads a browser to the page, whose file link downloads the file', async () => {
    // The owner: a DPP, a tech card, a file, then publish it.
    const token = await tokenFor('acme');
    const modelId = '01a21000-0000-7000-8000-00000000a0f4';
    const created = await call('POST', '/dpps', {
      token,
      ...json({ name: 'Chain e-bike', type: 'e-bike', code: '04012345000023', model_id: modelId, language: 'en' }),
    });
    expect(created.status).toBe(200);
    const dppId = created.body.dpp.id as string;
    const card = await call('POST', `/dpps/${dppId}/cards`, {
      token,
      ...json({
        name: 'Battery',
        description: 'Removable pack',
        characteristics: [{ characteristic: 'Capacity: 625 Wh' }],
      }),
    });
    expect(card.status).toBe(200);
    const bytes = fixture('sample.pdf');
    const file = await call('POST', `/models/${modelId}/dpps/${dppId}/upload-file`, {
      token,
      form: form({ name: 'Declaration of conformity', description: 'EU declaration' }, { bytes, name: 'doc.pdf' }),
    });
    expect(file.status).toBe(200);
    expect((await call('PUT', `/dpps/${dppId}`, { token, ...json({ published: true }) })).status).toBe(200);

    // Its data carrier, read back by an independent decoder.
    const qr = await fetch(`${apiUrl}/dpps/${dppId}/qr?format=png`, { headers: { authorization: `Bearer ${token}` } });
    expect(qr.status).toBe(200);
    const uri = decodePng(Buffer.from(await qr.arrayBuffer()), BarcodeFormat.QR_CODE);
    expect(uri).toMatch(new RegExp(`^${apiUrl}/01/04012345000023/21/[^/]+$`));

    // A person scans it: the browser follows the redirects and lands on the page.
    const landed = await fetch(uri, { headers: { accept: BROWSER }, redirect: 'follow' });
    expect(landed.status).toBe(200);
    expect(landed.url).toBe(`${apiUrl}/passport/${dppId}`);
    expect(landed.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await landed.text();
    expect(html).toContain('<h1>Chain e-bike</h1>');
    expect(html).toContain('<li>Capacity: 625 Wh</li>');
    const link = /<a [^>]*href="([^"]+)" download>Declaration of conformity<\/a>/.exec(html)?.[1];
    expect(link).toBeDefined();

    // The file link, followed as the browser would, gives the file's bytes.
    const download = await fetch(link!, { headers: { accept: BROWSER }, redirect: 'follow' });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
  });
});
