import { anchorNotarization } from '../lib/anchoring/anchor-notarization';
import { ANCHOR_WORKER_FN } from '../lib/anchoring/worker';
import { streamWorker } from '../lib/events/stream-worker';

/** The anchor worker: the table's stream (new notarization records) → one anchoring attempt per record. */
export const handler = streamWorker(ANCHOR_WORKER_FN, (key) => anchorNotarization(key));
