/**
 * `npm run docs`: rewrites the route table in docs/api.md and writes docs/openapi.json, both
 * from the route table (lib/api/routes.ts). Drift tests compare both with a fresh run.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { withRoutes } from '../infra/route-docs';
import { openApiJson } from '../lib/api/openapi';
import { routes } from '../lib/api/routes';

writeFileSync('docs/api.md', withRoutes(readFileSync('docs/api.md', 'utf8')));
console.log('docs/api.md route table updated');
writeFileSync('docs/openapi.json', openApiJson(routes));
console.log(`docs/openapi.json written (${routes.length} routes)`);
