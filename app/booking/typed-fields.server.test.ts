import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import { createDraft, findBooking, transitionBooking } from './bookings.server'
import { passengerSchema, paymentSchema } from './booking-forms'
import { toE164 } from '~/domain/phone'
import { draftInput } from '../../tests/support/booking-fixtures'
import {
  MAX_TYPED_CHARACTERS,
  forgetTypedFields,
  keepTypedFields,
  typedFieldNames,
  typedFieldsOf,
  typedValuesFrom,
} from './typed-fields.server'

const form = (entries: Record<string, string>) => {
  const data = new FormData()
  for (const [name, value] of Object.entries(entries)) data.append(name, value)
  return data
}

describe('typed fields of a step', () => {
  it('are exactly the fields its schema reads', () => {
    const passenger = passengerSchema({ capacity: { passengers: 4, luggage: 4 }, phone: toE164 })
    expect([...typedFieldNames.passenger].sort()).toEqual(Object.keys(passenger.shape).sort())
    expect([...typedFieldNames.payment].sort()).toEqual(Object.keys(paymentSchema.shape).sort())
  })

  it('are taken as typed, unknown fields left out, an oversized form kept not at all', () => {
    expect(
      typedValuesFrom(
        'passenger',
        form({ name: '  Ayşe ', email: 'not an e-mail', switchLanguage: 'tr', extra: 'x' }),
      ),
    ).toEqual({ name: '  Ayşe ', email: 'not an e-mail' })
    expect(
      typedValuesFrom('passenger', form({ notes: 'x'.repeat(MAX_TYPED_CHARACTERS + 1) })),
    ).toBeUndefined()
  })
})

describe.each(storageBackends())('typed fields kept on $name', (backend) => {
  let handle: DatabaseHandle
  const now = new Date('2026-11-22T08:00:00Z')

  useMigratedDatabase(backend, (opened) => (handle = opened))

  it('come back on their own step only, any text included, until forgotten', async () => {
    const { booking } = await createDraft(handle, draftInput(), now)
    const typed = { name: 'Ayşe\u0000', notes: 'Otel: Pera Palas\nkapı 2', passengers: '9' }
    await keepTypedFields(handle, booking.id, 'passenger', typed)
    const kept = (await findBooking(handle, booking.id))!
    expect(typedFieldsOf(kept, 'passenger')).toEqual(typed)
    expect(typedFieldsOf(kept, 'payment')).toBeUndefined()
    // Nothing typed was stored as the booking's own details.
    expect(kept.first_name).toBeNull()
    expect(kept.passenger_done_at).toBeNull()

    await forgetTypedFields(handle, kept)
    expect(typedFieldsOf((await findBooking(handle, booking.id))!, 'passenger')).toBeUndefined()
  })

  it('say an unticked checkbox was unticked', async () => {
    const { booking } = await createDraft(handle, draftInput(), now)
    await keepTypedFields(handle, booking.id, 'payment', { city: 'İzmir' })
    expect(typedFieldsOf((await findBooking(handle, booking.id))!, 'payment')).toEqual({
      city: 'İzmir',
      acceptTerms: '',
      invoiceToCompany: '',
    })
  })

  it('are not kept on a booking that is no longer being filled in', async () => {
    const { booking } = await createDraft(handle, draftInput(), now)
    await transitionBooking(handle, booking.id, 'expired', now, 'test')
    await keepTypedFields(handle, booking.id, 'passenger', { name: 'Ayşe' })
    expect((await findBooking(handle, booking.id))!.typed_fields).toBeNull()
  })
})
