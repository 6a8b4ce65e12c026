/** RFC 6901 JSON pointers, as the profiles and their documents use them. */

/** The segments of a pointer, unescaped (`` is the document itself). */
export const segmentsOf = (pointer: string): string[] =>
  pointer === ''
    ? []
    : pointer
        .slice(1)
        .split('/')
        .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));

/** A segment as a pointer writes it. */
export const escaped = (segment: string): string => segment.replace(/~/g, '~0').replace(/\//g, '~1');
