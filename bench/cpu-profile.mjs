// Where the time goes in a V8 CPU profile (node --cpu-prof): self time per
// function and per package, largest first.
//
//   node bench/cpu-profile.mjs <file.cpuprofile> [--top N]
import { readFileSync } from 'node:fs'
import process from 'node:process'
import { fileURLToPath } from 'node:url'

/** Where a script comes from: a package under node_modules, node itself, the build, or V8. */
function origin(url) {
  if (!url) return '(v8/native)'
  if (url.startsWith('node:')) return 'node core'
  const packaged = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (packaged) return packaged[1]
  if (url.includes('/build/server/')) return 'app (build/server)'
  return url.replace(/^file:\/\//, '')
}

/** A short name for a script: node's own module id, the file under node_modules or the repository. */
function script(url) {
  if (url.startsWith('node:')) return url
  const packaged = url.lastIndexOf('node_modules/')
  if (packaged >= 0) return url.slice(packaged + 'node_modules/'.length)
  const inRepository = url.indexOf('/build/')
  return inRepository >= 0 ? url.slice(inRepository + 1) : url.replace(/^file:\/\//, '')
}

/**
 * Self time of every function and every package in a profile, in milliseconds,
 * with the share of the whole profile; idle time and garbage collection listed
 * by their own names.
 */
export function summarise(profile, top = 25) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
  const selfMs = new Map()
  for (let index = 0; index < profile.samples.length; index++) {
    const id = profile.samples[index]
    selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000)
  }
  const total = [...selfMs.values()].reduce((sum, ms) => sum + ms, 0)
  const byFunction = new Map()
  const byOrigin = new Map()
  for (const [id, ms] of selfMs) {
    const { callFrame } = nodes.get(id)
    const name = callFrame.functionName || '(anonymous)'
    const where = callFrame.url
      ? `${script(callFrame.url)}:${callFrame.lineNumber + 1}`
      : origin(callFrame.url)
    const key = `${name}  ${where}`
    byFunction.set(key, (byFunction.get(key) ?? 0) + ms)
    const group = ['(idle)', '(garbage collector)', '(program)'].includes(name)
      ? name
      : origin(callFrame.url)
    byOrigin.set(group, (byOrigin.get(group) ?? 0) + ms)
  }
  const ranked = (map) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, ms]) => ({ name, ms: Math.round(ms), share: ms / total }))
  return { totalMs: Math.round(total), functions: ranked(byFunction), origins: ranked(byOrigin) }
}

export function formatSummary(summary) {
  const percent = (share) => `${(share * 100).toFixed(1).padStart(5)} %`
  const lines = [
    `profile: ${(summary.totalMs / 1000).toFixed(1)} s sampled`,
    '',
    'self time by origin:',
  ]
  for (const row of summary.origins) {
    lines.push(`  ${percent(row.share)}  ${String(row.ms).padStart(6)} ms  ${row.name}`)
  }
  lines.push('', 'self time by function:')
  for (const row of summary.functions) {
    lines.push(`  ${percent(row.share)}  ${String(row.ms).padStart(6)} ms  ${row.name}`)
  }
  return lines.join('\n')
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [file, flag, count] = process.argv.slice(2)
  if (!file) {
    process.stderr.write('usage: node bench/cpu-profile.mjs <file.cpuprofile> [--top N]\n')
    process.exit(2)
  }
  const top = flag === '--top' ? Number(count) : 25
  const profile = JSON.parse(readFileSync(file, 'utf8'))
  process.stdout.write(`${formatSummary(summarise(profile, top))}\n`)
}
