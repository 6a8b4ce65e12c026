/**
 * The soak workload (`npm run soak`, scripts/soak.ts; a short run in the fault harness,
 * test/faults/): a company of its own on a running local stack, a weighted mix of requests from
 * C workers for N seconds, and the report: throughput, p50 / p95 / p99 per route, the 5xx count
 * and the stored-state invariants (test/support/invariants.ts).
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { loadTestWallets } from '../../infra/local';
import { toApiKeyItem } from '../../lib/companies/api-keys/model';
import { toCompanyItem, toUserItem, toWalletItem } from '../../lib/companies/model';
import { idempotency as idempotencyRecord } from '../../lib/data/keys';
import { defined } from '../../lib/defined';
import { toDppItem } from '../../lib/dpps/model';
import {
  checkInvariants,
  countNamed as countOf,
  type InvariantScope,
  type Stores,
} from '../../test/support/invariants';

const pdf = readFileSync('infra/local/fixtures/sample.pdf');
const report = readFileSync('infra/local/fixtures/sample.csv');
const reportHash = createHash('sha256').update(report).digest('hex');
/** The admin's wallet: a test-mnemonic account, so the soak can sign its notarizations' reports. */
const ADMIN_ACCOUNT = 8;
/** Share of keyed POSTs sent a second time with the same key (a client retrying). */
const RETRY_SHARE = 0.25;

interface Sample {
  route: string;
  status: number;
  ms: number;
  /**
   * A 503 as the contract has it (docs/behaviour.md, Faults): with `Retry-After`, or
   * `OUTCOME_UNKNOWN` (a keyless write whose outcome is unknown) without it.
   * On a machine short of CPU it is a correct answer: the request's budget ran out.
   */
  unavailable: boolean;
}

/** Whether a 503 is one the contract allows (Sample.unavailable). */
function isContractUnavailable(response: Response, text: string): boolean {
  if (response.status !== 503) return false;
  const code = /"code"\s*:\s*"([A-Z_]+)"/.exec(text)?.[1];
  return response.headers.has('retry-after') || code === 'OUTCOME_UNKNOWN';
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export interface SoakResult {
  requests: number;
  seconds: number;
  /** 5xx answers other than a contract 503 (Sample.unavailable): each one a defect. */
  errors: number;
  /** Contract 503s: the budget ran out on a starved machine; counted, never an error. */
  unavailable: number;
  /** 2xx answers. */
  succeeded: number;
  violations: string[];
  keys: number;
  /** The report, as printed. */
  report: string;
}

/** Runs the mix against the local API at `apiUrl` for `seconds` with `concurrency` workers. */
export async function soak(apiUrl: string, stores: Stores, seconds: number, concurrency: number): Promise<SoakResult> {
  // One company (member limit raised for the invitations) with one admin and a few DPPs.
  const companyId = randomUUID();
  const { signHash, testAccount } = await loadTestWallets();
  const admin = { id: randomUUID(), wallet: testAccount(ADMIN_ACCOUNT).address.toLowerCase() };
  const signature = signHash(reportHash, ADMIN_ACCOUNT);
  const apiKey = `soak-${randomUUID()}`;
  const modelId = randomUUID();
  const dpps = Array.from({ length: 4 }, () => `soak-${randomUUID()}`);
  const now = new Date().toISOString();
  const company = toCompanyItem({ id: companyId, name: 'Soak company', country_code: 'IT', created_at: now });
  for (const Item of [
    { ...company, seats_used: 1, member_limit: 100_000 },
    toUserItem({
      id: admin.id,
      company_id: companyId,
      email: 'admin@soak.test',
      wallet: admin.wallet,
      role: 'admin',
      created_at: now,
    }),
    toWalletItem({ address: admin.wallet, user_id: admin.id, company_id: companyId, role: 'admin' }),
    toApiKeyItem(apiKey, { company_id: companyId, name: 'soak', enabled: true, created_at: now }),
    ...dpps.map((id) =>
      toDppItem({
        id,
        company_id: companyId,
        model_id: modelId,
        code: '08012345678901',
        search_id: `01/08012345678901/21/${randomUUID().slice(0, 8)}`,
        name: 'Soak passport',
        description: 'A passport of the soak run',
        dpp_type: 'test-passport',
        language: 'en',
        created_at: now,
        updated_at: now,
      }),
    ),
  ]) {
    await stores.doc.send(new PutCommand({ TableName: stores.tableName, Item }));
  }
  const issued = await fetch(`${apiUrl}/generateJWT/${apiKey}/${admin.wallet}`);
  const { authToken } = (await issued.json()) as { authToken: string };

  const samples: Sample[] = [];
  const keys: InvariantScope['keys'] = [];
  /** Keys (their request's path + key) answered IDEMPOTENCY_KEY_ANSWER_LOST. */
  const answerLost = new Set<string>();
  const send = async (route: string, method: string, path: string, init: RequestInit = {}) => {
    const started = performance.now();
    const response = await fetch(`${apiUrl}${path}`, {
      method,
      ...init,
      headers: { authorization: `Bearer ${authToken}`, ...(init.headers as Record<string, string>) },
    });
    const text = await response.text();
    samples.push({
      route,
      status: response.status,
      ms: performance.now() - started,
      unavailable: isContractUnavailable(response, text),
    });
    // A keyed retry told its key's answer was lost: the invariants then check the key stays so.
    if (response.status === 409 && text.includes('"IDEMPOTENCY_KEY_ANSWER_LOST"'))
      answerLost.add((init.headers as Record<string, string> | undefined)?.['idempotency-key'] ?? '');
    return response.status;
  };
  /** The key record of a key answered ANSWER_LOST, for its invariant (test/support/invariants.ts). */
  const lost = (fn: string, key: string) =>
    answerLost.has(key) ? { answerLost: idempotencyRecord(companyId, fn, key) } : {};
  const pick = <T>(items: readonly T[]) => defined(items[Math.floor(Math.random() * items.length)], 'an item to pick');
  const countNamed = (dppId: string, prefix: string, name: string) => () => countOf(stores, dppId, prefix, name);
  /** A keyed POST, sent again with the same key for a share of them (in parallel: a retry racing the first). */
  const keyed = async (route: string, path: string, body: () => RequestInit['body'], json: boolean) => {
    const key = `soak-${randomUUID()}`;
    const headers: Record<string, string> = {
      'idempotency-key': key,
      ...(json && { 'content-type': 'application/json' }),
    };
    const once = () => send(route, 'POST', path, { body: body(), headers });
    await (Math.random() < RETRY_SHARE ? Promise.all([once(), once()]) : once());
    return key;
  };

  const mix: Array<[number, () => Promise<unknown>]> = [
    [50, () => send('GET /dpp/{dppId}', 'GET', `/dpp/${pick(dpps)}`)],
    [10, () => send('GET /dpps', 'GET', '/dpps')],
    [5, () => send('GET /health', 'GET', '/health')],
    [
      15,
      async () => {
        const dppId = pick(dpps);
        const name = `card-${randomUUID()}`;
        const key = await keyed(
          'POST /dpps/{dppId}/cards',
          `/dpps/${dppId}/cards`,
          () => JSON.stringify({ name }),
          true,
        );
        keys.push({ name: key, effects: countNamed(dppId, 'CARD#', name), ...lost('create-dpp-card', key) });
      },
    ],
    [
      12,
      async () => {
        const dppId = pick(dpps);
        const name = `file-${randomUUID()}`;
        const form = () => {
          const data = new FormData();
          data.append('name', name);
          data.append('file', new Blob([pdf], { type: 'application/pdf' }), 'doc.pdf');
          return data;
        };
        const key = await keyed('POST …/upload-file', `/models/${modelId}/dpps/${dppId}/upload-file`, form, false);
        keys.push({ name: key, effects: countNamed(dppId, 'DPP_FILE#', name), ...lost('create-dpp-file', key) });
      },
    ],
    [
      4,
      () => {
        const dppId = pick(dpps);
        return send('POST /version/{dppId}/create', 'POST', `/version/${dppId}/create`, {
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ dppId, versionId: `v-${randomUUID()}` }),
        });
      },
    ],
    [
      // 409 NOTHING_TO_NOTARIZE when no version came since the last one: part of the mix.
      2,
      () => {
        const form = new FormData();
        const fields = { companyId, hash: reportHash, signature, submitter: admin.wallet, filesList: '[]' };
        for (const [name, value] of Object.entries(fields)) form.append(name, value);
        form.append('file', new Blob([report], { type: 'text/csv' }), 'report.csv');
        return send('POST /version/{dppId}/notarize', 'POST', `/version/${pick(dpps)}/notarize`, { body: form });
      },
    ],
    [
      8,
      () =>
        send('POST /create-invitation', 'POST', '/create-invitation', {
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            email: `${randomUUID()}@soak.test`,
            password: 'a long enough password',
            wallet_address: `0x${randomBytes(20).toString('hex')}`,
            area: 'Quality',
            status: 'ACCEPTED',
            encrypted_wallet: '{"crypto":{"cipher":"aes-128-ctr"},"version":3}',
            index: 1,
          }),
        }),
    ],
  ];
  const total = mix.reduce((sum, [weight]) => sum + weight, 0);
  const next = () => {
    let r = Math.random() * total;
    for (const [weight, run] of mix) {
      r -= weight;
      if (r < 0) return run;
    }
    return defined(mix[0], 'the mix')[1];
  };

  // Where the time goes: this process (the soak's clients and, in-process, the API, its functions
  // and the S3 server, all on one event loop) and DynamoDB Local's JVM, a child of it.
  const loop = monitorEventLoopDelay({ resolution: 20 });
  loop.enable();
  const cpuBefore = process.cpuUsage();
  const jvmBefore = jvmCpuSeconds();
  const started = Date.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) await next()();
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  loop.disable();
  const cpu = process.cpuUsage(cpuBefore);
  const jvmAfter = jvmCpuSeconds();
  const load = [
    `this process ${(((cpu.user + cpu.system) / 1e6 / elapsed) * 100).toFixed(0)}% of a core`,
    ...(jvmBefore !== undefined && jvmAfter !== undefined
      ? [`DynamoDB Local ${(((jvmAfter - jvmBefore) / elapsed) * 100).toFixed(0)}%`]
      : []),
    `event-loop delay p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms, max ${(loop.max / 1e6).toFixed(0)} ms`,
  ].join(', ');

  // An invariant that cannot be checked (a store failing the check's own reads) is reported as
  // broken, with why, after the traffic's figures: a long run never ends without its report.
  const checking = Date.now();
  const violations = await checkInvariants(stores, {
    companies: [companyId],
    dpps: dpps.map((id) => ({ id, companyId })),
    keys,
  }).catch((error: Error) => [`the invariants could not be checked: ${error.name}: ${error.message}`]);
  const checkedIn = ((Date.now() - checking) / 1000).toFixed(1);
  const byRoute = new Map<string, Sample[]>();
  for (const sample of samples) byRoute.set(sample.route, [...(byRoute.get(sample.route) ?? []), sample]);
  const errors = samples.filter((s) => s.status >= 500 && !s.unavailable).length;
  const unavailable = samples.filter((s) => s.unavailable).length;
  const succeeded = samples.filter((s) => s.status >= 200 && s.status < 300).length;
  const lines = [
    `soak: ${seconds} s at concurrency ${concurrency}: ${samples.length} requests in ${elapsed.toFixed(1)} s (${(samples.length / elapsed).toFixed(1)}/s), ${errors} 5xx errors, ${unavailable} × 503 as the contract allows (a budget ran out)`,
    `cpu: ${load}`,
    '| route | requests | statuses | p50 ms | p95 ms | p99 ms |',
    '|---|---|---|---|---|---|',
    ...[...byRoute].map(([route, list]) => {
      const sorted = list.map((s) => s.ms).sort((a, b) => a - b);
      const statuses = [...new Set(list.map((s) => s.status))].sort().join(' ');
      const p = (n: number) => percentile(sorted, n).toFixed(0);
      return `| ${route} | ${list.length} | ${statuses} | ${p(50)} | ${p(95)} | ${p(99)} |`;
    }),
    violations.length === 0
      ? `invariants: all hold (${keys.length} idempotency keys, one effect each; ${answerLost.size} answered ANSWER_LOST; checked in ${checkedIn} s)`
      : `invariants broken (checked in ${checkedIn} s):\n${violations.join('\n')}`,
  ];
  return {
    requests: samples.length,
    seconds: elapsed,
    errors,
    unavailable,
    succeeded,
    violations,
    keys: keys.length,
    report: lines.join('\n'),
  };
}

/** CPU seconds (user + system) DynamoDB Local's JVM has used, if it is a child of this process (Linux). */
function jvmCpuSeconds(): number | undefined {
  try {
    const pid = execFileSync('pgrep', ['-P', String(process.pid), 'java'], { encoding: 'utf8' })
      .trim()
      .split('\n')[0];
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime are fields 14 and 15 of the stat line, in clock ticks (100 a second on Linux).
    const seconds = (Number(fields[11]) + Number(fields[12])) / 100;
    return Number.isFinite(seconds) ? seconds : undefined;
  } catch {
    return undefined;
  }
}
