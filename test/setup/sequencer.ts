import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The files that take longest, by far: the fuzz of every route, the CDK synth that bundles every function, the fault harness. */
const LONGEST = ['test/fuzz/routes.test.ts', 'test/infra/stack.test.ts', 'test/faults/faults.test.ts'];

/**
 * The order in which files start (the two projects share the workers): the longest first, so
 * that they run beside the rest rather than after it, then the two projects' files in turn, so
 * that a unit file (CPU-bound) runs beside an integration file (mostly waiting for the local
 * stack, another process). Within a project, Vitest's own order: longest last time first, or
 * largest first on a fresh clone. (Vitest's own sequencer runs one project's files after the
 * other's.)
 */
export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => LONGEST.findIndex((path) => spec.moduleId.endsWith(path));
    const longest = sorted.filter((spec) => rank(spec) >= 0).sort((a, b) => rank(a) - rank(b));
    const byProject = new Map<string, TestSpecification[]>();
    for (const spec of sorted) {
      if (rank(spec) >= 0) continue;
      const list = byProject.get(spec.project.name) ?? [];
      list.push(spec);
      byProject.set(spec.project.name, list);
    }
    const queues = [...byProject.values()];
    const interleaved: TestSpecification[] = [];
    while (queues.some((queue) => queue.length > 0)) {
      for (const queue of queues) {
        const next = queue.shift();
        if (next) interleaved.push(next);
      }
    }
    return [...longest, ...interleaved];
  }
}
