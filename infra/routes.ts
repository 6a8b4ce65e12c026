/**
 * The route table: the one place an endpoint is declared.
 *
 * It drives the CDK stack (one function, one route and the grants of its row),
 * the local server (infra/local/server.ts), the sample events (events/, written by
 * `npm run events`) and the route list in the README. Adding an endpoint is: a handler
 * file in functions/, a lib/ function, a row here, a sample in infra/local/samples.ts
 * (then `npm run events`), tests.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'ANY';

/** What a function may touch. The stack grants exactly this and nothing else. */
export interface Access {
  /** DynamoDB: `read` = GetItem/BatchGetItem/Query; `write` adds Put/Update/Delete/TransactWrite. */
  table?: 'read' | 'write';
  /** S3 object actions on the data bucket. `get` is also what signing a GET URL needs. */
  bucket?: ReadonlyArray<'get' | 'put' | 'delete'>;
  /** ses:SendEmail / SendRawEmail from the configured identity. */
  email?: boolean;
  /** translate:TranslateText. */
  translate?: boolean;
  /** secretsmanager:GetSecretValue on the JWT signing-key secret. */
  signingKey?: boolean;
}

export interface Route {
  method: HttpMethod;
  /** API Gateway path syntax: `/dpp/{dppId}`; `$default` is the catch-all for unknown routes. */
  path: string;
  /** File name in functions/ (without .ts); also the base of the CDK function id. */
  fn: string;
  /** Public routes take no token (decisions.md, Authentication). */
  auth: 'public' | 'jwt';
  access: Access;
  summary: string;
}

export const routes = [
  {
    method: 'GET',
    path: '/generateJWT/{api_key}/{wallet_address}',
    fn: 'generate-jwt',
    auth: 'public',
    access: { table: 'read', signingKey: true },
    summary: "Issue a JWT for an API key and a wallet of the key's company",
  },
  {
    method: 'GET',
    path: '/dpp/{dppId}',
    fn: 'get-dpp',
    auth: 'public',
    access: { table: 'write', bucket: ['get'], translate: true },
    summary: 'View a DPP with images, files and tech cards, translated by the `language` header',
  },
  {
    method: 'POST',
    path: '/create-template-file',
    fn: 'create-template-file',
    auth: 'jwt',
    access: { table: 'write', bucket: ['get', 'put', 'delete'] },
    summary: 'Upload a file to a template',
  },
  {
    method: 'GET',
    path: '/view-template-files/{templateId}',
    fn: 'list-template-files',
    auth: 'jwt',
    access: { table: 'read' },
    summary: 'List the files of a template',
  },
  {
    method: 'GET',
    path: '/view-template-file/{templateId}/file/{fileId}',
    fn: 'get-template-file',
    auth: 'jwt',
    access: { table: 'read', bucket: ['get'] },
    summary: 'View one template file with a signed URL',
  },
  {
    method: 'PUT',
    path: '/update-template-file/{templateId}/file/{fileId}',
    fn: 'update-template-file',
    auth: 'jwt',
    access: { table: 'write', bucket: ['get', 'put', 'delete'] },
    summary: 'Rename, describe or replace a template file',
  },
  {
    method: 'DELETE',
    path: '/delete-template-file/{templateId}/file/{fileId}',
    fn: 'delete-template-file',
    auth: 'jwt',
    access: { table: 'write', bucket: ['delete'] },
    summary: 'Delete a template file and its stored bytes',
  },
  {
    method: 'POST',
    path: '/models/{modelId}/dpps/{dppId}/upload-file',
    fn: 'create-dpp-file',
    auth: 'jwt',
    access: { table: 'write', bucket: ['get', 'put', 'delete'] },
    summary: 'Upload a file to a DPP',
  },
  {
    method: 'GET',
    path: '/view-dpp-files/{dppId}',
    fn: 'list-dpp-files',
    auth: 'jwt',
    access: { table: 'read', bucket: ['get'] },
    summary: 'List the files of a DPP with signed URLs',
  },
  {
    method: 'GET',
    path: '/models/{modelId}/view-dpp-file/{dppId}/file/{fileId}',
    fn: 'get-dpp-file',
    auth: 'jwt',
    access: { table: 'read', bucket: ['get'] },
    summary: 'View one DPP file with a signed URL',
  },
  {
    method: 'PUT',
    path: '/models/{modelId}/update-dpp-file/{dppId}/file/{fileId}',
    fn: 'update-dpp-file',
    auth: 'jwt',
    access: { table: 'write', bucket: ['get', 'put', 'delete'] },
    summary: 'Rename, describe or replace a DPP file',
  },
  {
    method: 'DELETE',
    path: '/models/{modelId}/delete-dpp-file/{dppId}/file/{fileId}',
    fn: 'delete-dpp-file',
    auth: 'jwt',
    access: { table: 'write', bucket: ['delete'] },
    summary: 'Delete a DPP file and its stored bytes',
  },
  {
    method: 'ANY',
    path: '$default',
    fn: 'not-found',
    auth: 'public',
    access: {},
    summary: 'Any unknown route: 404 `{"error":"Not Found"}` (API Gateway\'s own answer has another shape)',
  },
] as const satisfies readonly Route[];

export type RouteFn = (typeof routes)[number]['fn'];
export type RouteOf<F extends RouteFn> = Extract<(typeof routes)[number], { fn: F }>;

/** PascalCase id for CDK constructs and `sam local invoke`: generate-jwt -> GenerateJwtFunction. */
export function functionId(fn: string): string {
  return `${fn.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase())}Function`;
}
