import { frozenFilesAndCards } from '../versions/view';
import type { NotarizationItem } from './model';

/**
 * A notarization as the notarizations view shows it (interface 4.8): the chain fields, the DPP
 * as the version froze it, and the version's files (each with a signed URL to its pinned bytes)
 * and cards, as the versions view shows them.
 *
 * The chain fields are what the anchor worker has stored so far, `""` (and `block_number` 0)
 * until then: all of them while `PENDING` before a transaction is signed (and when `FAILED`
 * before one was); `transaction_hash`, `from`, `to` and `url` once it is signed (the worker
 * stores them just before sending it, and a retry sends the same one); `block_hash` and
 * `block_number` once it is mined, still `PENDING` until its block has EVM_CONFIRMATIONS
 * confirmations (a reorg may change them meanwhile), final when `ANCHORED`.
 */
export async function notarizationView(item: NotarizationItem) {
  const { files, cards } = await frozenFilesAndCards(item.snapshot);
  const dpp = item.snapshot.dpp;
  return {
    id: item.id,
    block_hash: item.block_hash ?? '',
    block_number: item.block_number ?? 0,
    created_at: item.created_at,
    dpp_hash: item.dpp_hash,
    from: item.from ?? '',
    to: item.to ?? '',
    transaction_hash: item.transaction_hash ?? '',
    url: item.url ?? '',
    version: item.version,
    status: item.status,
    dpp: {
      id: dpp.id,
      code: dpp.code,
      description: dpp.description,
      dpp_id: dpp.id,
      model_id: dpp.model_id,
      name: dpp.name,
      type: dpp.type,
      search_id: dpp.search_id,
      template_id: dpp.template_id,
      company_id: dpp.company_id,
      created_at: dpp.created_at,
      updated_at: dpp.updated_at,
      version_id: item.version_id,
      related_dpps: null,
    },
    files,
    cards,
  };
}
