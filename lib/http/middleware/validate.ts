import type middy from '@middy/core';
import * as v from 'valibot';
import type { AnySchema } from '../../api/contract';
import { ValidationError } from '../../errors';
import { issueMessage } from '../../schemas';
import type { ApiEvent } from '../types';

/** The parts of a request an endpoint's input schema sees. */
export interface RawInput {
  params: Record<string, string | undefined>;
  query: Record<string, string | undefined>;
  headers: Record<string, string | undefined>;
  body: unknown;
}

/** Parses the request with the route's input schema; 400 with one detail per problem. */
export function validateMiddleware(schema: AnySchema): middy.MiddlewareObj<ApiEvent> {
  return {
    before: async (request) => {
      const { event } = request;
      const raw: RawInput = {
        params: event.pathParameters ?? {},
        query: event.queryStringParameters ?? {},
        headers: event.headers ?? {},
        // Only a missing body is an empty one: a parsed JSON `null` must not pass for `{}`.
        body: event.body === undefined ? {} : event.body,
      };
      const result = v.safeParse(schema, raw);
      if (!result.success) {
        throw new ValidationError(
          result.issues.map((issue) => {
            const path = (issue.path ?? []).map((item) => String(item.key));
            // Paths are relative to the part of the request they are in: `dppId`, `userData.vat_number`.
            return { path: path.slice(1).join('.') || (path[0] ?? ''), message: issueMessage(issue) };
          }),
        );
      }
      event.input = result.output;
    },
  };
}
