/**
 * Reading an import's file as rows, streaming: never the whole file in memory. JSONL (one JSON
 * object a line), CSV (RFC 4180 by csv-parse: UTF-8 with or without a BOM, `,` or `;` as the
 * delimiter, read from the header line, quoted newlines allowed) and XLSX (its first sheet, read
 * as the CSV is: lib/imports/xlsx.ts). A row that cannot be read is a
 * row with errors; a file that is not UTF-8 or not its format throws FileRefused, which fails the
 * import as a whole (the worker reads the file once through before it writes anything).
 */
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type { ImportFormat, RowError } from './model';
import { type Bytes, NotXlsx, xlsxRecords } from './xlsx';

/** The file is not what the import says it is: the import fails with this reason, before any write. */
export class FileRefused extends Error {
  override name = 'FileRefused';
}

/** One data row: its 1-based number (the header is not counted), its fields, or why it could not be read. */
export interface FileRow {
  row: number;
  fields?: Record<string, unknown>;
  errors?: RowError[];
}

/** Checks UTF-8 as the bytes pass (a chunk may end inside a character). */
async function* utf8Text(bytes: AsyncIterable<Buffer | Uint8Array | string>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  let offset = 0;
  for await (const chunk of bytes) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    try {
      yield decoder.decode(buffer, { stream: true });
    } catch {
      throw new FileRefused(
        `the file is not UTF-8 (an invalid byte sequence within bytes ${offset}–${offset + buffer.length})`,
      );
    }
    offset += buffer.length;
  }
  try {
    const rest = decoder.decode();
    if (rest) yield rest;
  } catch {
    throw new FileRefused('the file is not UTF-8 (it ends inside a character)');
  }
}

async function* lines(text: AsyncIterable<string>): AsyncGenerator<string> {
  let pending = '';
  for await (const chunk of text) {
    pending += chunk;
    let newline = pending.indexOf('\n');
    while (newline >= 0) {
      yield pending.slice(0, newline).replace(/\r$/, '');
      pending = pending.slice(newline + 1);
      newline = pending.indexOf('\n');
    }
  }
  if (pending !== '') yield pending.replace(/\r$/, '');
}

async function* jsonlRows(text: AsyncIterable<string>): AsyncGenerator<FileRow> {
  let row = 0;
  let seenObject = false;
  for await (const line of lines(text)) {
    if (line.trim() === '') continue;
    row += 1;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      // A first line that is no JSON at all: not a JSONL file (a CSV, a spreadsheet).
      if (!seenObject && row === 1) throw new FileRefused('the file is not JSONL: its first line is not JSON');
      yield { row, errors: [{ message: `is not valid JSON (${(error as Error).message})`, code: 'MALFORMED_ROW' }] };
      continue;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      if (!seenObject && row === 1) throw new FileRefused('the file is not JSONL: its first line is not a JSON object');
      yield { row, errors: [{ message: 'is not a JSON object', code: 'MALFORMED_ROW' }] };
      continue;
    }
    seenObject = true;
    yield { row, fields: value as Record<string, unknown> };
  }
}

/** `,` or `;`: whichever of the two the header line has more of outside quotes (`,` when neither). */
function delimiterOf(headerLine: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const c of headerLine) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === ',') commas += 1;
    else if (!quoted && c === ';') semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
}

async function* csvRows(
  text: AsyncIterable<string>,
  columns: Record<string, string> | undefined,
): AsyncGenerator<FileRow> {
  // The header line decides the delimiter: read until it is whole, then hand everything to the parser.
  const iterator = text[Symbol.asyncIterator]();
  let head = '';
  let done = false;
  while (!done && !head.includes('\n')) {
    const next = await iterator.next();
    if (next.done) done = true;
    else head += next.value;
  }
  const delimiter = delimiterOf(head.replace(/^\uFEFF/, '').split('\n')[0] ?? '');
  const parser = parse({ bom: true, delimiter, relax_column_count: true, skip_empty_lines: true });
  // Backpressure: the text is fed as the parser drains. A reader that stops early (a run
  // handing over, lib/imports/run-import.ts) closes the parser, which ends the feed.
  const drained = () =>
    new Promise((resolve) => {
      parser.once('drain', resolve);
      parser.once('close', resolve);
    });
  const feed = (async () => {
    try {
      if (!parser.write(head)) await drained();
      while (!done && !parser.destroyed) {
        const next = await iterator.next();
        if (next.done) break;
        if (!parser.write(next.value)) await drained();
      }
      if (!parser.destroyed) parser.end();
    } catch (error) {
      parser.destroy(error as Error);
    }
  })();
  try {
    yield* recordRows(parser as AsyncIterable<string[]>, columns, 'the CSV file');
  } catch (error) {
    if (error instanceof FileRefused) throw error;
    throw new FileRefused(`the file is not CSV: ${(error as Error).message}`);
  } finally {
    parser.destroy();
    await feed;
    // The rest of the text is not read: its source (the S3 body) is closed.
    await iterator.return?.();
  }
}

/** Rows from records (a CSV's or a sheet's): the first names the columns (renamed by `columns`). */
async function* recordRows(
  records: AsyncIterable<string[]>,
  columns: Record<string, string> | undefined,
  what: string,
): AsyncGenerator<FileRow> {
  let header: string[] | undefined;
  let row = 0;
  for await (const record of records) {
    if (!header) {
      header = record.map((name) => columns?.[name.trim()] ?? name.trim());
      if (header.length === 0 || header.every((name) => name === ''))
        throw new FileRefused(`${what} has no header line`);
      continue;
    }
    row += 1;
    if (record.length > header.length) {
      yield {
        row,
        errors: [{ message: `has ${record.length} values for ${header.length} columns`, code: 'MALFORMED_ROW' }],
      };
      continue;
    }
    const fields: Record<string, unknown> = {};
    record.forEach((value, index) => {
      // An empty cell is an absent field (a CSV cannot tell them apart).
      if (value !== '') fields[header?.[index] ?? ''] = value;
    });
    yield { row, fields };
  }
  if (!header) throw new FileRefused(`${what} is empty: no header line`);
}

async function* xlsxRows(open: () => Promise<Bytes>, columns?: Record<string, string>): AsyncGenerator<FileRow> {
  try {
    yield* recordRows(xlsxRecords(open), columns, 'the first sheet of the XLSX file');
  } catch (error) {
    throw error instanceof NotXlsx ? new FileRefused(error.message) : error;
  }
}

/**
 * The rows of a file of `format`. `columns`: a saved mapping from the file's headers to field
 * names (CSV; a JSONL line's keys are renamed the same way).
 */
export function fileRows(
  body: Readable | Bytes | (() => Promise<Readable | Bytes>),
  format: ImportFormat,
  columns?: Record<string, string>,
): AsyncGenerator<FileRow> {
  if (format === 'xlsx') {
    // Read twice (lib/imports/xlsx.ts): it needs a way to open the file again.
    if (typeof body !== 'function') throw new Error('an XLSX file is read twice: give a function that opens it');
    return xlsxRows(body as () => Promise<Bytes>, columns);
  }
  if (typeof body === 'function') return opened(body, format, columns);
  const text = utf8Text(body as AsyncIterable<Buffer>);
  if (format === 'csv') return csvRows(text, columns);
  return renamed(jsonlRows(stripBom(text)), columns);
}

async function* opened(
  open: () => Promise<Readable | Bytes>,
  format: ImportFormat,
  columns?: Record<string, string>,
): AsyncGenerator<FileRow> {
  yield* fileRows(await open(), format, columns);
}

/**
 * How many rows `fileRows` would give, checking what it checks of the file as a whole (UTF-8,
 * its format): the worker's first pass. A JSONL file's lines after the first are counted, not
 * parsed (a malformed one is that row's error, found by the second pass), which spares the
 * pass most of its CPU and garbage.
 */
export async function countFileRows(
  open: () => Promise<Readable | Bytes>,
  format: ImportFormat,
  columns?: Record<string, string>,
): Promise<number> {
  let rows = 0;
  if (format !== 'jsonl') {
    for await (const _ of fileRows(open, format, columns)) rows += 1;
    return rows;
  }
  for await (const line of lines(stripBom(utf8Text((await open()) as AsyncIterable<Buffer>)))) {
    if (line.trim() === '') continue;
    // The first row decides whether the file is JSONL at all, as jsonlRows decides it.
    if (rows === 0) for await (const _ of jsonlRows(oneLine(line))) break;
    rows += 1;
  }
  return rows;
}

async function* oneLine(line: string): AsyncGenerator<string> {
  yield line;
}

async function* stripBom(text: AsyncIterable<string>): AsyncGenerator<string> {
  let first = true;
  for await (const chunk of text) {
    yield first ? chunk.replace(/^\uFEFF/, '') : chunk;
    first = false;
  }
}

async function* renamed(rows: AsyncIterable<FileRow>, columns?: Record<string, string>): AsyncGenerator<FileRow> {
  for await (const row of rows) {
    if (!columns || !row.fields) {
      yield row;
      continue;
    }
    yield {
      row: row.row,
      fields: Object.fromEntries(Object.entries(row.fields).map(([key, value]) => [columns[key] ?? key, value])),
    };
  }
}
