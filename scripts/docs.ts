/** `npm run docs`: rewrites the route table in README.md from infra/routes.ts. */
import { readFileSync, writeFileSync } from 'node:fs';
import { withRoutes } from '../infra/route-docs';

writeFileSync('README.md', withRoutes(readFileSync('README.md', 'utf8')));
console.log('README.md route table updated');
