/**
 * `npm run invoke -- <function> <event file>`: runs one handler in this process against
 * a temporary local stack (engines on random ports, demo data seeded), the way
 * `sam local invoke` would run it in a container. A `DEMO_TOKEN` placeholder in the
 * event's Authorization header is replaced by a fresh token for the Acme demo admin,
 * obtained from the generate-jwt handler itself. A worker takes its trigger's event as is:
 * the stream record or the schedule's input (events/anchor-notarization.json,
 * events/anchor-notarization-sweep.json, events/retry-pending-kyb.json).
 *   npm run invoke -- get-dpp events/get-dpp.json
 *   npm run invoke -- anchor-notarization events/anchor-notarization.json
 */
import { readFile } from 'node:fs/promises';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { type RouteFn, routes } from '../../lib/api/routes';
import { lambdaContext } from './api-gateway-event';
import { loadHandler } from './handlers';
import { linksNote } from './invoke-note';
import { sampleEvent, withToken } from './sample-events';
import { startLocalStack } from './stack';
import { readStackFile } from './stack-file';
import { invokeWorker, isWorker, WORKER_FNS } from './worker-events';

const [fn, eventFile] = process.argv.slice(2);
if (!fn || !eventFile || !(routes.some((r) => r.fn === fn) || isWorker(fn))) {
  console.error(
    `usage: npm run invoke -- <function> <event file>\nfunctions: ${[...routes.map((r) => r.fn), ...WORKER_FNS].join(', ')}`,
  );
  process.exit(2);
}

/** Whether a process runs (signal 0 checks without sending anything). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const event = JSON.parse(await readFile(eventFile, 'utf8')) as unknown;
const stack = await startLocalStack({ port: 0, dir: '.local', serve: false, logLevel: 'WARN' });
try {
  if (isWorker(fn)) {
    console.log(JSON.stringify((await invokeWorker(fn, event)) ?? null, null, 2));
  } else {
    const issue = await loadHandler('generate-jwt');
    const issued = await issue(sampleEvent('generate-jwt'), lambdaContext('generate-jwt'));
    const { authToken } = JSON.parse(issued.body ?? '{}') as { authToken: string };

    const handler = await loadHandler(fn as RouteFn);
    const result = await handler(withToken(event as APIGatewayProxyEventV2, authToken), lambdaContext(fn));
    let body: unknown = result.body;
    try {
      body = JSON.parse(result.body ?? '');
    } catch {
      // not JSON: print as is
    }
    console.log(JSON.stringify({ statusCode: result.statusCode, headers: result.headers, body }, null, 2));
  }
  // `npm start`'s own file, if its process still runs (one that crashed may have left it).
  const started = await readStackFile('.local');
  const running = started !== undefined && isAlive(started.pid) ? started.apiUrl : undefined;
  // On stderr, so the answer on stdout stays JSON.
  console.error(`\n${linksNote(stack.env.PUBLIC_BASE_URL ?? '', running)}`);
} finally {
  await stack.stop();
}
