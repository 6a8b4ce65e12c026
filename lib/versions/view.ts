import { signedGetUrl } from '../files/storage';
import { versionUri } from '../links';
import type { DppVersionItem } from './model';

/**
 * A version as the versions view shows it (and each notarization repeats): its number as a
 * string, its public `uri`, and the files and cards it froze. A file's `url` is a signed GET
 * URL to the bytes as they were at that version (pinned, so a later replace or delete of the
 * file never breaks it).
 */
export async function versionView(item: Pick<DppVersionItem, 'dpp_id' | 'version' | 'snapshot'>) {
  const { files, cards } = item.snapshot;
  return {
    version: String(item.version),
    uri: versionUri(item.dpp_id, item.version),
    files: await Promise.all(
      files.map(async ({ id, name, description, type, path }) => ({
        id,
        name,
        description,
        type,
        path,
        url: await signedGetUrl(path),
      })),
    ),
    cards: cards.map(({ id, name, description, characteristics }) => ({
      id,
      name,
      description,
      characteristics: characteristics.map(({ id: characteristicId, characteristic }) => ({
        id: characteristicId,
        characteristic,
      })),
    })),
  };
}
