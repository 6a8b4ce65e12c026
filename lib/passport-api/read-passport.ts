import * as v from 'valibot';
import type { ReadRequest } from '../access-tiers/read-access';
import { viewDpp } from '../dpps/view-dpp';
import { id } from '../schemas';
import { headerOf, type Representation, readHeaderSources, readHeaders, readQuery } from './model';

export const readPassportInput = v.object({
  params: v.object({ dppId: id }),
  query: v.object(readQuery),
  headers: v.object(readHeaders),
});

/**
 * ReadDPPById (GET /v1/dpps/{dppId}): a published passport as its reader's tier reads it, through
 * the public passport's own read (lib/dpps/view-dpp.ts: the tiers of its parts and attributes, the
 * stored translation the `language` header asks for, the access log of a read through a grant),
 * with its EN 18223 header. `compressed`: the header and the passport's own elements (its fields,
 * profile, aspects, lifecycle); `full` adds its images, files and tech cards (those of the tier).
 * An unknown or unpublished DPP is 404 DPP_NOT_FOUND alike.
 */
export async function readPassport(
  dppId: string,
  options: {
    representation: Representation;
    language: string;
    /** A grant's value from the query (kept in the parts' download links, as GET /dpp/{dppId} keeps it) or the header. */
    access?: string;
    header?: string;
  },
  request: ReadRequest,
) {
  const view = await viewDpp(
    {
      params: { dppId },
      headers: { language: options.language, 'x-dpp-access': options.header },
      query: { access: options.access },
    },
    request,
  );
  const { item, dpp } = view;
  const sources = await readHeaderSources(item);
  const { profile, category, complete, aspects, lifecycle } = dpp;
  // The view's texts (in the stored translation asked for) and aspects (filtered at the reader's tier).
  const elements = {
    name: dpp.name,
    description: dpp.description,
    type: dpp.type,
    language: view.language.split(', ')[0],
    commodityCode: item.commodity_code ?? sources.template?.commodity_code ?? null,
    ...(profile !== undefined && { profile, ...(category !== undefined && { category }), complete, aspects }),
    ...(lifecycle !== undefined && { lifecycle }),
    ...(options.representation === 'full' && {
      images: dpp.images,
      files: dpp.files,
      cards: dpp.cards,
      ...(dpp.registration_id !== undefined && { registrationId: dpp.registration_id }),
    }),
  };
  return {
    passport: { ...headerOf(item, sources), elements },
    language: view.language,
    grant: view.grant,
  };
}

/** GET /v1/dpps/{dppId}. */
export const readPassportById = (
  { params, query, headers }: v.InferOutput<typeof readPassportInput>,
  request: ReadRequest,
) =>
  readPassport(
    params.dppId,
    {
      representation: query.representation,
      access: query.access,
      header: headers['x-dpp-access'],
      language: headers.language,
    },
    request,
  );
