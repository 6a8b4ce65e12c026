import type { RuntimeRoute } from '../api/contract';
import { compose, type Exact, type Kind, type Run } from './endpoint';
import { bearerAuth } from './middleware/auth';
import { documentBody } from './middleware/document-body';

/*
 * The entry point of jwt rows whose JSON body is a document of its own (a profiled DPP's aspect),
 * apart from json-endpoint.ts: the media types the row names are checked exactly (415 otherwise)
 * and the row's own size limit applies (lib/http/middleware/document-body.ts).
 */

/** A jwt row with a JSON document body, not idempotent: `mediaTypes` says which it takes. */
export const jwtDocumentEndpoint = <
  R extends RuntimeRoute & Kind<'jwt', 'json', false> & { body: 'json'; mediaTypes: readonly string[] },
  F extends Run<R>,
>(
  route: R,
  maxBytes: number,
  run: F & Exact<R, F>,
) => compose(route, run, { auth: bearerAuth(), body: documentBody(route.mediaTypes, maxBytes) });
