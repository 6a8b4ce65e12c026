import type middy from '@middy/core';
import { InvalidInputError } from '../../errors';
import { MAX_JSON_BODY_BYTES } from '../../limits';
import type { ApiEvent } from '../types';
import { parseBody } from './body';

/** `application/json` or a `+json` type, any parameters (what Middy's JSON parser accepted). */
const JSON_TYPE = /^application\/([a-z0-9.+-]+\+)?json(;|$)/i;

/**
 * The body as JSON, refusing a `__proto__` key or a `constructor` with a `prototype` (prototype
 * pollution) with a 400 MALFORMED_BODY that names the key; any other failure is a parse failure
 * for parseBody: 400 MALFORMED_BODY, "could not be parsed as JSON". Written here
 * rather than taken from @middy/http-json-body-parser: the same checks, without Middy's
 * general HTTP-error helpers in every JSON function's bundle (~1.2 KiB).
 */
function parseJson({ event }: { event: ApiEvent }): void {
  const type = event.headers?.['content-type'] ?? event.headers?.['Content-Type'];
  if (type === undefined || !JSON_TYPE.test(type)) throw new Error('not JSON');
  const text = event.isBase64Encoded ? Buffer.from(event.body as string, 'base64').toString() : (event.body as string);
  event.body = JSON.parse(text, (key, value) => {
    if (key === '__proto__' || (key === 'constructor' && value && Object.hasOwn(value, 'prototype'))) {
      const what = key === '__proto__' ? 'a key "__proto__"' : 'a key "constructor" with a "prototype"';
      throw new InvalidInputError(
        `The request body is JSON but has ${what}, which no field is and which is refused (prototype pollution)`,
        'MALFORMED_BODY',
      );
    }
    return value;
  });
}

/**
 * JSON bodies (docs/spec/decisions.md, Transport); malformed JSON is 400, over 256 KiB 413. Every body
 * of the interface is a JSON object, so `null`, an array or a bare value is 400 too (valibot's
 * `object()` would take `[]` for `{}`, and a route whose fields are all optional would run).
 */
export const jsonBody = (): middy.MiddlewareObj<ApiEvent> =>
  parseBody(
    {
      before: async (request: middy.Request<ApiEvent>) => {
        parseJson(request);
        const { body } = request.event;
        if (typeof body !== 'object' || body === null || Array.isArray(body)) {
          throw new InvalidInputError('The request body must be a JSON object', 'MALFORMED_BODY');
        }
      },
    },
    MAX_JSON_BODY_BYTES,
    'JSON (content-type: application/json)',
  );
