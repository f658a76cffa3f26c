import { stat } from 'node:fs/promises'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * Vitest's own order runs the projects one after the other (integration, postgres, unit), so the
 * files that mostly wait (tests/postgres/nginx.test.ts sits 70 s on an idle stream, the
 * two-instance tests wait for servers) end up alone at the end of their project while a worker
 * has nothing left to do. This order ignores projects: files that failed last time first, then the
 * longest first (by the last run's duration), so a long file starts early and the short ones fill
 * in around it (decision 170). A clean clone has no durations yet: its files are ranked by what
 * they start (a PostgreSQL server and app servers, app servers, nothing), then by size.
 */
const FIRST_RUN_MS: Record<string, number> = { postgres: 30_000, integration: 10_000 }

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache
    const sizes = await Promise.all(
      files.map((spec) =>
        stat(spec.moduleId).then(
          (s) => s.size,
          () => 0,
        ),
      ),
    )
    const ranked = files.map((spec, i) => {
      const last = cache.getTestSpecificationResult(spec)
      return {
        spec,
        failed: last?.failed ?? false,
        ms: last?.duration ?? FIRST_RUN_MS[spec.project.name] ?? 1_000,
        size: sizes[i] ?? 0,
      }
    })
    ranked.sort((a, b) => Number(b.failed) - Number(a.failed) || b.ms - a.ms || b.size - a.size)
    return ranked.map((r) => r.spec)
  }
}
