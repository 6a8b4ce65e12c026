import { describe, expect, it } from 'vitest';
import type { ErrorMap, Route } from '../../../../lib/api/contract';
import { routes } from '../../../../lib/api/routes';
import { createDppFileRoute } from '../../../../lib/api/routes/create-dpp-file';
import { getDppRoute } from '../../../../lib/api/routes/get-dpp';
import { getDppFileRoute } from '../../../../lib/api/routes/get-dpp-file';
import { listDppFilesRoute } from '../../../../lib/api/routes/list-dpp-files';
import { budget, withBudget } from '../../../../lib/aws/budget';
import { dppNotFound } from '../../../../lib/dpps/model';
import {
  ConflictError,
  type DomainError,
  type ErrorKind,
  ForbiddenError,
  InvalidInputError,
  NotFoundError,
  TooLargeError,
  UnauthenticatedError,
  UnavailableError,
  UnprocessableError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '../../../../lib/errors';
import { answerFor } from '../../../support/unit/answers';
import { dynamoErrors, s3Errors } from '../../../support/unit/aws-errors';

/** One error of each kind, as lib throws them. */
const ofKind: Record<ErrorKind, () => DomainError> = {
  invalid: () => new InvalidInputError('bad field', 'BAD_FIELD'),
  unauthenticated: () => new UnauthenticatedError(),
  forbidden: () => new ForbiddenError('not yours', 'COMPANY_MISMATCH'),
  not_found: () => new NotFoundError('DPP not found', 'DPP_NOT_FOUND'),
  conflict: () => new ConflictError('changed meanwhile'),
  too_large: () => new TooLargeError('too big'),
  unprocessable: () => new UnprocessableError('key sent with another body', 'IDEMPOTENCY_KEY_REUSED'),
  unsupported_media_type: () => new UnsupportedMediaTypeError('not JSON'),
  unavailable: () => new UnavailableError(),
};

describe('the error middleware: the status of a domain error comes from the route row', () => {
  it('answers a kind with the status the row gives it, and the body {error, code}', async () => {
    const errors: ErrorMap = { not_found: { status: 406, description: 'no such DPP' } };
    const answer = await answerFor(errors, new NotFoundError('DPP not found', 'DPP_NOT_FOUND'));
    expect(answer.status).toBe(406);
    expect(answer.text).toBe('{"error":"DPP not found","code":"DPP_NOT_FOUND"}');
    expect(answer.headers['content-type']).toBe('application/json');
  });

  it('answers the same missing DPP 404 on the passport view and 406 on the DPP-file routes', async () => {
    expect((await answerFor(getDppRoute.errors, dppNotFound())).status).toBe(404);
    for (const route of [createDppFileRoute, listDppFilesRoute, getDppFileRoute]) {
      expect({ fn: route.fn, status: (await answerFor(route.errors, dppNotFound())).status }).toEqual({
        fn: route.fn,
        status: 406,
      });
    }
  });

  it('answers every kind a row declares with the row’s status, on every route', async () => {
    for (const route of routes as readonly Route[]) {
      for (const [kind, declared] of Object.entries(route.errors)) {
        const { status } = await answerFor(route.errors, ofKind[kind as ErrorKind]());
        expect({ fn: route.fn, kind, status }).toEqual({ fn: route.fn, kind, status: declared!.status });
      }
    }
  });

  it.each([
    ['invalid', 400],
    ['unauthenticated', 401],
    ['forbidden', 403],
    ['not_found', 404],
    ['conflict', 409],
    ['too_large', 413],
    ['unavailable', 503],
  ] as const)('falls back to the usual status for a %s error the row does not declare (%i)', async (kind, status) => {
    const answer = await answerFor({}, ofKind[kind]());
    expect(answer.status).toBe(status);
    expect(answer.json.code).toBe(ofKind[kind]().code);
  });

  it('adds the details of a validation error, and no details key to other errors', async () => {
    const details = [{ path: 'dppId', message: 'must be 1-64 letters, digits, - or _' }];
    const validation = await answerFor({}, new ValidationError(details));
    expect(validation.json).toEqual({ error: 'The request is not valid', code: 'VALIDATION_ERROR', details });
    expect(Object.keys((await answerFor({}, ofKind.not_found())).json).sort()).toEqual(['code', 'error']);
  });
});

describe('the error middleware: headers', () => {
  it('asks for a Bearer token (www-authenticate) on every unauthenticated answer, declared or not', async () => {
    for (const errors of [{}, getDppFileRoute.errors]) {
      const answer = await answerFor(errors, new UnauthenticatedError('token expired', 'TOKEN_EXPIRED'));
      expect([answer.status, answer.headers['www-authenticate']]).toEqual([401, 'Bearer']);
      expect(answer.json).toEqual({ error: 'token expired', code: 'TOKEN_EXPIRED' });
    }
  });

  it('says when to retry (retry-after, in seconds) on an unavailable dependency', async () => {
    expect((await answerFor({}, new UnavailableError())).headers['retry-after']).toMatch(/^[1-9]\d*$/);
    expect((await answerFor({}, new UnavailableError('Translate is down', 7))).headers['retry-after']).toBe('7');
  });

  it('adds neither www-authenticate nor retry-after to the other kinds', async () => {
    for (const kind of ['invalid', 'forbidden', 'not_found', 'conflict', 'too_large'] as const) {
      const { headers } = await answerFor({}, ofKind[kind]());
      expect({ kind, headers }).toEqual({ kind, headers: { 'content-type': 'application/json' } });
    }
  });
});

describe('the error middleware: errors that are not domain errors', () => {
  it.each([
    ['a throttled DynamoDB call', dynamoErrors.throttling],
    ['a DynamoDB 500', dynamoErrors.internalServerError],
    ['a transaction cancelled for throttling', () => dynamoErrors.transactionCanceled('ThrottlingError')],
    ['S3 SlowDown', s3Errors.slowDown],
    ['a reset connection', s3Errors.connectionReset],
  ])('answers %s 503 SERVICE_UNAVAILABLE with retry-after, without the SDK’s message', async (_, fault) => {
    const answer = await answerFor(getDppRoute.errors, fault());
    expect(answer.status).toBe(503);
    expect(answer.json).toEqual({ error: expect.any(String), code: 'SERVICE_UNAVAILABLE' });
    expect(answer.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    expect(answer.text).not.toMatch(/unit-table|unit-bucket|Rate exceeded|socket|REQ-UNIT/);
  });

  it.each([
    [
      'a bug (TypeError)',
      () => new TypeError("Cannot read properties of undefined (reading 'pk') in table unit-table"),
    ],
    ['a 4xx SDK error that is not throttling (ValidationException)', dynamoErrors.validation],
    ['a failed condition nobody caught', dynamoErrors.conditionalCheckFailed],
  ])('answers %s exactly 500 {"error":"Internal server error","code":"INTERNAL_ERROR"}', async (_, fault) => {
    const answer = await answerFor(createDppFileRoute.errors, fault());
    expect(answer.status).toBe(500);
    expect(answer.text).toBe('{"error":"Internal server error","code":"INTERNAL_ERROR"}');
    expect(answer.headers).toEqual({ 'content-type': 'application/json' });
  });
});

describe('the error middleware: a write whose outcome is unknown', () => {
  const unknown = (keyed: boolean, error: unknown) =>
    withBudget({ work: Number.POSITIVE_INFINITY, last: Number.POSITIVE_INFINITY }, () => {
      Object.assign(budget()!, { unanswered: true, keyed });
      return answerFor(createDppFileRoute.errors, error);
    });

  it('answers 503 OUTCOME_UNKNOWN without Retry-After when the request carries no Idempotency-Key', async () => {
    for (const error of [dynamoErrors.internalServerError(), new UnavailableError()]) {
      const answer = await unknown(false, error);
      expect([answer.status, answer.json.code, answer.headers['retry-after']]).toEqual([
        503,
        'OUTCOME_UNKNOWN',
        undefined,
      ]);
    }
  });

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After when it carries one: a retry with it is safe', async () => {
    const answer = await unknown(true, dynamoErrors.internalServerError());
    expect([answer.status, answer.json.code, answer.headers['retry-after']]).toEqual([503, 'SERVICE_UNAVAILABLE', '2']);
  });

  it('leaves other kinds as they are (a refusal after an unanswered write is still the refusal)', async () => {
    const answer = await unknown(false, new NotFoundError('DPP not found', 'DPP_NOT_FOUND'));
    expect(answer.status).toBe(406);
  });
});
