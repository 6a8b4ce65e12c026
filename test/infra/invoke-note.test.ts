import { describe, expect, it } from 'vitest';
import { linksNote } from '../../infra/local/invoke-note';

describe('npm run invoke: the note on the links of its answer', () => {
  it('says nothing listens at the links’ address when npm start is not running, and how to open them', () => {
    const note = linksNote('http://127.0.0.1:3000', undefined);
    expect(note).toContain('http://127.0.0.1:3000');
    expect(note).toContain('nothing listens there now: run `npm start`');
    expect(note).toContain('Signed S3 URLs');
  });

  it('names the address npm start really serves when it runs on another port', () => {
    expect(linksNote('http://127.0.0.1:3000', 'http://127.0.0.1:4000')).toContain(
      '`npm start` is running at http://127.0.0.1:4000, not there',
    );
    expect(linksNote('http://127.0.0.1:3000', 'http://127.0.0.1:3000')).toContain('`npm start` is running there');
  });
});
