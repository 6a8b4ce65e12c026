import { anchorWorker } from '../lib/anchoring/handler';

/** The anchor worker: the table's stream (new notarization records) → one anchoring attempt per record; its schedule → the sweep of PENDING ones. */
export const handler = anchorWorker();
