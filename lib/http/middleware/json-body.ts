import type middy from '@middy/core';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import { InvalidInputError } from '../../errors';
import { MAX_JSON_BODY_BYTES } from '../../limits';
import type { ApiEvent } from '../types';
import { parseBody } from './body';

const parser = httpJsonBodyParser();

/**
 * JSON bodies (decisions.md, Transport); malformed JSON is 400, over 256 KiB 413. Every body
 * of the interface is a JSON object, so `null`, an array or a bare value is 400 too (valibot's
 * `object()` would take `[]` for `{}`, and a route whose fields are all optional would run).
 */
export const jsonBody = (): middy.MiddlewareObj<ApiEvent> =>
  parseBody(
    {
      before: async (request: middy.Request<ApiEvent>) => {
        await parser.before?.(request as never);
        const { body } = request.event;
        if (typeof body !== 'object' || body === null || Array.isArray(body)) {
          throw new InvalidInputError('The request body must be a JSON object', 'MALFORMED_BODY');
        }
      },
    },
    MAX_JSON_BODY_BYTES,
    'JSON (content-type: application/json)',
  );
