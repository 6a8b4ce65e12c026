import * as v from 'valibot';

/**
 * Single-line text (docs/behaviour.md, Text fields): a name, a title, a file name, a company name
 * may not hold line breaks (CR, LF, U+2028, U+2029), any other C0 or C1 control character or DEL,
 * nor the bidirectional override, embedding and isolate controls U+202A–U+202E and
 * U+2066–U+2069, balanced or not: they reorder how the text around them reads (in a page's
 * `<title>`, a file name, an e-mail's subject). The bidirectional marks (U+200E, U+200F,
 * U+061C) stay allowed: they reorder nothing beyond their own position. Request fields refuse such
 * text (`singleLine`, in lib/schemas.ts's `name` and others); a mail header built from stored text
 * drops them (`oneLine`).
 */
const CLASS = '\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029\\u202A-\\u202E\\u2066-\\u2069';
const FOUND = /* @__PURE__ */ new RegExp(`[${CLASS}]`);
const ALL = /* @__PURE__ */ new RegExp(`[${CLASS}]+`, 'g');

/** The rule as JSON Schema patterns (ECMA-262), for the OpenAPI document: one line, and one line with a non-blank character. */
export const SINGLE_LINE_PATTERN = `^[^${CLASS}]*$`;
export const NON_BLANK_SINGLE_LINE_PATTERN = `^[^${CLASS}]*[^\\s${CLASS}][^${CLASS}]*$`;

/** Whether a text may be a single-line field's. */
export const isSingleLine = (text: string): boolean => !FOUND.test(text);

/** The first character a single-line text may not hold, written `U+000A`, or undefined when it has none. */
export function notSingleLine(text: string): string | undefined {
  const found = FOUND.exec(text)?.[0];
  return found === undefined ? undefined : `U+${found.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * A text made fit for one line of a mail header (a Subject): each run of refused characters
 * becomes one space, and runs of spaces one. For text stored before fields refused them, and
 * for every header as a last line of defence (lib/aws/ses.ts).
 */
export const oneLine = (text: string): string => text.replace(ALL, ' ').replace(/ {2,}/g, ' ').trim();

/**
 * The check of a single-line text before it is trimmed (a trailing line break is refused, not
 * dropped): its message names the character, and the request's 400 names the field.
 */
export const singleLine = /* @__PURE__ */ v.check(
  isSingleLine,
  (issue: v.CheckIssue<string>) =>
    `must be one line of text: ${notSingleLine(issue.input)} (a line break, a control character or a ` +
    'bidirectional override, embedding or isolate character) is not allowed',
);
