/**
 * Stand-in for Amazon Translate's TranslateText (the JSON 1.1 protocol: `POST /` with
 * `X-Amz-Target: AWSShineFrontendService_20170701.TranslateText`), driven by the service's own
 * adapter (lib/aws/translate.ts) exactly as the real service is, so the one route that calls it
 * (POST /dpps/{dppId}/translations/{language}/machine) works locally.
 *
 * Its "translation" marks the text with the target language: `[it] Capacity: 500 Wh`. It keeps
 * every call it answered (`GET /calls`: `{calls: [{from, to, text}]}`, oldest first), so a test
 * can count what a request made the company pay for: that is how the suite shows an anonymous
 * reader never causes one (test/functions/dpp-translations.test.ts).
 */

import type { LocalEngine } from './ports';
import { healthRoute, type StandInRequest, type StandInResponse, startStandIn } from './stand-in';

export interface TranslateStandInOptions {
  /** 0 or undefined: a random free port. */
  port?: number;
}

/** One TranslateText the stand-in answered. */
export interface TranslateCall {
  from: string;
  to: string;
  text: string;
}

const TARGET_PREFIX = 'AWSShineFrontendService_20170701.';

/** A Translate error, in the JSON protocol's shape (`__type`, `message`). */
const failure = (status: number, type: string, message: string): StandInResponse => ({
  status,
  body: { __type: type, message },
  headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-errortype': type },
});

export async function startTranslate(options: TranslateStandInOptions = {}): Promise<LocalEngine> {
  const calls: TranslateCall[] = [];
  const translateText = (request: StandInRequest): StandInResponse => {
    const target = String(request.headers['x-amz-target'] ?? '');
    if (target !== `${TARGET_PREFIX}TranslateText`) {
      return failure(400, 'UnknownOperationException', `the stand-in answers TranslateText only, not ${target}`);
    }
    const input = JSON.parse(request.body || '{}') as {
      Text?: string;
      SourceLanguageCode?: string;
      TargetLanguageCode?: string;
    };
    const { Text: text, SourceLanguageCode: from, TargetLanguageCode: to } = input;
    if (typeof text !== 'string' || !from || !to) {
      return failure(400, 'ValidationException', 'Text, SourceLanguageCode and TargetLanguageCode are required');
    }
    calls.push({ from, to, text });
    return {
      status: 200,
      body: { TranslatedText: `[${to}] ${text}`, SourceLanguageCode: from, TargetLanguageCode: to },
      headers: { 'content-type': 'application/x-amz-json-1.1' },
    };
  };
  return startStandIn({
    port: options.port,
    routes: {
      'GET /health': healthRoute,
      'GET /calls': () => ({ status: 200, body: { calls } }),
      'POST /': translateText,
    },
    notFound: (request) => failure(404, 'UnknownOperationException', `no route ${request.method} ${request.path}`),
  });
}
