import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/**
 * The booking has one owner: only app/booking/booking-store.server.ts inserts
 * a booking, writes its status or writes its event log. Everything else that
 * writes the bookings table changes other columns, with the columns named in
 * place (an object literal without `status`), so a reader sees at a glance
 * that the status cannot change there.
 */

const root = join(import.meta.dirname, '../..')
const store = 'app/booking/booking-store.server.ts'
/**
 * Migrations reshape the rows already stored when the model changes (a status
 * that no longer exists, say); they run before the site serves and are no
 * step of a booking's life, so they may rewrite statuses and events.
 */
const migrations = 'app/db/migrations/'

function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

/** The string a call's first argument holds, when it is a literal. */
function literalArgument(call: ts.CallExpression): string | undefined {
  const [first] = call.arguments
  return first && ts.isStringLiteralLike(first) ? first.text : undefined
}

function methodName(call: ts.CallExpression): string | undefined {
  return ts.isPropertyAccessExpression(call.expression) ? call.expression.name.text : undefined
}

/** Every place in one file that writes a booking's status or its events, as "line: why". */
export function statusWrites(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const found: string[] = []
  const report = (node: ts.Node, why: string) =>
    found.push(`${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${why}`)

  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const method = methodName(node)
      const table = literalArgument(node)
      if (method === 'insertInto' && table === 'booking_events') report(node, 'writes an event')
      if (method === 'insertInto' && table === 'bookings') report(node, 'inserts a booking')
      if (method === 'updateTable' && table === 'bookings') {
        // Follow the chain up to its .set(...): what it sets must be named in place.
        let link: ts.Node = node
        while (ts.isPropertyAccessExpression(link.parent) || ts.isCallExpression(link.parent)) {
          link = link.parent
          if (ts.isCallExpression(link) && methodName(link) === 'set') {
            const [values] = link.arguments
            if (!values || !ts.isObjectLiteralExpression(values)) {
              report(link, 'sets columns it does not name')
            } else {
              for (const property of values.properties) {
                if (ts.isSpreadAssignment(property))
                  report(property, 'sets columns it does not name')
                else if (property.name && property.name.getText(source) === 'status')
                  report(property, 'sets the status')
              }
            }
          }
        }
      }
    }
    if (ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) {
      if (/\b(update|insert\s+into)\s+"?(bookings|booking_events)\b/i.test(node.getText(source))) {
        report(node, 'writes the table in raw SQL')
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

describe('the booking store', () => {
  it('is the only module that writes a booking’s status or its events', () => {
    const offenders = sourceFiles('app')
      .map((path) => relative(root, join(root, path)))
      .filter((path) => path !== store && !path.startsWith(migrations))
      .flatMap((path) =>
        statusWrites(path, readFileSync(join(root, path), 'utf8')).map(
          (where) => `${path}:${where}`,
        ),
      )
    expect(offenders).toEqual([])
    // It parses every module of app/ with TypeScript: about 3 s alone, more
    // beside the rest of the suite on two cores, past vitest's 5 s default.
  }, 30_000)

  it('finds each way of writing the status outside the store', () => {
    const written = statusWrites(
      'example.ts',
      `
      await trx.updateTable('bookings').set({ status: 'expired' }).where('id', '=', id).execute()
      await trx.updateTable('bookings').set(values).execute()
      await trx.updateTable('bookings').set({ ...values, mail_status: 'sent' }).execute()
      await trx.insertInto('bookings').values(row).execute()
      await trx.insertInto('booking_events').values(event).execute()
      await sql\`update bookings set status = \${to}\`.execute(db)
      `,
    )
    expect(written.map((line) => line.replace(/^\d+: /, ''))).toEqual([
      'sets the status',
      'sets columns it does not name',
      'sets columns it does not name',
      'inserts a booking',
      'writes an event',
      'writes the table in raw SQL',
    ])
  })

  it('lets other modules change other columns, named in place', () => {
    expect(
      statusWrites(
        'example.ts',
        `await trx.updateTable('bookings').set({ mail_status: 'sent', mailed_at: at }).execute()`,
      ),
    ).toEqual([])
  })

  it('reads the store itself as writing, so the check above cannot pass by finding nothing', () => {
    expect(statusWrites(store, readFileSync(join(root, store), 'utf8')).length).toBeGreaterThan(2)
  })
})

/**
 * The booking core (app/booking/) knows what a booking is, not who makes it:
 * who is booking is resolved at the edge (the storefront's pages,
 * app/storefront/) into a Buyer, and the features that sell through the core
 * (partners' companies, travellers' accounts, flights followed, staff pages,
 * dispatch) sit above it and import it, never the reverse. A new kind of
 * buyer then adds to the edge, not to the core.
 */
const featuresAboveBooking = [
  'accounts',
  'companies',
  'contact',
  'dispatch',
  'flights',
  'jobs',
  'partners',
  'routes',
  'staff',
  'storefront',
  'traveller',
]

/** The `~/<folder>` imports of a module's text that name a feature above the booking core. */
export function importsAboveBooking(text: string): string[] {
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((imported) => imported.fileName)
    .filter((name) => featuresAboveBooking.some((feature) => name.startsWith(`~/${feature}/`)))
}

describe('the booking core', () => {
  it('imports no feature above it', () => {
    const offenders = sourceFiles('app/booking').flatMap((path) =>
      importsAboveBooking(readFileSync(join(root, path), 'utf8')).map((name) => `${path}: ${name}`),
    )
    expect(offenders).toEqual([])
  })

  it('finds such an import, static or dynamic, and lets the layers below through', () => {
    expect(
      importsAboveBooking(`
        import { currentPartner } from '~/partners/partner-guard.server'
        import type { FlightLookup } from '~/flights/follow-flights.server'
        const prefill = await import('~/accounts/prefill.server')
        import { getDatabase } from '~/db/db.server'
        import { toE164 } from '~/domain/phone'
        import { queueMail } from '~/messages/queue.server'
      `),
    ).toEqual([
      '~/partners/partner-guard.server',
      '~/flights/follow-flights.server',
      '~/accounts/prefill.server',
    ])
  })
})
