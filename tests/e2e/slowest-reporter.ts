import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter'

/**
 * Lists, after the run, the browser tests that took longest (each project's
 * run separately, retries included): where the suite's time goes, so that a
 * test paying twice for what another already proves is seen and moved.
 */
export default class SlowestReporter implements Reporter {
  private readonly durations: { title: string; ms: number }[] = []

  onTestEnd(test: TestCase, result: TestResult) {
    const project = test.parent.project()?.name ?? ''
    const title = `[${project}] ${test.titlePath().slice(3).join(' › ')} (${test.location.file.split('/').pop()}:${test.location.line})`
    this.durations.push({ title, ms: result.duration })
  }

  onEnd(_result: FullResult) {
    const total = this.durations.reduce((sum, entry) => sum + entry.ms, 0)
    const slowest = [...this.durations].sort((a, b) => b.ms - a.ms).slice(0, 15)
    const lines = slowest.map(
      (entry) => `  ${(entry.ms / 1000).toFixed(1).padStart(6)} s  ${entry.title}`,
    )
    process.stdout.write(
      `\nThe 15 slowest browser tests (of ${this.durations.length}, ${(total / 60_000).toFixed(1)} test-minutes in all):\n${lines.join('\n')}\n`,
    )
  }
}
