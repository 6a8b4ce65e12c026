import * as v from 'valibot';
import { tierOf } from '../access-tiers/tiers';
import type { Principal } from '../auth/claims';
import { signedGetUrl } from '../files/storage';
import { id } from '../schemas';
import { companyDppFields, dppFileView, dppNotFound } from './model';
import { readWholeDpp } from './repository';

export const getCompanyDppInput = v.object({ params: v.object({ dppId: id }) });

/**
 * A DPP of the caller's company as its company sees it: every field, its images and files
 * with signed URLs (15 minutes), its cards with their characteristics, and the languages of
 * its stored translations; each part with its access tier (docs/choices.md, Access tiers). ONE Query of its item collection; another company's DPP answers
 * exactly like a missing one.
 */
export async function getCompanyDpp(auth: Principal, { params }: v.InferOutput<typeof getCompanyDppInput>) {
  const { dpp, images, files, cards, translations } = await readWholeDpp(params.dppId);
  if (dpp?.company_id !== auth.companyId) throw dppNotFound();
  return {
    dpp: {
      ...companyDppFields(dpp),
      images: await Promise.all(
        images.map(async (image) => ({
          id: image.id,
          type: image.mime_type,
          url: await signedGetUrl(image.path),
          access_tier: tierOf(image),
        })),
      ),
      files: await Promise.all(
        files.map(async (file) => ({
          ...dppFileView(file),
          url: await signedGetUrl(file.path, file),
          access_tier: tierOf(file),
        })),
      ),
      cards: cards.map((card) => ({
        id: card.id,
        name: card.name,
        description: card.description,
        characteristics: (card.characteristics ?? []).map(({ id: charId, characteristic }) => ({
          id: charId,
          characteristic,
        })),
        access_tier: tierOf(card),
      })),
      translations,
    },
  };
}
