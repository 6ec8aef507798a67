import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/**
 * The browser checks forms with the server's schemas (app/enhancements/form-check.ts).
 * Everything that script reaches must use zod's small build, zod/mini: one import of
 * zod's full build would put all of it (about 22 KiB compressed) on every page with a
 * form, and nothing but the JavaScript budget would notice.
 */

const root = join(import.meta.dirname, '../..')

/** The module file an import names, or the package name for a package. */
function resolveImport(from: string, specifier: string): { file?: string; pkg?: string } {
  const base = specifier.startsWith('~/')
    ? join('app', specifier.slice(2))
    : specifier.startsWith('.')
      ? join(dirname(from), specifier)
      : undefined
  if (base === undefined) return { pkg: specifier }
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(join(root, candidate))) return { file: candidate }
  }
  throw new Error(`${from}: cannot resolve ${specifier}`)
}

/** Every module `entry` reaches through static and dynamic imports, with the packages each imports. */
function reachable(entry: string): Map<string, string[]> {
  const seen = new Map<string, string[]>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    const packages: string[] = []
    seen.set(file, packages)
    const text = readFileSync(join(root, file), 'utf8')
    for (const imported of ts.preProcessFile(text, true, true).importedFiles) {
      const { file: next, pkg } = resolveImport(file, imported.fileName)
      if (pkg) packages.push(pkg)
      if (next) visit(next)
    }
  }
  visit(entry)
  return seen
}

describe('the schemas the browser runs', () => {
  const modules = reachable('app/enhancements/form-check.ts')

  it('include every shared form schema', () => {
    // So the check below looks at the schemas themselves, not at an empty graph.
    for (const schema of [
      'app/forms/text-input.ts',
      'app/booking/booking-forms.ts',
      'app/contact/contact-schema.ts',
      'app/traveller/details-form.ts',
      'app/traveller/find-booking-form.ts',
      'app/dispatch/dispatch-forms.ts',
      'app/staff/staff-forms.ts',
    ]) {
      expect([...modules.keys()]).toContain(schema)
    }
  })

  it('leave the phone library to the server, and take only Turkey of the tax numbers', () => {
    // Its metadata alone is about 30 KiB compressed: the browser checks a phone by its
    // shape (plausiblePhone), and the server, which always decides, reads it fully.
    const heavy = [...modules]
      .filter(([, packages]) =>
        packages.some((pkg) => pkg.startsWith('libphonenumber-js') || pkg === 'stdnum'),
      )
      .map(([file]) => file)
    expect(heavy).toEqual([])
  })

  it('import zod only as zod/mini', () => {
    const fullZod = [...modules]
      .filter(([, packages]) => packages.some((pkg) => /^zod(\/v4|\/v3)?$/.test(pkg)))
      .map(([file]) => file)
    expect(fullZod).toEqual([])
  })
})
