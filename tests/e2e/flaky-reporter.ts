import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter'

/**
 * Names, after the run, every test that failed and then passed on its retry.
 * CI retries a failed browser test once so that one timing accident does not
 * keep a sound change from landing; a test named here still has a defect (it
 * waited on time instead of on the state it checks) and is to be fixed.
 */
export default class FlakyReporter implements Reporter {
  private readonly passedOnRetry = new Map<TestCase, number>()

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === 'passed' && result.retry > 0) this.passedOnRetry.set(test, result.retry)
  }

  onEnd(_result: FullResult) {
    if (this.passedOnRetry.size === 0) return
    const lines = [...this.passedOnRetry.keys()].map(
      (test) =>
        `  ${test.titlePath().filter(Boolean).join(' › ')} (${test.location.file}:${test.location.line})`,
    )
    process.stdout.write(
      `\n${this.passedOnRetry.size} browser test(s) passed only on retry: each is a defect to fix, not noise.\n${lines.join('\n')}\n`,
    )
  }
}
