import type middy from '@middy/core';
import type { z } from 'zod';
import { ValidationError } from '../errors';
import type { ApiEvent } from '../types';

/** The parts of a request an endpoint's input schema sees. */
export interface RawInput {
  params: Record<string, string | undefined>;
  query: Record<string, string | undefined>;
  headers: Record<string, string | undefined>;
  body: unknown;
}

/** Parses the request with the endpoint's zod schema; 400 with one detail per problem. */
export function validateMiddleware(schema: z.ZodType): middy.MiddlewareObj<ApiEvent> {
  return {
    before: async (request) => {
      const { event } = request;
      const raw: RawInput = {
        params: event.pathParameters ?? {},
        query: event.queryStringParameters ?? {},
        headers: event.headers ?? {},
        body: event.body ?? {},
      };
      const result = schema.safeParse(raw);
      if (!result.success) {
        throw new ValidationError(
          result.error.issues.map((issue) => ({
            // Paths are relative to the part of the request they are in: `dppId`, `userData.vat_number`.
            path: issue.path.slice(1).map(String).join('.') || String(issue.path[0] ?? ''),
            message: issue.message,
          })),
        );
      }
      event.input = result.data;
    },
  };
}
