/**
 * The cost of the handler stack per call: each function's real composition (Middy, error
 * and logging middlewares, token check, body parser, validation, whatever its handler
 * passes to `endpoint()`) around a stubbed use case, against a bare handler that only
 * returns an answer (after parsing the same body with the same parser, on a route with a body:
 * parsing an upload is the endpoint's work, not the stack's). Measured on the deployed bundle (same esbuild options), in a fresh
 * Node process per function, on the route's sample request (infra/local/samples.ts) with
 * the same token on every call, as a client holding a token sends it.
 *
 * Stubbing: a handler in functions/ is an adapter that calls one lib/ use case. Every value
 * it imports from lib/ outside lib/http/ and lib/api/ (the use case) is replaced, at bundle
 * time, by `async () => ({})`; everything else, the stack, is the function's own.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { build, type Plugin } from 'esbuild';
import { esbuildOptions } from '../../infra/bundling';
import { loadSampleEvents, loadSamples } from '../../infra/local';
import type { Route } from '../../lib/api/contract';
import { type RouteFn, routes } from '../../lib/api/routes';
import { functionEntry, ROOT } from './bundles';
import { inFreshNode } from './processes';

const { samples } = await loadSamples();

const { sampleEvent, withToken } = await loadSampleEvents();

export interface Overhead {
  fn: string;
  /** p50 ms of a call to the function's stack. */
  stack: number;
  /** p50 ms of a call to a bare handler. */
  bare: number;
  overhead: number;
}

/** The value imports of a handler module from one specifier, as exported there. */
export function importedNames(file: string, specifier: string): string[] {
  const source = readFileSync(file, 'utf8');
  const names: string[] = [];
  for (const [, named, from] of source.matchAll(/import\s+(?!type\b)\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)) {
    if (from !== specifier) continue;
    for (const part of named?.split(',') ?? []) {
      const trimmed = part.trim();
      if (trimmed && !trimmed.startsWith('type ')) names.push(trimmed.split(/\s+as\s+/)[0] ?? trimmed);
    }
  }
  if (names.length === 0) throw new Error(`${relative(ROOT, file)}: no named value import from ${specifier} to stub`);
  return names;
}

/** Replaces a handler's use-case imports (lib/ outside lib/http and lib/api) with stubs. */
const stubUseCases: Plugin = {
  name: 'stub-use-cases',
  setup(b) {
    b.onResolve({ filter: /^\.\.?\// }, (args) => {
      if (relative(ROOT, args.importer).split('/')[0] !== 'functions') return undefined;
      const target = relative(ROOT, resolve(args.resolveDir, args.path));
      if (!/^lib\//.test(target) || /^lib\/(http|api)\//.test(target)) return undefined;
      return { path: `${args.importer}?${args.path}`, namespace: 'use-case-stub' };
    });
    b.onLoad({ filter: /.*/, namespace: 'use-case-stub' }, (args) => {
      const [importer = '', specifier = ''] = args.path.split('?');
      const names = importedNames(importer, specifier);
      return { contents: names.map((n) => `export const ${n} = async () => ({});`).join('\n'), loader: 'js' };
    });
  },
};

const CHILD = `
import { readFileSync } from 'node:fs';
const [bundle, eventFile, callsText, expectedText, parsersBundle, parserName] = process.argv.slice(1);
const { handler } = await import(bundle);
const eventText = readFileSync(eventFile, 'utf8');
const calls = Number(callsText);
const expected = Number(expectedText);
const context = {
  callbackWaitsForEmptyEventLoop: true, functionName: 'bench', functionVersion: '$LATEST',
  invokedFunctionArn: 'arn:aws:lambda:eu-central-1:000000000000:function:bench', memoryLimitInMB: '1024',
  awsRequestId: '00000000-0000-4000-8000-000000000000', logGroupName: '/aws/lambda/bench', logStreamName: 'bench',
  getRemainingTimeInMillis: () => 10000, done() {}, fail() {}, succeed() {},
};
// A route with a body: the bare handler parses it with the same parser, so what is left is the stack's own cost.
const parser = parserName ? (await import(parsersBundle))[parserName]() : undefined;
const bare = async (event) => {
  if (parser) await parser.before({ event, context, internal: {} });
  return { statusCode: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({}) };
};
const once = async (h) => {
  const event = JSON.parse(eventText);
  const start = performance.now();
  const result = await h(event, context);
  const took = performance.now() - start;
  if (h === handler && result.statusCode !== expected) {
    process.stderr.write('the stack answered ' + result.statusCode + ' ' + result.body + ', not ' + expected + '\\n');
    process.exit(3);
  }
  return took;
};
for (let i = 0; i < Math.min(calls, 500); i++) { await once(handler); await once(bare); }
const stack = [], plain = [];
for (let i = 0; i < calls; i++) { stack.push(await once(handler)); plain.push(await once(bare)); }
const p50 = (v) => v.sort((a, b) => a - b)[v.length >> 1];
report({ stack: p50(stack), bare: p50(plain) });
`;

export async function measureOverhead(
  fns: readonly RouteFn[],
  options: {
    token: string;
    calls: number;
    env: Record<string, string>;
    dir: string;
    progress?: (line: string) => void;
  },
): Promise<Overhead[]> {
  mkdirSync(options.dir, { recursive: true });
  const parsersEntry = join(options.dir, 'body-parsers.ts');
  writeFileSync(
    parsersEntry,
    `export { jsonBody } from '${join(ROOT, 'lib/http/middleware/json-body')}';\n` +
      `export { multipartBody } from '${join(ROOT, 'lib/http/middleware/multipart-body')}';\n`,
  );
  const result = await build({
    ...esbuildOptions,
    entryPoints: { ...Object.fromEntries(fns.map((fn) => [fn, functionEntry(fn)])), 'body-parsers': parsersEntry },
    absWorkingDir: ROOT,
    outdir: options.dir,
    outExtension: { '.js': '.mjs' },
    entryNames: '[name].stubbed',
    write: true,
    logLevel: 'error',
    plugins: [stubUseCases],
  });
  if (result.errors.length > 0) throw new Error('the stubbed bundles did not build');
  const out: Overhead[] = [];
  for (const fn of fns) {
    options.progress?.(`overhead: ${fn}`);
    const event: APIGatewayProxyEventV2 = withToken(sampleEvent(fn), options.token);
    const eventFile = join(options.dir, `${fn}.event.json`);
    writeFileSync(eventFile, JSON.stringify(event));
    const bundle = pathToFileURL(join(options.dir, `${fn}.stubbed.mjs`)).href;
    const body = (routes.find((r) => r.fn === fn) as Route | undefined)?.body;
    const parsers = pathToFileURL(join(options.dir, 'body-parsers.stubbed.mjs')).href;
    const { stack, bare } = await inFreshNode<{ stack: number; bare: number }>(
      CHILD,
      [
        bundle,
        eventFile,
        String(options.calls),
        String(samples[fn].stubbedStatus ?? samples[fn].status),
        parsers,
        body === 'json' ? 'jsonBody' : body === 'multipart' ? 'multipartBody' : '',
      ],
      options.env,
    );
    out.push({ fn, stack, bare, overhead: stack - bare });
  }
  return out;
}
