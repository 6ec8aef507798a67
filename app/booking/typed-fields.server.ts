import { redirect } from 'react-router'
import type { DatabaseHandle } from '~/db/connect.server'
import type { BookingRow } from '~/db/schema'
import { writeTransaction } from '~/db/write.server'
import { isLanguage, languageSearchParam } from '~/i18n/config'
import { languageCookie } from '~/i18n/middleware.server'
import { languageSwitchField } from '~/components/language-switch'

/** The booking steps whose form a language switch keeps (docs/language-switch.md). */
export type TypedStep = 'passenger' | 'payment'

/** The fields each step's form sends: the names its schema reads. */
export const typedFieldNames = {
  passenger: [
    'name',
    'lastName',
    'email',
    'phone',
    'updates',
    'passengers',
    'luggage',
    'notes',
    'flightNumber',
    'notByAir',
    'keepFlight',
    'departureFlight',
    'signName',
    'pickupAddress',
    'returnPickupAddress',
    'returnFlightNumber',
    'returnNotByAir',
  ],
  payment: [
    'fullname',
    'lastname',
    'invoiceToCompany',
    'company',
    'taxOffice',
    'taxNumber',
    'address',
    'country',
    'city',
    'zipcode',
    'paymentOption',
    'acceptTerms',
  ],
} as const satisfies Record<TypedStep, readonly string[]>

export type TypedValues = Record<string, string>

/** A checkbox left unticked is not sent: kept typed fields then say it was unticked. */
const checkboxFields: Record<TypedStep, readonly string[]> = {
  passenger: [],
  payment: ['acceptTerms', 'invoiceToCompany'],
}

/**
 * What is kept is bounded: far more than all of a step's limits together (a
 * value over its limit is refused only when the step is saved, so it is kept
 * as typed), yet no request can store an unbounded text.
 */
export const MAX_TYPED_CHARACTERS = 20_000

/** The step's fields from a submitted form, as typed: nothing is validated or changed. */
export function typedValuesFrom(step: TypedStep, formData: FormData): TypedValues | undefined {
  const values: TypedValues = {}
  let size = 0
  for (const name of typedFieldNames[step]) {
    const value = formData.get(name)
    if (typeof value !== 'string') continue
    values[name] = value
    size += value.length
  }
  return size > MAX_TYPED_CHARACTERS ? undefined : values
}

interface StoredTyped {
  step: TypedStep
  values: TypedValues
}

/** What was typed on this step and kept by a language switch, if anything. */
export function typedFieldsOf(booking: BookingRow, step: TypedStep): TypedValues | undefined {
  if (!booking.typed_fields) return undefined
  try {
    const stored = JSON.parse(booking.typed_fields) as Partial<StoredTyped>
    if (stored.step !== step || !stored.values || typeof stored.values !== 'object')
      return undefined
    const names: readonly string[] = typedFieldNames[step]
    const unticked = Object.fromEntries(checkboxFields[step].map((name) => [name, '']))
    return {
      ...unticked,
      ...Object.fromEntries(
        Object.entries(stored.values).filter(
          (entry): entry is [string, string] =>
            names.includes(entry[0]) && typeof entry[1] === 'string',
        ),
      ),
    }
  } catch {
    return undefined
  }
}

/**
 * Keeps a step's typed fields on a booking still being filled in. JSON escapes
 * every control character (a NUL included), so both databases store any text.
 */
export async function keepTypedFields(
  handle: DatabaseHandle,
  bookingId: string,
  step: TypedStep,
  values: TypedValues | undefined,
): Promise<void> {
  const typed = values ? JSON.stringify({ step, values } satisfies StoredTyped) : null
  await writeTransaction(handle, (trx) =>
    trx
      .updateTable('bookings')
      .set({ typed_fields: typed })
      .where('id', '=', bookingId)
      .where('status', 'in', ['draft', 'payment_failed'])
      .execute(),
  )
}

/** Once a step is saved, what was typed on it is stored for real: the copy goes. */
export async function forgetTypedFields(handle: DatabaseHandle, booking: BookingRow) {
  if (!booking.typed_fields) return
  await writeTransaction(handle, (trx) =>
    trx.updateTable('bookings').set({ typed_fields: null }).where('id', '=', booking.id).execute(),
  )
}

/**
 * A booking step's form submitted by a language button: the typed fields are
 * kept without being validated, the language cookie is set and the traveller
 * comes back to the same step (303) in the chosen language. Undefined when the
 * form was submitted for anything else.
 */
export async function switchLanguageKeepingFields(
  request: Request,
  formData: FormData,
  handle: DatabaseHandle,
  booking: BookingRow,
  step: TypedStep,
): Promise<Response | undefined> {
  const language = formData.get(languageSwitchField)
  if (language === null) return undefined
  await keepTypedFields(handle, booking.id, step, typedValuesFrom(step, formData))
  const url = new URL(request.url)
  url.searchParams.delete(languageSearchParam)
  const back = `${url.pathname}${url.search}`
  if (!isLanguage(language)) return redirect(back, 303)
  return redirect(back, {
    status: 303,
    headers: { 'Set-Cookie': await languageCookie.serialize(language) },
  })
}
