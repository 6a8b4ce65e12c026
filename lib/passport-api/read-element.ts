import * as v from 'valibot';
import type { ReadRequest } from '../access-tiers/read-access';
import { valueAtSegments } from '../profiles/values';
import { id } from '../schemas';
import { elementNotFound, elementPath, readHeaders, readQuery } from './model';
import { readPassport } from './read-passport';

export const readElementInput = v.object({
  params: v.object({ dppId: id, elementPath }),
  query: v.object(readQuery),
  headers: v.object(readHeaders),
});

/**
 * ReadDataElement (GET /v1/dpps/{dppId}/elements/{elementPath}): one data element of a published
 * passport, from the passport as the reader's tier reads it in full (readPassport): so an element
 * path never reaches data above the reader's tier (a part or an attribute above it is not there,
 * 404 ELEMENT_NOT_FOUND as for a path that names nothing). `{ path, value }`; `compressed` and
 * `full` answer the same value (an element is whole either way), only `full` reaches images, files
 * and cards. A read through a grant is logged as a read of the passport.
 */
export async function readElement(
  { params, query, headers }: v.InferOutput<typeof readElementInput>,
  request: ReadRequest,
) {
  const { passport, grant } = await readPassport(
    params.dppId,
    { representation: 'full', access: query.access, header: headers['x-dpp-access'], language: headers.language },
    request,
  );
  const path = params.elementPath.split('/');
  const tree = query.representation === 'full' ? passport.elements : withoutParts(passport.elements);
  const value = valueAtSegments(tree, path);
  if (value === undefined) throw elementNotFound();
  return { element: { path: params.elementPath, value }, grant };
}

/** The compressed passport's elements: without the parts `full` adds. */
function withoutParts(elements: Record<string, unknown>): Record<string, unknown> {
  const { images: _images, files: _files, cards: _cards, registrationId: _registration, ...own } = elements;
  return own;
}
