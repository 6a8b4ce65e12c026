import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README and everything under docs/ link only to what the repository holds: every relative
 * link names a file or folder that exists, and a link to a heading (`file.md#anchor`, `#anchor`)
 * names a heading of that file, as GitHub derives anchors from headings.
 */
const ROOT = resolve(import.meta.dirname, '../..');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

/** The text outside fenced code blocks: a link in a shell example is no link. */
function prose(markdown: string): string {
  let fenced = false;
  return markdown
    .split('\n')
    .filter((line) => {
      if (line.startsWith('```')) fenced = !fenced;
      return !fenced && !line.startsWith('```');
    })
    .join('\n');
}

/** GitHub's anchors: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading] of prose(markdown).matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const slug = heading!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Every relative link of a file as `target`: external links and e-mail addresses are left out. */
function relativeLinks(markdown: string): string[] {
  const text = prose(markdown).replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)(?: "[^"]*")?\)/g)]
    .map(([, target]) => target!)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

const files = [join(ROOT, 'README.md'), ...markdownFiles(join(ROOT, 'docs'))];

describe('links of the README and docs/', () => {
  it('finds the README and the docs to check', () => {
    expect(files.map((file) => relative(ROOT, file))).toEqual(
      expect.arrayContaining(['README.md', 'docs/walkthrough.md', 'docs/spec/interface.md']),
    );
  });

  it.each(files.map((file) => [relative(ROOT, file), file]))('%s: every relative link resolves', (_name, file) => {
    const markdown = readFileSync(file, 'utf8');
    const broken = relativeLinks(markdown).filter((link) => {
      const [path, anchor] = link.split('#') as [string, string | undefined];
      const target = path === '' ? file : resolve(dirname(file), decodeURIComponent(path));
      if (!target.startsWith(ROOT) || !existsSync(target)) return true;
      if (anchor === undefined || !target.endsWith('.md')) return false;
      return !anchorsOf(target === file ? markdown : readFileSync(target, 'utf8')).has(anchor);
    });
    expect(broken).toEqual([]);
  });

  it('derives anchors as GitHub does', () => {
    const anchors = anchorsOf('# `sam local invoke` with the sample events\n## Files, and more\n## Files, and more\n');
    expect([...anchors]).toEqual(['sam-local-invoke-with-the-sample-events', 'files-and-more', 'files-and-more-1']);
  });
});
