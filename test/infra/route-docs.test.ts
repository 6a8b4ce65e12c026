import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { withRoutes } from '../../infra/route-docs';

describe('docs/api.md route table', () => {
  it('is what `npm run docs` writes from infra/routes.ts, one row per route', () => {
    const readme = readFileSync('docs/api.md', 'utf8');
    expect(readme).toBe(withRoutes(readme));
  });
});
