/**
 * Cold import: how long `await import(bundle)` takes in a fresh Node process, for each
 * function and its SDK floor. Function and floor alternate (which goes first alternates
 * too), so a busy machine slows both alike; the figure is the median of `runs` processes
 * each. The child times only the import, not Node's own start.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { inFreshNode, median } from './processes';

export interface ColdImport {
  fn: string;
  /** Median ms of the function's bundle. */
  ms: number;
  /** Median ms of its floor. */
  floorMs: number;
  ratio: number;
}

const CHILD = `
const start = performance.now();
await import(process.argv[1]);
report(performance.now() - start);
`;

export async function measureColdImports(
  bundles: Array<{ fn: string; code: Uint8Array; floorCode: Uint8Array }>,
  options: { runs: number; env: Record<string, string>; dir: string; progress?: (line: string) => void },
): Promise<ColdImport[]> {
  mkdirSync(options.dir, { recursive: true });
  const files = bundles.map(({ fn, code, floorCode }) => {
    const own = join(options.dir, `${fn}.mjs`);
    const floor = join(options.dir, `${fn}.floor.mjs`);
    writeFileSync(own, code);
    writeFileSync(floor, floorCode);
    return { fn, own: pathToFileURL(own).href, floor: pathToFileURL(floor).href };
  });
  const samples = files.map(() => ({ own: [] as number[], floor: [] as number[] }));
  const time = (url: string) => inFreshNode<number>(CHILD, [url], options.env);
  for (let run = 0; run < options.runs; run++) {
    options.progress?.(`cold import: run ${run + 1} of ${options.runs}`);
    for (const [i, file] of files.entries()) {
      const s = samples[i] ?? { own: [], floor: [] };
      if (run % 2 === 0) {
        s.own.push(await time(file.own));
        s.floor.push(await time(file.floor));
      } else {
        s.floor.push(await time(file.floor));
        s.own.push(await time(file.own));
      }
    }
  }
  return files.map(({ fn }, i) => {
    const ms = median(samples[i]?.own ?? []);
    const floorMs = median(samples[i]?.floor ?? []);
    return { fn, ms, floorMs, ratio: ms / floorMs };
  });
}
