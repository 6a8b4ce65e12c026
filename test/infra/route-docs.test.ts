import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { withRoutes } from '../../infra/route-docs';
import { routes } from '../../infra/routes';

describe('README route table', () => {
  it('is what `npm run docs` writes from infra/routes.ts', () => {
    const readme = readFileSync('README.md', 'utf8');
    expect(readme).toBe(withRoutes(readme));
  });

  it('names every route once', () => {
    const readme = readFileSync('README.md', 'utf8');
    for (const r of routes) expect(readme.split(`\`${r.method} ${r.path}\``).length - 1).toBe(1);
  });
});
