/**
 * Cold import: what `await import(bundle)` costs in a fresh Node process, for each function
 * and its SDK floor. Function and floor alternate (which goes first alternates too), and
 * each figure is the median of `runs` processes. The child times only the import, not
 * Node's own start, two ways: the CPU time the process spends on it (user + system, all
 * threads: parsing, compiling, running module code), which the goal is checked on, and
 * the wall time. On a shared machine other processes stretch wall time by whole
 * scheduler slices (a run of one bundle can take twice another's), while the CPU the
 * import needs stays within a few percent; on Lambda, with one vCPU or less, the two
 * are close.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { inFreshNode, median } from './processes';

export interface ColdImport {
  fn: string;
  /** Median CPU ms of importing the function's bundle. */
  ms: number;
  /** Median CPU ms of importing its floor. */
  floorMs: number;
  /** ms / floorMs: what the goal is checked on. */
  ratio: number;
  /** Median wall ms of the function's and of the floor's import, and their ratio. */
  wall: { ms: number; floorMs: number; ratio: number };
}

type Sample = { cpu: number; wall: number };

const CHILD = `
const cpu = process.cpuUsage();
const start = performance.now();
await import(process.argv[1]);
const wall = performance.now() - start;
const used = process.cpuUsage(cpu);
report({ cpu: (used.user + used.system) / 1000, wall });
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
  const samples = files.map(() => ({ own: [] as Sample[], floor: [] as Sample[] }));
  const time = (url: string) => inFreshNode<Sample>(CHILD, [url], options.env);
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
    const own = samples[i]?.own ?? [];
    const floor = samples[i]?.floor ?? [];
    const ms = median(own.map((s) => s.cpu));
    const floorMs = median(floor.map((s) => s.cpu));
    const wallMs = median(own.map((s) => s.wall));
    const wallFloorMs = median(floor.map((s) => s.wall));
    return {
      fn,
      ms,
      floorMs,
      ratio: ms / floorMs,
      wall: { ms: wallMs, floorMs: wallFloorMs, ratio: wallMs / wallFloorMs },
    };
  });
}
