/**
 * Media types as HTTP carries them (RFC 9110 §8.3.1, §5.6; the grammar of RFC 2045/7231):
 * `type/subtype`, then parameters `; name=value` with optional whitespace around each `;`.
 * Type, subtype and parameter names are case-insensitive and come back lowercase; a value
 * is a token or a quoted string (its backslash escapes undone), and keeps its case.
 * Anything else is not a media type: no subtype, whitespace around `=`, an unterminated
 * quote, a repeated parameter (which of the two would count?), two media types joined by a
 * comma.
 */
export interface MediaType {
  /** `multipart/form-data`, lowercase. */
  type: string;
  /** Parameter names lowercase. A Map, so a parameter named `__proto__` is just a name. */
  parameters: Map<string, string>;
}

// token = 1*tchar; tchar = "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" / "-" / "." / "^" / "_" / "`" / "|" / "~" / DIGIT / ALPHA
const TYPE = /^[\t ]*([!#$%&'*+.^`|~\w-]+)\/([!#$%&'*+.^`|~\w-]+)[\t ]*/;
// `;` OWS [ token "=" ( token / quoted-string ) ] OWS. In a quoted string: qdtext (HTAB, SP,
// any visible character but `"` and `\`, obs-text) or a quoted-pair (`\` and HTAB, SP, a
// visible character or obs-text). Control characters are in neither.
const PARAMETER =
  /;[\t ]*(?:([!#$%&'*+.^`|~\w-]+)=(?:([!#$%&'*+.^`|~\w-]+)|"((?:[\t !#-[\]-~\x80-\uffff]|\\[\t -~\x80-\uffff])*)"))?[\t ]*/y;
const QUOTED_PAIR = /\\([\t -~\x80-\uffff])/g;

/** The media type of a content-type value, or undefined when the value is not one. */
export function parseMediaType(value: string): MediaType | undefined {
  const head = TYPE.exec(value);
  if (!head) return undefined;
  const parameters = new Map<string, string>();
  let at = head[0].length;
  while (at < value.length) {
    PARAMETER.lastIndex = at;
    const m = PARAMETER.exec(value);
    if (!m) return undefined;
    at = PARAMETER.lastIndex;
    // RFC 9110 allows empty parameters (`a/b;;c=d`, a trailing `;`).
    if (m[1] === undefined) continue;
    const name = m[1].toLowerCase();
    if (parameters.has(name)) return undefined;
    parameters.set(name, m[2] ?? (m[3] ?? '').replace(QUOTED_PAIR, '$1'));
  }
  return { type: `${head[1]}/${head[2]}`.toLowerCase(), parameters };
}

/**
 * RFC 2046 §5.1.1: 1 to 70 characters of DIGIT / ALPHA / ' ( ) + _ , - . / : = ? and space,
 * not ending in a space. (`:`, `/`, `=`, `?`, `(`, `)`, `,` and space are not token
 * characters, so a boundary holding one of them arrives quoted.)
 */
const BOUNDARY = /^[0-9A-Za-z'()+_,./:=? -]{0,69}[0-9A-Za-z'()+_,./:=?-]$/;

/**
 * The boundary of a `multipart/form-data` content type (RFC 7578), in any letter case, with
 * the boundary quoted or not, with or without spaces around `;`; undefined when the value is
 * not multipart/form-data or its boundary is missing or not a valid boundary.
 */
export function formDataBoundary(contentType: string | undefined): string | undefined {
  const media = contentType === undefined ? undefined : parseMediaType(contentType);
  if (media?.type !== 'multipart/form-data') return undefined;
  const boundary = media.parameters.get('boundary');
  return boundary !== undefined && BOUNDARY.test(boundary) ? boundary : undefined;
}
