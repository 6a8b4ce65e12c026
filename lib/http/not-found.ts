import { prefersHtml } from '../pages/language';
import { NOT_FOUND_CSP, NOT_FOUND_PAGE } from '../pages/not-found-page';
import { keepGrantAnswersPrivate } from './grant-privacy';
import type { HttpResponse } from './response';
import type { ApiEvent } from './types';

/**
 * Unknown route (docs/spec/decisions.md, Transport): exactly `{"error":"Not Found"}`; a browser
 * (Accept ranks text/html above JSON) gets a small HTML page instead.
 */
export const routeNotFound = async (event: ApiEvent): Promise<HttpResponse> =>
  keepGrantAnswersPrivate(event, notFoundAnswer(event));

const notFoundAnswer = (event: ApiEvent): HttpResponse =>
  prefersHtml(event.headers?.accept)
    ? {
        statusCode: 404,
        headers: {
          'content-type': 'text/html; charset=utf-8',
          'content-security-policy': NOT_FOUND_CSP,
          vary: 'Accept',
        },
        body: NOT_FOUND_PAGE,
      }
    : {
        statusCode: 404,
        headers: { 'content-type': 'application/json', vary: 'Accept' },
        body: '{"error":"Not Found"}',
      };
