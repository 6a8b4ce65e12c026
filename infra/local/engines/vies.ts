/**
 * Stand-in for the EU VIES VAT-number check (the REST API, `POST /check-vat-number`), driven by
 * the service's own client (lib/companies/kyb/vies.ts) exactly as the real service is.
 *
 * It speaks VIES's shapes: a verdict is CheckVatResponse (`{countryCode, vatNumber,
 * requestDate, valid, requestIdentifier, name, address, traderName…, traderNameMatch…}`), and
 * a fault VIES's common error shape (`{actionSucceed: false, errorWrappers: [{error,
 * message}]}`, HTTP 500; `INVALID_INPUT` is 400). `requestIdentifier` is given only to a request
 * naming a requester (`requesterMemberStateCode` + `requesterNumber`), as VIES does.
 *
 * The demo numbers (docs/demo.md, KYB demo VAT numbers) all pass the offline checks (their check
 * digits are right), so each reaches this stand-in and answers what its name says. Any other
 * number answers `valid: false`, as VIES does for a number no member state has registered.
 */

import { randomBytes } from 'node:crypto';
import type { LocalEngine } from './ports';
import { healthRoute, type RouteHandler, type RouteMap, type StandInResponse, startStandIn } from './stand-in';

export interface ViesStandInOptions {
  /** 0 or undefined: a random free port. */
  port?: number;
}

/** How long the slow demo number keeps VIES silent: longer than any client timeout. */
export const VIES_SLOW_ANSWER_MS = 30_000;

type Behaviour =
  | { kind: 'valid'; name: string; address: string }
  | { kind: 'invalid' }
  | { kind: 'fault'; error: string }
  /** MS_UNAVAILABLE to its first request after the stand-in started, then valid: the retry worker's demo. */
  | { kind: 'unavailable-then-valid'; name: string; address: string }
  | { kind: 'slow' };

/** The demo numbers, by VIES country code + number (as VIES takes them: no spaces, Greece `EL`). */
export const VIES_DEMO_NUMBERS = {
  IT11111110018: {
    kind: 'valid',
    name: 'ACME BIKES S.R.L.',
    address: 'VIA DELLE BICICLETTE 1 \n20121 MILANO MI',
  },
  IT22222220018: { kind: 'invalid' },
  IT33333330018: { kind: 'fault', error: 'MS_UNAVAILABLE' },
  IT44444440018: {
    kind: 'unavailable-then-valid',
    name: 'RIPROVA S.R.L.',
    address: 'CORSO DEL RITENTATIVO 4 \n10121 TORINO TO',
  },
  IT55555550015: { kind: 'fault', error: 'MS_MAX_CONCURRENT_REQ' },
  IT66666660015: { kind: 'fault', error: 'GLOBAL_MAX_CONCURRENT_REQ' },
  IT77777770015: { kind: 'fault', error: 'SERVICE_UNAVAILABLE' },
  IT88888880015: { kind: 'fault', error: 'TIMEOUT' },
  IT99999990015: { kind: 'slow' },
  EL123456783: { kind: 'valid', name: 'ΔΟΚΙΜΗ Α.Ε.', address: 'ΟΔΟΣ ΔΟΚΙΜΗΣ 1 \n10431 ΑΘΗΝΑ' },
  XI123456782: { kind: 'valid', name: 'TEST TRADING LTD', address: '1 TEST STREET\nBELFAST\nBT1 1AA' },
} as const satisfies Record<string, Behaviour>;

const MESSAGES: Record<string, string> = {
  MS_UNAVAILABLE: 'The application at the Member State is not replying or not available.',
  MS_MAX_CONCURRENT_REQ: 'The maximum number of concurrent requests for this Member State has been reached.',
  GLOBAL_MAX_CONCURRENT_REQ: 'The maximum number of concurrent requests has been reached.',
  SERVICE_UNAVAILABLE: 'An error was encountered either at the network level or the Web application level.',
  TIMEOUT: 'The application did not receive a reply within the allocated time period.',
  INVALID_INPUT: 'The provided CountryCode is invalid or the VAT number is empty.',
  INVALID_REQUESTER_INFO: 'The requester information is invalid.',
};

const fault = (error: string, status = 500): StandInResponse => ({
  status,
  body: { actionSucceed: false, errorWrappers: [{ error, message: MESSAGES[error] ?? error }] },
});

interface CheckVatRequest {
  countryCode?: unknown;
  vatNumber?: unknown;
  requesterMemberStateCode?: unknown;
  requesterNumber?: unknown;
}

/** VIES's consultation numbers look like `WAPIAAAAZ…`: 16 letters and digits. */
const consultationNumber = (): string =>
  `WAPI${randomBytes(9)
    .toString('base64url')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, 'X')
    .slice(0, 12)}`;

function verdict(
  request: { countryCode: string; vatNumber: string; requester: boolean },
  valid: boolean,
  name = '---',
  address = '---',
): StandInResponse {
  return {
    status: 200,
    body: {
      countryCode: request.countryCode,
      vatNumber: request.vatNumber,
      requestDate: new Date().toISOString(),
      valid,
      requestIdentifier: request.requester ? consultationNumber() : '',
      name,
      address,
      traderName: '',
      traderStreet: '',
      traderPostalCode: '',
      traderCity: '',
      traderCompanyType: '',
      traderNameMatch: 'NOT_PROCESSED',
      traderStreetMatch: 'NOT_PROCESSED',
      traderPostalCodeMatch: 'NOT_PROCESSED',
      traderCityMatch: 'NOT_PROCESSED',
      traderCompanyTypeMatch: 'NOT_PROCESSED',
    },
  };
}

const sleep = (ms: number) => new Promise<void>((wake) => setTimeout(wake, ms).unref());

function viesRoutes(): RouteMap {
  /** Demo numbers that have already answered once (for `unavailable-then-valid`). */
  const asked = new Set<string>();
  const checkVatNumber: RouteHandler = async ({ body }) => {
    let request: CheckVatRequest;
    try {
      request = JSON.parse(body) as CheckVatRequest;
    } catch {
      return fault('INVALID_INPUT', 400);
    }
    const { countryCode, vatNumber } = request;
    if (typeof countryCode !== 'string' || !/^[A-Z]{2}$/.test(countryCode)) return fault('INVALID_INPUT', 400);
    if (typeof vatNumber !== 'string' || !/^[0-9A-Za-z+*]{2,14}$/.test(vatNumber)) return fault('INVALID_INPUT', 400);
    const requester = request.requesterMemberStateCode !== undefined || request.requesterNumber !== undefined;
    if (
      requester &&
      (typeof request.requesterMemberStateCode !== 'string' ||
        !/^[A-Z]{2}$/.test(request.requesterMemberStateCode) ||
        typeof request.requesterNumber !== 'string' ||
        !/^[0-9A-Za-z+*]{2,14}$/.test(request.requesterNumber))
    ) {
      return fault('INVALID_REQUESTER_INFO', 400);
    }
    const key = `${countryCode}${vatNumber}`;
    const behaviour: Behaviour | undefined = (VIES_DEMO_NUMBERS as Record<string, Behaviour>)[key];
    const first = !asked.has(key);
    asked.add(key);
    const checked = { countryCode, vatNumber, requester };
    switch (behaviour?.kind) {
      case undefined:
      case 'invalid':
        return verdict(checked, false);
      case 'valid':
        return verdict(checked, true, behaviour.name, behaviour.address);
      case 'fault':
        return fault(behaviour.error);
      case 'unavailable-then-valid':
        return first ? fault('MS_UNAVAILABLE') : verdict(checked, true, behaviour.name, behaviour.address);
      case 'slow':
        await sleep(VIES_SLOW_ANSWER_MS);
        return verdict(checked, true);
    }
  };
  return {
    'GET /health': healthRoute,
    'POST /check-vat-number': checkVatNumber,
  };
}

const notFound: RouteHandler = ({ method, path }) => ({
  status: 404,
  body: {
    actionSucceed: false,
    errorWrappers: [{ error: 'NOT_FOUND', message: `No resource for ${method} ${path}` }],
  },
});

/** Each stand-in has its own memory of which demo numbers were asked. */
export function startVies(options: ViesStandInOptions = {}): Promise<LocalEngine> {
  return startStandIn({ port: options.port, routes: viesRoutes(), notFound });
}
