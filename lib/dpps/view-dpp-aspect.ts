import * as v from 'valibot';
import { accessValue, type ReadRequest, readerOf, recordRead } from '../access-tiers/read-access';
import { NotFoundError } from '../errors';
import { accessProfileById } from '../profiles/access-catalogue';
import { filterAspect } from '../profiles/filter';
import { restrictedAttributes } from '../profiles/passport';
import { id } from '../schemas';
import { dppNotFound, isPublished } from './model';
import { readDpp } from './repository';

export const viewDppAspectInput = v.object({
  params: v.object({
    dppId: id,
    aspect: v.pipe(v.string(), v.regex(/^[A-Za-z][A-Za-z0-9-]{0,99}$/, 'must be an aspect id of the profile')),
  }),
  // An access grant's value, as a header (JSON clients keep it out of the URL) or a grant link's query.
  headers: v.object({ 'x-dpp-access': accessValue }),
  query: v.object({ access: accessValue }),
});

export const aspectNotFound = () => new NotFoundError('The DPP’s profile has no such aspect', 'ASPECT_NOT_FOUND');

/**
 * One aspect document of a published profiled passport, as the reader's tier reads it
 * (lib/profiles/filter.ts): every attribute above it removed, never blanked. An aspect of the
 * profile answers whether or not it holds anything (`{}` when nothing is left for the reader), so
 * a restricted aspect and an empty one look alike. One GetItem (and the grant's, beside it).
 */
export async function viewDppAspect(input: v.InferOutput<typeof viewDppAspectInput>, request: ReadRequest) {
  const { dppId, aspect } = input.params;
  const access = input.query.access ?? input.headers['x-dpp-access'];
  const [dpp, reader] = await Promise.all([readDpp(dppId), readerOf(dppId, access)]);
  // An unpublished DPP answers exactly like an unknown one.
  if (!dpp || !isPublished(dpp)) throw dppNotFound();
  const profile = dpp.profile === undefined ? undefined : accessProfileById(dpp.profile);
  const own = profile?.aspects.find((a) => a.id === aspect);
  if (!own) throw aspectNotFound();
  const document = filterAspect(own.attributes, dpp.aspects?.[aspect], { upTo: reader.tier }) ?? {};
  if (reader.grant) {
    const attributes = restrictedAttributes(dpp, { [aspect]: document });
    await recordRead(
      reader.grant,
      'aspect',
      { cards: [], files: [], images: [], ...(attributes.length > 0 && { attributes }) },
      request,
    );
  }
  return { document, grant: reader.grant !== undefined };
}
