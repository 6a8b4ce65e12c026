import * as table from '../aws/table';
import * as keys from '../data/keys';
import { ItemType } from '../data/keys';
import type { DppItem } from '../dpps/model';
import type { NotarizationItem } from '../notarizations/model';
import type { DppVersionItem } from '../versions/model';

export interface CredentialSource {
  version?: DppVersionItem;
  dpp?: Pick<DppItem, 'published' | 'company_name'>;
  notarization?: NotarizationItem;
}

/**
 * What a version's credential says: the version, the DPP item (whether it is published) and the
 * version's notarization (its anchor), in ONE strongly consistent BatchGetItem, like the
 * version's document.
 */
export async function readCredentialSource(dppId: string, version: number): Promise<CredentialSource> {
  const items = await table.batchGet(
    [keys.dppVersion(dppId, version), keys.dpp(dppId), keys.notarization(dppId, version)],
    { consistent: true },
  );
  return {
    version: items.find((item) => item.type === ItemType.DppVersion) as DppVersionItem | undefined,
    dpp: items.find((item) => item.type === ItemType.Dpp) as DppItem | undefined,
    notarization: items.find((item) => item.type === ItemType.Notarization) as NotarizationItem | undefined,
  };
}
