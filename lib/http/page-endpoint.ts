import type { RuntimeRoute } from '../api/contract';
import { compose, type Exact, type Kind, type Run } from './endpoint';
import { keepGrantAnswersPrivate } from './grant-privacy';
import { errorAnswer, errorAnswerAbout } from './html';
import { otherMethodsMiddleware } from './other-methods';

/**
 * The entry point of public rows a browser opens (the passport page, the invitation page, the
 * resolver): like publicEndpoint, but an error answers a browser with the HTML error page and
 * an API client with the JSON error. Apart from lib/http/endpoint.ts so that no other function
 * bundles the pages' error page.
 */
export const publicPageEndpoint = <R extends RuntimeRoute & Kind<'public', undefined, false>, F extends Run<R>>(
  route: R,
  run: F & Exact<R, F>,
) => compose(route, run, { errorAnswer, otherMethods: otherMethodsMiddleware, privacy: keepGrantAnswersPrivate });

/** The invitation page's entry point: like publicPageEndpoint, its HTML errors speak of the invitation's link (English). */
export const invitationPageEndpoint = <R extends RuntimeRoute & Kind<'public', undefined, false>, F extends Run<R>>(
  route: R,
  run: F & Exact<R, F>,
) =>
  compose(route, run, {
    errorAnswer: errorAnswerAbout('invitation'),
    otherMethods: otherMethodsMiddleware,
    privacy: keepGrantAnswersPrivate,
  });
