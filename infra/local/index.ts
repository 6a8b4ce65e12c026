/**
 * What scripts/ may use of the local stack; the rest of infra/local is its own business (the
 * dependency rule `scripts-only-local-index` keeps it so). Importing this module is cheap: the
 * stack file and the sample requests are plain data, and the heavier parts load only when a
 * script asks for them, so the admin CLI starts without the engines, the API server or every
 * route row.
 */

/** The file a running local stack writes (`.local/stack.json`): the admin CLI's local target. */
export { readStackFile, stackFilePath } from './stack-file';

/** `samples`: the sample request of each route row, derived from every row (the bench sends them). */
export const loadSamples = () => import('./samples');
/** `startLocalStack`: the engines, the seeded table and bucket, and the API server (the bench). */
export const loadLocalStack = () => import('./stack');
/** `sampleEvent`, `withToken`: a route's sample request as an API Gateway event (`npm run events`, the bench). */
export const loadSampleEvents = () => import('./sample-events');
/** `signHash`, `testAccount`: the well-known test mnemonic's accounts, the demo wallets (`npm run sign`). */
export const loadTestWallets = () => import('./wallets');
/** `samEnv`, `samEnvJson`: env.json for `sam local invoke --env-vars` from the synthesized template (`npm run sam:env`). */
export const loadSamEnv = () => import('./sam-env');
/** `workerSampleEvents`: the two workers' sample events, a stream record and the schedules' input (`npm run events`). */
export const loadWorkerEvents = () => import('./worker-events');
/** `functionBundles`, `OUTPUTS_FILE`: every function's bundle, built once for the local stack and the bundle-size measure alike. */
export const loadFunctionBundles = () => import('../bundles');
/** `startDynamoDb`, `startS3`, `S3_LOCAL_CREDENTIALS`: single engines of a benchmark's own (`npm run bench:import`). */
export const loadEngines = () => import('./engines');
/** `localClients`, `ensureTableAndBucket`: the SDK clients of a local stack's engines, and its table and bucket made. */
export const loadBootstrap = () => import('./bootstrap');
/** `leastPrivilegeReport`, `formatReport`: a function's grants no recorded call exercised (`npm run least-privilege`). */
export const loadLeastPrivilege = () => import('./iam/least-privilege');
