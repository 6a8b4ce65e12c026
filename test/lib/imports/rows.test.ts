import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { countFileRows, FileRefused, type FileRow, fileRows } from '../../../lib/imports/rows';
import { xlsxOf } from '../../support/xlsx';

/** Reading an import's file as rows (lib/imports/rows.ts), from chunks as a stream hands them. */
async function read(chunks: Array<string | Buffer>, format: 'csv' | 'jsonl', columns?: Record<string, string>) {
  const rows: FileRow[] = [];
  async function* body() {
    for (const chunk of chunks) yield typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
  }
  for await (const row of fileRows(body(), format, columns)) rows.push(row);
  return rows;
}

describe('a CSV file', () => {
  it('takes `,` or `;` from the header, a BOM, CRLF, and quoted delimiters and newlines split across chunks', async () => {
    const semicolons = await read(['\uFEFFname;desc', 'ription\r\n"A;1";"two\r', '\nlines"\r\nB;\r\n'], 'csv');
    expect(semicolons).toEqual([
      { row: 1, fields: { name: 'A;1', description: 'two\r\nlines' } },
      { row: 2, fields: { name: 'B' } },
    ]);
    const commas = await read(['name,code\nA,1\n'], 'csv');
    expect(commas).toEqual([{ row: 1, fields: { name: 'A', code: '1' } }]);
  });

  it('renames the headers of a saved mapping, and fails a row with more values than columns (not the file)', async () => {
    const rows = await read(['Artikel;EAN\nA;1\nB;2;3\n'], 'csv', { Artikel: 'name', EAN: 'code' });
    expect(rows[0]).toEqual({ row: 1, fields: { name: 'A', code: '1' } });
    expect(rows[1]).toMatchObject({ row: 2, errors: [{ code: 'MALFORMED_ROW' }] });
  });

  it('refuses a file that is not UTF-8, or not CSV, as a whole', async () => {
    await expect(read([Buffer.from('name\nGr\xf6\xdfe\n', 'latin1')], 'csv')).rejects.toThrow(FileRefused);
    await expect(read(['name\n"unclosed\n'], 'csv')).rejects.toThrow(/not CSV/);
    await expect(read([''], 'csv')).rejects.toThrow(FileRefused);
  });

  it('stops reading its body when the reader stops early (a run handing over): nothing waits, the body is closed', async () => {
    const chunks = 2_000;
    let read = 0;
    let closed = false;
    async function* body() {
      try {
        yield Buffer.from('name,code\n');
        for (let i = 0; i < chunks; i++) {
          read += 1;
          yield Buffer.from(`${'x'.repeat(2000)},${i}\n`);
        }
      } finally {
        closed = true;
      }
    }
    const rows: FileRow[] = [];
    for await (const row of fileRows(body(), 'csv')) {
      rows.push(row);
      if (rows.length === 3) break;
    }
    expect(rows.map((row) => row.row)).toEqual([1, 2, 3]);
    expect(closed).toBe(true);
    expect(read).toBeLessThan(chunks);
  });

  it('keeps a character split between two chunks', async () => {
    const bytes = Buffer.from('name\nGrüße\n');
    const rows = await read([bytes.subarray(0, 8), bytes.subarray(8)], 'csv');
    expect(rows).toEqual([{ row: 1, fields: { name: 'Grüße' } }]);
  });
});

describe('a JSONL file', () => {
  it('reads one object a line, skipping blank lines, and fails a malformed line alone', async () => {
    const rows = await read(['{"name":"A"}\n\n{"name":', '"B"}\nnot json\n[1]\n'], 'jsonl');
    expect(rows).toEqual([
      { row: 1, fields: { name: 'A' } },
      { row: 2, fields: { name: 'B' } },
      { row: 3, errors: [expect.objectContaining({ code: 'MALFORMED_ROW' })] },
      { row: 4, errors: [{ message: 'is not a JSON object', code: 'MALFORMED_ROW' }] },
    ]);
  });

  it('is counted (the worker’s first pass) as fileRows reads it, refusing what it refuses', async () => {
    const open = (chunks: Array<string | Buffer>) => async () =>
      (async function* () {
        for (const chunk of chunks) yield typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      })();
    const file = ['\uFEFF{"name":"A"}\n', 'not json\n\n', '  \n{"name":', '"B"}\r\n[1]'];
    expect(await countFileRows(open(file), 'jsonl')).toBe((await read(file, 'jsonl')).length);
    expect(await countFileRows(open(file), 'jsonl')).toBe(4);
    await expect(countFileRows(open(['name,code\n{"a":1}\n']), 'jsonl')).rejects.toThrow(/not JSONL/);
    await expect(countFileRows(open(['[1]\n']), 'jsonl')).rejects.toThrow(/not a JSON object/);
    await expect(countFileRows(open([Buffer.from('{"name":"Gr\xf6\xdfe"}\n', 'latin1')]), 'jsonl')).rejects.toThrow(
      FileRefused,
    );
    expect(await countFileRows(open(['name;code\nA;1\nB;2\n']), 'csv')).toBe(2);
  });

  it('refuses a file whose first line is not JSON (a CSV sent as JSONL)', async () => {
    await expect(read(['name;code\nA;1\n'], 'jsonl')).rejects.toThrow(/not JSONL/);
  });
});

describe('an XLSX file', () => {
  /** The file in chunks of 97 bytes (an entry's bytes and a row split across chunks), opened again for each pass. */
  async function readXlsx(bytes: Uint8Array, columns?: Record<string, string>) {
    const open = async () =>
      (async function* () {
        for (let i = 0; i < bytes.length; i += 97) yield bytes.subarray(i, i + 97);
      })();
    const rows: FileRow[] = [];
    for await (const row of fileRows(open, 'xlsx', columns)) rows.push(row);
    return rows;
  }

  it('reads its first sheet as a CSV: shared and inline strings, numbers and booleans as text, gaps absent, its shared strings after it', async () => {
    const rows = await readXlsx(
      xlsxOf([
        ['Artikel', 'code', 'GeneralProductInformation:/batteryMass', 'flag'],
        ['Größe <1> & "2"', '08012345999913', 452.5, true],
        ['', '', '', ''],
        ['B', '', 7, false],
      ]),
      { Artikel: 'name' },
    );
    expect(rows).toEqual([
      {
        row: 1,
        fields: {
          name: 'Größe <1> & "2"',
          code: '08012345999913',
          'GeneralProductInformation:/batteryMass': '452.5',
          flag: 'true',
        },
      },
      { row: 2, fields: { name: 'B', 'GeneralProductInformation:/batteryMass': '7', flag: 'false' } },
    ]);
  });

  it('refuses a file that is not XLSX as a whole, with the reason', async () => {
    await expect(readXlsx(Buffer.from('name,code\nA,1\n'))).rejects.toThrow(/not XLSX/);
    await expect(readXlsx(zipSync({ 'a.txt': strToU8('hello') }))).rejects.toThrow(/no workbook/);
  });
});
