import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeUetds, type FakeUetds } from '../../../tests/support/uetds-fake-server'
import { createUetdsSoapService } from './uetds-soap-service.server'
import type { FiledGroup, FiledPassenger, FiledTrip } from './uetds-service'

/** Valid T.C. identity numbers (their check digits hold) and one mistyped by a digit. */
const driverNumber = '10000000146'
const passengerNumber = '19191919190'
const mistyped = '10000000147'

const trip: FiledTrip = {
  plate: '34ABC111',
  departureDate: '2026-12-01',
  departureTime: '10:00',
  endDate: '2026-12-01',
  endTime: '11:30',
  companyTripNo: 'MC-7K4Q9P',
  description: 'Sabiha Gökçen - Şile',
  vehiclePhone: '+905321234567',
}
const group: FiledGroup = {
  name: 'MC-7K4Q9P',
  description: 'Sabiha Gökçen - Şile',
  from: { country: 'TR', province: 34, district: 1835, place: 'Sabiha Gökçen Havalimanı' },
  to: { country: 'TR', province: 34, district: 1659, place: 'Şile' },
  fare: '85.00 EUR',
}
const passenger = (seat: string, documentNumber: string, nationality = 'TR'): FiledPassenger => ({
  nationality,
  documentNumber,
  firstName: 'Ayşe',
  lastName: 'Yılmaz',
  seat,
})

describe('the U-ETDS SOAP service, against its stand-in', () => {
  let fake: FakeUetds
  beforeAll(async () => {
    fake = await startFakeUetds({ plates: ['34ABC111', '34XYZ222'] })
  })
  afterAll(() => fake.close())
  const service = () =>
    createUetdsSoapService({ url: fake.url, username: fake.username, password: fake.password })

  it('files a trip, its group, crew and passengers, and prints its document', async () => {
    const added = await service().addTrip(trip)
    expect(added).toMatchObject({ kind: 'ok' })
    if (added.kind !== 'ok') return
    expect(added.reference).toMatch(/^\d{14}$/)
    const stored = fake.trips.get(added.reference)!
    expect(stored.fields).toMatchObject({
      aracPlaka: '34ABC111',
      hareketTarihi: '2026-12-01T00:00:00+03:00',
      hareketSaati: '10:00',
      seferBitisSaati: '11:30',
      firmaSeferNo: 'MC-7K4Q9P',
    })

    const grouped = await service().addGroup(added.reference, group)
    expect(grouped.kind).toBe('ok')
    if (grouped.kind !== 'ok') return
    expect(stored.groups[grouped.groupReference]).toMatchObject({
      baslangicIl: '34',
      baslangicIlce: '1835',
      bitisIlce: '1659',
      grupUcret: '85.00 EUR',
    })

    const crew = await service().addCrew(added.reference, [
      {
        role: 0,
        nationality: 'TR',
        identityNumber: driverNumber,
        sex: 'E',
        firstName: 'Mehmet',
        lastName: 'Kaya',
        phone: '+905551112233',
      },
    ])
    expect(crew.kind).toBe('ok')
    expect(stored.crew.map((member) => member.fields['turKodu'])).toEqual(['0'])

    const passengers = await service().addPassengers(added.reference, grouped.groupReference, [
      passenger('1', passengerNumber),
      passenger('2', 'U12345678', 'DE'),
    ])
    expect(passengers.kind).toBe('ok')
    if (passengers.kind !== 'ok') return
    expect(passengers.rows.map((row) => [row.seat, row.code])).toEqual([
      ['1', 0],
      ['2', 0],
    ])
    expect(passengers.rows.every((row) => row.ticket)).toBe(true)

    const document = await service().tripDocument(added.reference)
    expect(document.kind).toBe('ok')
    if (document.kind === 'ok') expect(document.pdf.subarray(0, 5).toString()).toBe('%PDF-')

    // A passenger dropped, the plate changed, the driver replaced, then the trip cancelled.
    expect(
      (
        await service().cancelPassenger(
          added.reference,
          passengers.rows[1]!.ticket!,
          'Not travelling',
        )
      ).kind,
    ).toBe('ok')
    expect(stored.passengers.filter((row) => !row.cancelled)).toHaveLength(1)
    expect((await service().updateTrip(added.reference, { ...trip, plate: '34XYZ222' })).kind).toBe(
      'ok',
    )
    expect(stored.fields['aracPlaka']).toBe('34XYZ222')
    expect((await service().cancelCrew(added.reference, driverNumber, 'Driver changed')).kind).toBe(
      'ok',
    )
    expect(stored.crew[0]!.cancelled).toBe(true)
    expect((await service().cancelTrip(added.reference, 'Booking cancelled')).kind).toBe('ok')
    expect(stored.cancelled).toBe(true)
    // A cancelled trip takes nothing more: the refusal's code and message come back.
    expect(await service().addGroup(added.reference, group)).toEqual({
      kind: 'refused',
      code: 7,
      message: 'SEFER İPTAL EDİLMİŞ',
    })
  })

  it('says which passengers were refused when only some were taken', async () => {
    const added = await service().addTrip(trip)
    if (added.kind !== 'ok') throw new Error('not filed')
    const grouped = await service().addGroup(added.reference, group)
    if (grouped.kind !== 'ok') throw new Error('no group')
    const answer = await service().addPassengers(added.reference, grouped.groupReference, [
      passenger('1', passengerNumber),
      passenger('2', mistyped),
    ])
    expect(answer).toMatchObject({ kind: 'refused', code: 88 })
    if (answer.kind !== 'refused') return
    expect(answer.rows?.map((row) => [row.seat, row.code, row.ticket !== null])).toEqual([
      ['1', 0, true],
      ['2', 5, false],
    ])
  })

  it('reads refusals, a wrong password, a failing or silent service', async () => {
    expect(await service().addTrip({ ...trip, plate: '06NOT123' })).toEqual({
      kind: 'refused',
      code: 2,
      message: 'ARAÇ PLAKASI FİRMANIN YETKİ BELGESİNDE KAYITLI DEĞİL',
    })
    const wrong = createUetdsSoapService({ url: fake.url, username: fake.username, password: 'x' })
    expect(await wrong.addTrip(trip)).toMatchObject({ kind: 'refused', code: 401 })
    fake.script({ status: 503 })
    expect(await service().addTrip(trip)).toEqual({ kind: 'unanswered', problem: 'http-503' })
    fake.script({ holdMs: 500 })
    const impatient = createUetdsSoapService({
      url: fake.url,
      username: fake.username,
      password: fake.password,
      timeoutMs: 100,
    })
    expect(await impatient.addTrip(trip)).toEqual({ kind: 'unanswered', problem: 'timeout' })
    const nowhere = createUetdsSoapService({
      url: 'http://127.0.0.1:9/uetdsarizi',
      username: fake.username,
      password: fake.password,
    })
    expect(await nowhere.addTrip(trip)).toEqual({ kind: 'unanswered', problem: 'network' })
  })

  it('sends the envelope the service documents: unqualified fields, wsuser and Basic', async () => {
    const requests: { headers: Headers; body: string }[] = []
    const original = globalThis.fetch
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      requests.push({ headers: new Headers(init?.headers), body: String(init?.body) })
      return original(input, init)
    }) as typeof fetch
    try {
      await service().cancelTrip('12345678901234', 'Booking cancelled')
    } finally {
      globalThis.fetch = original
    }
    const [request] = requests
    expect(request!.headers.get('soapaction')).toBe(
      '"http://uetds.unetws.udhb.gov.tr/uetdsytsarizi/seferIptal"',
    )
    expect(request!.headers.get('authorization')).toBe(
      `Basic ${Buffer.from('999999:999999testtest').toString('base64')}`,
    )
    expect(request!.body).toContain(
      '<uet:seferIptal><wsuser><kullaniciAdi>999999</kullaniciAdi><sifre>999999testtest</sifre></wsuser>' +
        '<uetdsSeferReferansNo>12345678901234</uetdsSeferReferansNo><iptalAciklama>Booking cancelled</iptalAciklama></uet:seferIptal>',
    )
  })
})
