import type middy from '@middy/core';
import * as v from 'valibot';
import type { AnySchema } from '../../api/contract';
import { ValidationError } from '../../errors';
import { issueMessage } from '../../schemas';
import type { ApiEvent } from '../types';
import { unknownKeys } from '../unknown-keys';

/** The parts of a request an endpoint's input schema sees. */
export interface RawInput {
  params: Record<string, string | undefined>;
  query: Record<string, string | undefined>;
  headers: Record<string, string | undefined>;
  body: unknown;
}

/**
 * The request's input by the route's schema, or a ValidationError with one detail per problem:
 * first each query parameter, JSON property or multipart part the schema does not declare
 * (lib/http/unknown-keys.ts: fail closed), then what the schema refuses.
 */
export function parseInput(schema: AnySchema, raw: RawInput): unknown {
  const unknown = unknownKeys(schema, raw);
  const result = v.safeParse(schema, raw);
  if (unknown.length === 0 && result.success) return result.output;
  throw new ValidationError([
    ...unknown,
    ...(result.issues ?? []).map((issue) => {
      const path = (issue.path ?? []).map((item) => String(item.key));
      // Paths are relative to the part of the request they are in: `dppId`, `userData.vat_number`.
      return { path: path.slice(1).join('.') || (path[0] ?? ''), message: issueMessage(issue) };
    }),
  ]);
}

/** Parses the request with the route's input schema; 400 with one detail per problem. */
export function validateMiddleware(schema: AnySchema): middy.MiddlewareObj<ApiEvent> {
  return {
    before: async (request) => {
      const { event } = request;
      event.input = parseInput(schema, {
        params: event.pathParameters ?? {},
        query: event.queryStringParameters ?? {},
        headers: event.headers ?? {},
        // Only a missing body is an empty one: a parsed JSON `null` must not pass for `{}`.
        body: event.body === undefined ? {} : event.body,
      });
    },
  };
}
