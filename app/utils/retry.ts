/** The back-off for loading the maps script: attempt × 2^attempt ms (2, 8, 24). */
export function retryDelayMs(attempt: number): number {
  return attempt * 2 ** attempt
}

/**
 * Runs `task`, and again up to `retries` times after a failure, waiting the
 * back-off of retryDelayMs between tries. The last failure is thrown.
 */
export async function withRetries<T>(
  task: () => Promise<T>,
  retries: number,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await task()
    } catch (error) {
      if (attempt > retries) throw error
      await sleep(retryDelayMs(attempt))
    }
  }
}
