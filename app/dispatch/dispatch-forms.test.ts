import { describe, expect, it } from 'vitest'
import { parseWithZod } from '@conform-to/zod/v4'
import { assignSchema, driverSchema, vehicleSchema } from './dispatch-forms'

/** The field errors of a refused submission. */
function errorsOf(submission: { status?: string; error?: unknown }) {
  expect(submission.status).toBe('error')
  return submission.error
}

function form(values: Record<string, string>) {
  const data = new FormData()
  for (const [name, value] of Object.entries(values)) data.set(name, value)
  return data
}

describe('the dispatch forms', () => {
  it('a driver needs a name, a phone, languages and a licence number', () => {
    const refused = parseWithZod(form({ name: ' ', phone: 'call me' }), { schema: driverSchema })
    expect(refused.status).toBe('error')
    expect(errorsOf(refused)).toMatchObject({
      name: ['ops.dispatch.errors.nameRequired'],
      phone: ['ops.dispatch.errors.phoneInvalid'],
      languages: ['ops.dispatch.errors.languagesRequired'],
      licenceNumber: ['ops.dispatch.errors.licenceRequired'],
      offerChannel: ['ops.dispatch.errors.offerChannelRequired'],
    })
    const accepted = parseWithZod(
      form({
        name: ' Mehmet Kaya ',
        phone: '+90 (532) 000-00-01',
        languages: 'Turkish, English',
        licenceNumber: 'B123',
        staffAccountId: '7',
        offerChannel: 'whatsapp',
        usualVehicleId: '3',
        active: 'on',
      }),
      { schema: driverSchema },
    )
    expect(accepted.status).toBe('success')
    expect(accepted.status === 'success' && accepted.value).toMatchObject({
      name: 'Mehmet Kaya',
      staffAccountId: 7,
      offerChannel: 'whatsapp',
      usualVehicleId: 3,
      active: true,
    })
  })

  it('a driver’s T.C. identity number is optional, and checked by its check digits', () => {
    const driver = {
      name: 'Mehmet Kaya',
      phone: '+90 532 000 00 01',
      languages: 'Turkish',
      licenceNumber: 'B123',
      offerChannel: 'sms',
    }
    const value = (identityNumber: string) => {
      const submission = parseWithZod(form({ ...driver, identityNumber }), {
        schema: driverSchema,
      })
      return submission.status === 'success' ? submission.value.identityNumber : submission.error
    }
    expect(value('')).toBeUndefined()
    expect(value('100 000 001 46')).toBe('100 000 001 46')
    for (const wrong of ['10000000147', '1234', '01000000146']) {
      expect(value(wrong)).toEqual({
        identityNumber: ['ops.dispatch.errors.identityNumberInvalid'],
      })
    }
  })

  it('a vehicle needs a class, a plate of letters and digits and counts in range', () => {
    const refused = parseWithZod(
      form({ classCode: 'BUS', makeModel: 'Vito', plate: '34 ÇÇ !', seats: '0', luggage: '2.5' }),
      { schema: vehicleSchema },
    )
    expect(errorsOf(refused)).toMatchObject({
      classCode: ['ops.dispatch.errors.classRequired'],
      plate: ['ops.dispatch.errors.plateInvalid'],
      seats: ['ops.dispatch.errors.seatsRange'],
      luggage: ['ops.dispatch.errors.luggageRange'],
    })
    const accepted = parseWithZod(
      form({
        classCode: 'LUXMNVN',
        makeModel: 'Vito',
        plate: '34 abc-123',
        seats: '6',
        luggage: '6',
      }),
      { schema: vehicleSchema },
    )
    expect(accepted.status).toBe('success')
  })

  it('an assignment needs a driver and a vehicle', () => {
    const refused = parseWithZod(form({ driverId: '', vehicleId: '', version: '0' }), {
      schema: assignSchema,
    })
    expect(errorsOf(refused)).toMatchObject({
      driverId: ['ops.dispatch.errors.driverRequired'],
      vehicleId: ['ops.dispatch.errors.vehicleRequired'],
    })
  })
})
