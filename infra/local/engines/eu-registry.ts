/**
 * Stand-in for the EU DPP registry's registration API, as the CIRPASS-2 mock EU registry has it
 * (its README, Metadata Endpoints): `POST /metadata/v1` (and its alias `/metadata/v1/registerDPP`)
 * takes a record as JSON, checks it against the registry metadata schema, and answers 201 with the
 * entry `{registryId, createdAt, modifiedAt, metadata}`; a record the schema refuses is 400
 * `{message: "The DPP metadata payload is not valid: …"}` (its ExceptionsMapper). A UPI already
 * registered is overwritten under the same registry id (the mock's MODIFY update strategy). Driven
 * by the service's own client (lib/registry/client.ts), exactly as the mock is.
 *
 * The schema's rules are checked with the record's own valibot schema (lib/api/views.ts,
 * registryRecord), which test/lib/registry/registry-schema.test.ts holds to the mock's rules, plus
 * the one rule it cannot say: `deactivated` present exactly for ITEM.
 */

import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { registryRecord } from '../../../lib/api/views';
import type { LocalEngine } from './ports';
import { healthRoute, type RouteHandler, type RouteMap, startStandIn } from './stand-in';

export interface EuRegistryStandInOptions {
  /** 0 or undefined: a random free port. */
  port?: number;
}

/** The mock's timestamps: `2026-02-11 11:26:55` (its DATE_TIME_FORMAT). */
const stamp = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');

const invalid = (reason: string) => ({
  status: 400,
  body: { message: `The DPP metadata payload is not valid: ${reason}` },
});

interface Entry {
  registryId: string;
  createdAt: string;
  modifiedAt: string | null;
  metadata: unknown;
}

function registryRoutes(entries: Map<string, Entry>): RouteMap {
  const register: RouteHandler = ({ body }) => {
    let metadata: unknown;
    try {
      metadata = JSON.parse(body);
    } catch {
      return invalid('the body is not JSON');
    }
    const checked = v.safeParse(registryRecord, metadata);
    if (!checked.success) {
      return invalid(checked.issues.map((issue) => `${v.getDotPath(issue) ?? '$'}: ${issue.message}`).join('; '));
    }
    const record = checked.output;
    if ((record.granularityLevel === 'ITEM') !== (record.deactivated !== undefined)) {
      return invalid('deactivated must be present exactly when granularityLevel is ITEM');
    }
    const now = stamp(new Date());
    const known = entries.get(record.upi);
    const entry: Entry = known
      ? { ...known, modifiedAt: now, metadata }
      : { registryId: randomUUID(), createdAt: now, modifiedAt: null, metadata };
    entries.set(record.upi, entry);
    return { status: 201, body: entry };
  };
  return {
    'GET /health': healthRoute,
    'POST /metadata/v1': register,
    'POST /metadata/v1/registerDPP': register,
  };
}

const notFound: RouteHandler = ({ method, path }) => ({
  status: 404,
  body: { message: `No resource for ${method} ${path}` },
});

/** A stand-in with an empty registry of its own. */
export function startEuRegistry(options: EuRegistryStandInOptions = {}): Promise<LocalEngine> {
  return startStandIn({ port: options.port, routes: registryRoutes(new Map()), notFound });
}
