/**
 * `npm run docs`: rewrites the route table in docs/api.md and the SAM function list in
 * docs/local.md, and writes docs/openapi.json and docs/openapi-en18222.json (the passport API's rows), all from the route table (lib/api/routes.ts).
 * Drift tests compare each with a fresh run.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { withRoutes, withSamFunctions } from '../infra/route-docs';
import { en18222Routes, openApiEn18222Json, openApiJson } from '../lib/api/openapi';
import { routes } from '../lib/api/routes';

writeFileSync('docs/api.md', withRoutes(readFileSync('docs/api.md', 'utf8')));
console.log('docs/api.md route table updated');
writeFileSync('docs/local.md', withSamFunctions(readFileSync('docs/local.md', 'utf8')));
console.log('docs/local.md SAM function list updated');
writeFileSync('docs/openapi.json', openApiJson(routes));
console.log(`docs/openapi.json written (${routes.length} routes)`);
writeFileSync('docs/openapi-en18222.json', openApiEn18222Json(routes));
console.log(`docs/openapi-en18222.json written (${en18222Routes(routes).length} routes)`);
