import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { samFunctionsMarkdown, withRoutes, withSamFunctions } from '../../infra/route-docs';
import { routes } from '../../lib/api/routes';

describe('docs/api.md route table', () => {
  it('is what `npm run docs` writes from infra/routes.ts, one row per route', () => {
    const readme = readFileSync('docs/api.md', 'utf8');
    expect(readme).toBe(withRoutes(readme));
  });
});

describe('docs/local.md SAM function list', () => {
  it('is what `npm run docs` writes: every route and the four workers (KYB retry, anchor, import, back-up replicator), each with its sample event', () => {
    const local = readFileSync('docs/local.md', 'utf8');
    expect(local).toBe(withSamFunctions(local));
    expect(
      samFunctionsMarkdown()
        .split('\n')
        .filter((line) => line.startsWith('| `')),
    ).toHaveLength(routes.length + 4);
  });
});
