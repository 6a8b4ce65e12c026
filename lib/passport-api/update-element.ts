import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { aspectChange } from '../dpp-aspects/write-aspect';
import { dppChange, updateDppInput } from '../dpps/update-dpp';
import { InvalidInputError, ValidationError } from '../errors';
import { packedProfileById } from '../profiles/packed-catalogue';
import { id, issueMessage } from '../schemas';
import { archivedChange } from './archive';
import { elementPath } from './model';

/** A JSON value (what an element holds): the element's own rules check it (PUT /dpps/{dppId}'s, or the profile's). */
const jsonScalar = v.union([v.string(), v.number(), v.boolean()]);
const jsonValue = v.nullable(
  v.union([jsonScalar, v.looseObject({}), v.array(v.nullable(v.union([jsonScalar, v.looseObject({})])))]),
);

export const updateElementInput = v.object({
  params: v.object({ dppId: id, elementPath }),
  body: v.strictObject({ value: jsonValue }, 'is not a field of an element write (value)'),
});

/** The DPP's own fields an element path names, and their names in PUT /dpps/{dppId}. */
const FIELDS: Readonly<Record<string, string>> = {
  name: 'name',
  description: 'description',
  type: 'type',
  language: 'language',
  commodityCode: 'commodity_code',
};

const notWritable = () =>
  new ValidationError([
    {
      path: 'elementPath',
      message: `must name an element you can change: ${Object.keys(FIELDS).join(', ')}, aspects/<aspect> or a member of one`,
    },
  ]);

/**
 * UpdateDataElement (PUT /v1/dpps/{dppId}/elements/{elementPath}): replaces one data element with
 * `value`. A field of the DPP (`name`, `description`, `type`, `language`, `commodityCode`: `null`
 * removes its own commodity code) changes through PUT /dpps/{dppId}'s use case and its rules; an
 * aspect (`aspects/<aspect>`) or a member at any depth in it (`aspects/<aspect>/<member>/…`, an
 * array's index among its items or just past them) through the aspect write's (the profile's
 * validation: 400 INVALID_ASPECT). Any other path is 400 naming `elementPath`. The change and the
 * new version that archives it are one transaction, like every write of the passport API.
 */
export async function updateElement(auth: Principal, { params, body }: v.InferOutput<typeof updateElementInput>) {
  const [head, aspect, ...rest] = params.elementPath.split('/');
  const field = head === undefined ? undefined : FIELDS[head];
  if (field !== undefined && aspect === undefined) {
    const parsed = v.safeParse(updateDppInput, { params, body: { [field]: body.value } });
    if (!parsed.success)
      throw new ValidationError(parsed.issues.map((issue) => ({ path: 'value', message: issueMessage(issue) })));
    return archivedChange(auth, params.dppId, dppChange(auth, parsed.output.body, packedProfileById));
  }
  if (head === 'aspects' && aspect !== undefined) {
    const next = (stored: unknown) => setAt(stored, rest, body.value);
    return archivedChange(auth, params.dppId, aspectChange(auth, aspect, next, packedProfileById));
  }
  throw notWritable();
}

/** `target` with `value` at `path` (copies along the path; an array's index at most its length). */
function setAt(target: unknown, path: readonly string[], value: unknown): unknown {
  const [segment, ...rest] = path;
  if (segment === undefined) return value;
  if (Array.isArray(target) && /^(0|[1-9]\d*)$/.test(segment) && Number(segment) <= target.length) {
    const copy = [...target];
    copy[Number(segment)] = setAt(copy[Number(segment)], rest, value);
    return copy;
  }
  if (Array.isArray(target))
    throw new InvalidInputError('an array’s member is an index among its items or just past them', 'VALIDATION_ERROR', [
      { path: 'elementPath', message: `${segment} is no index of the array there` },
    ]);
  const base = typeof target === 'object' && target !== null ? { ...(target as Record<string, unknown>) } : {};
  base[segment] = setAt(base[segment], rest, value);
  return base;
}
