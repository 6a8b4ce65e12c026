/**
 * The first sheet of an XLSX file (ECMA-376, SpreadsheetML) as records of cell texts, streaming:
 * the zip is read by fflate's streaming Unzip (MIT), each entry inflated as its bytes pass, and
 * the few elements a sheet's cells are (`<row>`, `<c>`, `<v>`, `<is><t>`) read from the text as
 * it comes, a row at a time. Two passes over the object, because Excel writes the shared strings
 * after the sheets: the first keeps the workbook, its relationships (which entry the first sheet
 * is) and the shared strings (in memory: the file's distinct texts); the second reads the sheet.
 * Why not exceljs's streaming reader: its bundle is 1 MB and the worker's budget is a few KB
 * (docs/choices.md, Bulk import).
 *
 * A cell's text is what the CSV would have: a number as Excel stores it (`452.5`), a boolean as
 * `true`/`false`, a shared or inline string as its text, a formula as its cached result. A date
 * is a number to Excel (a day count under a date style, which is not read here): give dates as
 * text cells (`2027-01-14`).
 */
import { Unzip, UnzipInflate } from 'fflate';

export type Bytes = AsyncIterable<Buffer | Uint8Array | string>;

/** The XLSX is not one (not a zip, no workbook, no sheet, not UTF-8 XML): the message says why. */
export class NotXlsx extends Error {
  override name = 'NotXlsx';
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const decode = (text: string): string =>
  text.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (whole, name: string) =>
    name[0] === '#'
      ? String.fromCodePoint(name[1] === 'x' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1)))
      : (ENTITIES[name] ?? whole),
  );

/** The text of a string item (`<si>`, `<is>`): its `<t>`s, rich runs included, phonetic runs not. */
const textOf = (xml: string): string =>
  decode(
    [...xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '').matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)]
      .map((m) => m[1])
      .join(''),
  );

/**
 * The entries `want` names, each one's text handed to `take` as it is inflated (after each
 * chunk of the file, so a caller may act on it between chunks). Resolves to the file's entry names.
 */
async function* entries(bytes: Bytes, want: (name: string) => boolean): AsyncGenerator<[string, string]> {
  const out: Array<[string, string]> = [];
  let failure: unknown;
  const unzip = new Unzip((file) => {
    if (!want(file.name)) return;
    const decoder = new TextDecoder('utf-8', { fatal: true });
    file.ondata = (error, data, final) => {
      try {
        if (error) throw error;
        out.push([file.name, decoder.decode(data, { stream: !final })]);
      } catch (caught) {
        failure ??= caught;
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  const push = (chunk: Uint8Array, final: boolean) => {
    try {
      unzip.push(chunk, final);
    } catch (caught) {
      failure ??= caught;
    }
    if (failure) throw new NotXlsx(`the file is not XLSX: ${(failure as Error).message ?? failure}`);
  };
  for await (const chunk of bytes) {
    push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk, false);
    yield* out.splice(0);
  }
  push(new Uint8Array(0), true);
  yield* out.splice(0);
}

/** The first pass: the shared strings and the first sheet's entry. */
async function workbookOf(bytes: Bytes): Promise<{ strings: string[]; sheet: string }> {
  const WORKBOOK = 'xl/workbook.xml';
  const RELS = 'xl/_rels/workbook.xml.rels';
  const STRINGS = 'xl/sharedStrings.xml';
  const text: Record<string, string> = { [WORKBOOK]: '', [RELS]: '' };
  const strings: string[] = [];
  let pending = '';
  let seen = false;
  for await (const [name, chunk] of entries(bytes, (n) => n === WORKBOOK || n === RELS || n === STRINGS)) {
    seen = true;
    if (name !== STRINGS) {
      text[name] += chunk;
      continue;
    }
    pending += chunk;
    let end = pending.lastIndexOf('</si>');
    const empty = pending.lastIndexOf('<si/>');
    end = Math.max(end < 0 ? -1 : end + 5, empty < 0 ? -1 : empty + 5);
    if (end < 0) continue;
    for (const m of pending.slice(0, end).matchAll(/<si\/>|<si>([\s\S]*?)<\/si>/g)) strings.push(textOf(m[1] ?? ''));
    pending = pending.slice(end);
  }
  if (!seen || !text[WORKBOOK]) throw new NotXlsx('the file is not XLSX: it has no workbook (xl/workbook.xml)');
  const id = /<sheet\b[^>]*?\b\w+:id="([^"]+)"/.exec(text[WORKBOOK] ?? '')?.[1];
  const target = [...(text[RELS] ?? '').matchAll(/<Relationship\b[^>]*>/g)]
    .map((m) => m[0])
    .find((rel) => rel.includes(`Id="${id}"`))
    ?.match(/\bTarget="([^"]+)"/)?.[1];
  if (!id || !target) throw new NotXlsx('the file is not XLSX: its workbook names no sheet');
  return { strings, sheet: target.startsWith('/') ? target.slice(1) : `xl/${target}` };
}

/** A column's index from a cell reference's letters (`A1` → 0, `AB7` → 27). */
const columnOf = (letters: string): number => [...letters].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0) - 1;

/** One `<row>`'s cells as texts, by column (a gap is ''). */
function recordOf(xml: string, strings: readonly string[]): string[] {
  const record: string[] = [];
  for (const m of xml.matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
    const attributes = m[1] ?? '';
    const body = m[2] ?? '';
    const letters = /\br="([A-Z]+)/.exec(attributes)?.[1];
    const column = letters ? columnOf(letters) : record.length;
    const type = /\bt="(\w+)"/.exec(attributes)?.[1];
    const value = /<v(?:\s[^>]*)?>([\s\S]*?)<\/v>/.exec(body)?.[1];
    let text: string;
    if (type === 'inlineStr') text = textOf(/<is>([\s\S]*?)<\/is>/.exec(body)?.[1] ?? '');
    else if (value === undefined) text = '';
    else if (type === 's') text = strings[Number(value)] ?? '';
    else if (type === 'b') text = value === '1' ? 'true' : 'false';
    else text = decode(value);
    while (record.length < column) record.push('');
    record[column] = text;
  }
  return record;
}

/** The records of the first sheet: one per `<row>`, an empty row skipped (as a CSV's empty line). */
export async function* xlsxRecords(open: () => Promise<Bytes>): AsyncGenerator<string[]> {
  const { strings, sheet } = await workbookOf(await open());
  let pending = '';
  let found = false;
  for await (const [, chunk] of entries(await open(), (name) => name === sheet)) {
    found = true;
    pending += chunk;
    let at = 0;
    for (;;) {
      const start = pending.indexOf('<row', at);
      const after = pending[start + 4];
      if (start >= 0 && after !== undefined && after !== '>' && after !== '/' && !/\s/.test(after)) {
        at = start + 4; // <rowBreaks>, not a row
        continue;
      }
      if (start < 0 || after === undefined) {
        at = start < 0 ? Math.max(at, pending.length - 4) : start;
        break;
      }
      const end = pending.indexOf('>', start);
      if (end < 0) {
        at = start;
        break;
      }
      if (pending[end - 1] === '/') {
        at = end + 1;
        continue;
      }
      const close = pending.indexOf('</row>', end);
      if (close < 0) {
        at = start;
        break;
      }
      const record = recordOf(pending.slice(end + 1, close), strings);
      at = close + 6;
      if (record.some((cell) => cell !== '')) yield record;
    }
    pending = pending.slice(at);
  }
  if (!found) throw new NotXlsx(`the file is not XLSX: its first sheet (${sheet}) is not in it`);
}
