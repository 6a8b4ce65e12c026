import type middy from '@middy/core';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import { MAX_JSON_BODY_BYTES } from '../../limits';
import type { ApiEvent } from '../types';
import { parseBody } from './body';

const parser = httpJsonBodyParser();

/** JSON bodies (decisions.md, Transport); malformed JSON is 400, over 256 KiB 413. */
export const jsonBody = (): middy.MiddlewareObj<ApiEvent> =>
  parseBody(parser, MAX_JSON_BODY_BYTES, 'JSON (content-type: application/json)');
