import type { Reporter, TestModule } from 'vitest/node'

/**
 * Lists, after a vitest run, the test files that took longest: where the
 * suite's time goes, so that a slow file is seen before it is paid for on
 * every run.
 */
export default class SlowestReporter implements Reporter {
  onTestRunEnd(testModules: readonly TestModule[]) {
    const files = testModules
      .map((module) => ({ file: module.moduleId, ms: module.diagnostic().duration }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 10)
    const root = process.cwd()
    const lines = files.map(
      (entry) =>
        `  ${(entry.ms / 1000).toFixed(1).padStart(6)} s  ${entry.file.replace(`${root}/`, '')}`,
    )
    process.stdout.write(`\nThe 10 slowest test files:\n${lines.join('\n')}\n`)
  }
}
