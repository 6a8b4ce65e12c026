/**
 * `npm run admin -- import <file.jsonl|.csv|.xlsx> --api-key <key> --wallet <0x…>`: a bulk import
 * of passports through the service's own imports API, as a company's client makes it
 * (docs/admin-cli.md, Bulk import): a token for the key and wallet (`GET /generateJWT`),
 * `POST /imports`, the file streamed to the presigned `PUT`, then `GET /imports/{id}` polled for
 * a progress bar with rows per second and an ETA, and at the end the counts and the failed rows
 * (`GET /imports/{id}/rows?status=failed`). It writes nothing itself: the API and its worker do.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { extname } from 'node:path';
import type * as v from 'valibot';
import type { importStatusView } from '../../lib/api/routes/import-views';
import { type Io, UsageError } from './command';
import { progressPrinter } from './progress';

export type BulkFormat = 'jsonl' | 'csv' | 'xlsx';

/** A file's format from its extension, or undefined (then `import` takes it as a document to load). */
export function bulkFormatOf(file: string): BulkFormat | undefined {
  const ext = extname(file).toLowerCase();
  if (ext === '.jsonl' || ext === '.ndjson') return 'jsonl';
  if (ext === '.csv') return 'csv';
  if (ext === '.xlsx') return 'xlsx';
  return undefined;
}

export interface BulkOptions {
  apiKey: string;
  wallet: string;
  mode?: string;
  dryRun?: boolean;
  profile?: string;
  category?: string;
  templateId?: string;
  mappingId?: string;
  /** Between two polls of the import's status. */
  pollMs: number;
}

/** What `GET /imports/{importId}` answers: its row's response. */
type ImportStatus = v.InferOutput<typeof importStatusView>;

interface FailedRow {
  row: number;
  errors?: Array<{ column?: string; path?: string; message: string; code?: string }>;
}

/** The API refused or failed a call: exit 1 with its status and message. */
export class ApiCallError extends Error {
  override name = 'ApiCallError';
}

/** The progress one poll shows. */
export interface BulkProgress {
  status: ImportStatus['status'];
  percent: number;
  rows: number;
  /** Rows a second since the run started, once measurable. */
  rate?: number;
  /** Seconds left at that rate, once the percentage says how many rows there are. */
  etaSeconds?: number;
}

const BAR = 24;

const duration = (seconds: number): string => {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
};

/** `[#########---------------]  37 % 3,700 rows · 120 rows/s · ETA 52 s` (a status before it runs: its name). */
export function describeBulkProgress(progress: BulkProgress): string {
  const filled = Math.round((BAR * Math.min(100, Math.max(0, progress.percent))) / 100);
  const bar = `[${'#'.repeat(filled)}${'-'.repeat(BAR - filled)}] ${String(progress.percent).padStart(3)} %`;
  const rows = `${progress.rows.toLocaleString('en')} rows`;
  if (progress.status === 'waiting_upload' || progress.status === 'queued') return `${bar} ${progress.status}`;
  const rate = progress.rate === undefined ? '– rows/s' : `${Math.round(progress.rate).toLocaleString('en')} rows/s`;
  const eta = progress.etaSeconds === undefined ? 'ETA –' : `ETA ${duration(progress.etaSeconds)}`;
  return `${bar} ${rows} · ${rate} · ${progress.status === 'running' ? eta : progress.status}`;
}

/** Rows a second and the ETA from two polls apart (the first with rows, the last). */
export function progressOf(
  status: Pick<ImportStatus, 'status' | 'percent' | 'rows'>,
  first: { rows: number; at: number } | undefined,
  now: number,
): BulkProgress {
  const progress: BulkProgress = { status: status.status, percent: status.percent, rows: status.rows };
  if (!first || now <= first.at || status.rows <= first.rows) return progress;
  const rate = ((status.rows - first.rows) * 1000) / (now - first.at);
  progress.rate = rate;
  // The total is not in the status; its percentage of it is.
  if (status.percent > 0 && status.status === 'running') {
    const total = (status.rows * 100) / status.percent;
    progress.etaSeconds = Math.max(0, total - status.rows) / rate;
  }
  return progress;
}

class Api {
  private token?: string;

  constructor(
    private readonly baseUrl: string,
    private readonly options: BulkOptions,
  ) {}

  private async issueToken(): Promise<string> {
    const reply = await fetch(
      `${this.baseUrl}/generateJWT/${encodeURIComponent(this.options.apiKey)}/${encodeURIComponent(this.options.wallet)}`,
    );
    const body = (await reply.json().catch(() => ({}))) as { authToken?: string; message?: string };
    if (!reply.ok || !body.authToken)
      throw new ApiCallError(
        `GET /generateJWT answered ${reply.status}: ${body.message ?? 'no token'} (check --api-key and --wallet)`,
      );
    return body.authToken;
  }

  /** A call with the company's token; a token that expired during a long import is issued again. */
  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      this.token ??= await this.issueToken();
      const reply = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.token}`,
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      if (reply.status === 401 && attempt === 0) {
        this.token = undefined;
        continue;
      }
      const answer = (await reply.json().catch(() => ({}))) as T & { message?: string; code?: string };
      if (!reply.ok)
        throw new ApiCallError(
          `${method} ${path} answered ${reply.status}: ${answer.message ?? 'no message'}${answer.code ? ` (${answer.code})` : ''}`,
        );
      return answer;
    }
  }
}

/** The file, streamed to the presigned URL with its length (S3 takes no chunked PUT). */
async function upload(file: string, target: { url: string; headers: Record<string, string> }): Promise<void> {
  const { size } = await stat(file);
  const url = new URL(target.url);
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  await new Promise<void>((resolve, reject) => {
    const put = request(
      url,
      { method: 'PUT', headers: { ...target.headers, 'content-length': String(size) } },
      (reply) => {
        let text = '';
        reply.setEncoding('utf8');
        reply.on('data', (chunk: string) => {
          text += chunk;
        });
        reply.on('end', () =>
          (reply.statusCode ?? 0) < 300
            ? resolve()
            : reject(new ApiCallError(`the upload answered ${reply.statusCode}: ${text.slice(0, 300)}`)),
        );
      },
    );
    put.on('error', reject);
    createReadStream(file).on('error', reject).pipe(put);
  });
}

const placeOf = (error: { column?: string; path?: string }) => error.column ?? error.path;

/** Runs the import of `file` and reports it; resolves to the import's final status. */
export async function bulkImport(
  file: string,
  format: BulkFormat,
  options: BulkOptions,
  io: Io,
  apiUrl: string | undefined,
): Promise<ImportStatus> {
  if (!apiUrl) throw new UsageError('the target names no API URL (a deployed stack needs its ApiUrl output)');
  await stat(file).catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`cannot read ${file}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`);
  });
  const base = apiUrl.replace(/\/+$/, '');
  const api = new Api(base, options);
  const created = await api.call<ImportStatus & { upload: { url: string; headers: Record<string, string> } }>(
    'POST',
    '/imports',
    {
      format,
      ...(options.mode !== undefined && { mode: options.mode }),
      ...(options.dryRun && { dry_run: true }),
      ...(options.templateId !== undefined && { template_id: options.templateId }),
      ...(options.profile !== undefined && { profile: options.profile }),
      ...(options.category !== undefined && { category: options.category }),
      ...(options.mappingId !== undefined && { mapping_id: options.mappingId }),
    },
  );
  const id = created.importId;
  io.err(`import ${id}: uploading ${file}`);
  await upload(file, created.upload);

  const print = progressPrinter(io, describeBulkProgress);
  let first: { rows: number; at: number } | undefined;
  let last = '';
  let status: ImportStatus;
  for (;;) {
    status = await api.call<ImportStatus>('GET', `/imports/${id}`);
    const now = Date.now();
    // The rate counts from the first poll that saw the run going.
    if (status.status === 'running' && !first) first = { rows: status.rows, at: now };
    const line = describeBulkProgress(progressOf(status, first, now));
    // A terminal redraws its line each poll; a log gets a line when something changed.
    if (io.isTTY || line !== last) print(progressOf(status, first, now));
    last = line;
    if (status.status === 'done' || status.status === 'failed') break;
    await new Promise((resolve) => setTimeout(resolve, options.pollMs));
  }

  if (status.status === 'failed') {
    throw new ApiCallError(`import ${id} failed: ${status.reason ?? 'no reason given'} (nothing was written)`);
  }
  io.out(
    `${file}: import ${id}${options.dryRun ? ' (dry run)' : ''} done: ${status.rows} rows: ${status.created} created, ` +
      `${status.updated} updated, ${status.unchanged} unchanged, ${status.failed} failed`,
  );
  if (status.failed > 0) {
    const failedRows = `${base}/imports/${id}/rows?status=failed`;
    io.out(`failed rows: GET ${failedRows}`);
    const page = await api.call<{ rows: FailedRow[]; nextCursor?: string }>(
      'GET',
      `/imports/${id}/rows?status=failed&limit=10`,
    );
    for (const row of page.rows) {
      const errors = (row.errors ?? []).map((e) => `${placeOf(e) ? `${placeOf(e)}: ` : ''}${e.message}`);
      io.out(`  row ${row.row}: ${errors.join('; ')}`);
    }
    if (page.nextCursor) io.out(`  … (the first 10; the rest at GET ${failedRows})`);
  }
  return status;
}
