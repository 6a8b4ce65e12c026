/**
 * The one adapter to the EU VIES VAT-number service (its REST API:
 * `POST <VIES_URL>/check-vat-number` with `{countryCode, vatNumber}`), over fetch with a
 * timeout. Locally VIES_URL is the stand-in (infra/local/engines/vies.ts), which speaks the
 * same shapes.
 *
 * Never a false rejection (docs/spec/decisions.md, KYB): only an answer of VIES with `valid: false`
 * is `invalid`. A fault of VIES (`MS_UNAVAILABLE`, `MS_MAX_CONCURRENT_REQ`,
 * `GLOBAL_MAX_CONCURRENT_REQ`, `SERVICE_UNAVAILABLE`, `TIMEOUT`, or any other error code), an
 * HTTP error, a body that is not VIES's, a network failure or our own timeout is
 * `unavailable`, and the check stays PENDING for the retry worker.
 */
import { withinBudget } from '../../aws/budget';
import { optional, required } from '../../config';
import { logger } from '../../logger';
import type { ViesAnswer, ViesVat } from './model';

const viesUrl = /* @__PURE__ */ required('VIES_URL');
/** How long one request may take, in ms (default 5000: the HTTP functions time out after 10 s). */
const timeoutSetting = /* @__PURE__ */ optional('VIES_TIMEOUT_MS');
/**
 * Our own VAT number (`IT…`), sent as the requester: VIES then answers a consultation number
 * (`requestIdentifier`), the evidence that the check was made. Optional.
 */
const requesterSetting = /* @__PURE__ */ optional('VIES_REQUESTER_VAT');

export const DEFAULT_VIES_TIMEOUT_MS = 5000;

function timeoutMs(): number {
  const value = Number(timeoutSetting());
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_VIES_TIMEOUT_MS;
}

function requester(): { requesterMemberStateCode: string; requesterNumber: string } | undefined {
  const vat = requesterSetting()?.replace(/\s/g, '').toUpperCase();
  if (!vat || vat.length < 4) return undefined;
  return { requesterMemberStateCode: vat.slice(0, 2), requesterNumber: vat.slice(2) };
}

/** The fields of VIES's answer we read (CheckVatResponse, or CommonResponse on a fault). */
interface ViesBody {
  valid?: unknown;
  requestDate?: unknown;
  requestIdentifier?: unknown;
  name?: unknown;
  address?: unknown;
  userError?: unknown;
  actionSucceed?: unknown;
  errorWrappers?: Array<{ error?: unknown }>;
}

/** VIES writes `---` where a member state does not publish a name or address. */
const published = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' && value.trim() !== '---' ? value.trim() : undefined;

/** The fault code of an answer that is not a verdict, or undefined for a verdict. */
function faultOf(status: number, body: ViesBody | undefined): string | undefined {
  if (body === undefined) return 'SERVICE_UNAVAILABLE';
  const wrapped = body.errorWrappers?.find((wrapper) => typeof wrapper?.error === 'string')?.error;
  if (typeof wrapped === 'string') return wrapped;
  if (body.actionSucceed === false) return 'SERVICE_UNAVAILABLE';
  // The per-member-state answer carries `userError`; VALID and INVALID are verdicts, the rest faults.
  if (typeof body.userError === 'string' && !['VALID', 'INVALID'].includes(body.userError)) return body.userError;
  if (status < 200 || status > 299) return `HTTP_${status}`;
  if (typeof body.valid !== 'boolean') return 'SERVICE_UNAVAILABLE';
  return undefined;
}

/**
 * Asks VIES about one VAT number. Never throws: what VIES cannot say is `unavailable`, logged
 * here at DEBUG only; the callers log a check when its status or fault changes (a pending check
 * is asked again every few seconds locally, every few minutes in the cloud).
 */
export async function checkVatNumber(vat: ViesVat): Promise<ViesAnswer> {
  // Its own timeout or the budget of the request or worker run (lib/aws/budget.ts), whichever ends first.
  const signal = withinBudget(AbortSignal.timeout(timeoutMs()));
  let status = 0;
  let body: ViesBody | undefined;
  let error: unknown;
  try {
    const response = await fetch(`${viesUrl().replace(/\/+$/, '')}/check-vat-number`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ countryCode: vat.countryCode, vatNumber: vat.vatNumber, ...requester() }),
      signal,
    });
    status = response.status;
    const text = await response.text();
    try {
      const parsed: unknown = JSON.parse(text);
      body = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as ViesBody) : undefined;
    } catch {
      body = undefined;
    }
  } catch (caught) {
    // Not reached, or no answer in time: one log line below, as for an answer that is no verdict.
    error = caught ?? 'no answer';
  }
  const fault = error === undefined ? faultOf(status, body) : signal.aborted ? 'TIMEOUT' : 'SERVICE_UNAVAILABLE';
  if (fault !== undefined || body === undefined) {
    logger.debug('VIES could not answer', { fault, status, vies_country_code: vat.countryCode, error });
    return { outcome: 'unavailable', fault: fault ?? 'SERVICE_UNAVAILABLE' };
  }
  return {
    outcome: body.valid === true ? 'valid' : 'invalid',
    requestDate: published(body.requestDate),
    requestIdentifier: published(body.requestIdentifier),
    name: published(body.name),
    address: published(body.address),
  };
}
