/**
 * The process `startTableStack` (test/support/stack-process.ts) runs: the HTTP API of
 * `npm start` on a table and bucket of its own, created empty on engines that already run
 * (the integration stack's). Its environment is the handler environment with TABLE_NAME and
 * BUCKET_NAME of its own; `<dir>` gets the stack file the admin CLI reads, once it listens.
 *   node --import tsx test/support/table-stack.ts <dir>
 */
import { ensureTableAndBucket, localClients } from '../../infra/local/bootstrap';
import { localExplorerUrl } from '../../infra/local/environment';
import { startApiServer } from '../../infra/local/server';
import { removeStackFile, writeStackFile } from '../../infra/local/stack-file';

const dir = process.argv[2];
if (!dir) throw new Error('usage: table-stack.ts <dir>');
const env = process.env as Record<string, string>;

await ensureTableAndBucket(localClients(env), env.TABLE_NAME!, env.BUCKET_NAME!);
const api = await startApiServer(0);
// As npm start does: links start with the API's own address; handlers load on their first request.
Object.assign(process.env, { PUBLIC_BASE_URL: api.url, EVM_EXPLORER_URL: localExplorerUrl(api.url) });
await writeStackFile(dir, api.url, env);

process.once('SIGTERM', async () => {
  await removeStackFile(dir).catch(() => undefined);
  await api.close();
  process.exit(0);
});
