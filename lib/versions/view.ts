import { signedGetUrl } from '../files/storage';
import { versionUri } from '../links';
import type { DppVersionItem } from './model';

/**
 * The files and cards a version froze, as the versions view and each notarization show them.
 * A file's `url` is a signed GET URL to the bytes as they were at that version (pinned, so a
 * later replace or delete of the file never breaks it).
 */
export async function frozenFilesAndCards({ files, cards }: DppVersionItem['snapshot']) {
  return {
    files: await Promise.all(
      files.map(async ({ id, name, description, type, path }) => ({
        id,
        name,
        description,
        type,
        path,
        url: await signedGetUrl(path, { name, mime_type: type }),
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

/** A version as the versions view shows it: its number as a string, its public `uri`, its files and cards. */
export async function versionView(item: Pick<DppVersionItem, 'dpp_id' | 'version' | 'snapshot'>) {
  return {
    version: String(item.version),
    uri: versionUri(item.dpp_id, item.version),
    ...(await frozenFilesAndCards(item.snapshot)),
  };
}
