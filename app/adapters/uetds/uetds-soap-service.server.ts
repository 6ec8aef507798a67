import { XMLBuilder, XMLParser } from 'fast-xml-parser'
import type {
  FiledCrewMember,
  FiledGroup,
  FiledPassenger,
  FiledTrip,
  PassengerRowAnswer,
  UetdsAnswer,
  UetdsService,
} from './uetds-service'

/**
 * The U-ETDS SOAP 1.1 service for unscheduled passenger transport
 * ("UdhbUetdsAriziService"), document/literal: each call is an envelope
 * whose body holds the operation in the service's namespace, its fields
 * unqualified, the company's UNET number and password both as HTTP Basic and
 * as the body's `wsuser`, as the Ministry's integration guide shows. Every
 * answer carries `sonucKodu` (0: done) and `sonucMesaji`. Bodies hold
 * identity numbers: nothing here logs them.
 */

export interface UetdsSoapSettings {
  url: string
  username: string
  password: string
  timeoutMs?: number
}

const serviceNamespace = 'http://uetds.unetws.udhb.gov.tr/'
/** The printable document's operation has an empty SOAPAction in the WSDL; the others this prefix. */
const actionPrefix = 'http://uetds.unetws.udhb.gov.tr/uetdsytsarizi/'

const builder = new XMLBuilder({ format: false, suppressEmptyNode: false })
const parser = new XMLParser({
  removeNSPrefix: true,
  // References are long numbers: kept as the service wrote them.
  parseTagValue: false,
  isArray: (name) => name === 'uetdsYolcuSonuc',
})

type Fields = Record<string, unknown>

/** A date field: the day at Istanbul's midnight (the time travels in its own field). */
const serviceDate = (day: string) => `${day}T00:00:00+03:00`

function tripFields(trip: FiledTrip): Fields {
  return {
    aracPlaka: trip.plate,
    seferAciklama: trip.description,
    hareketTarihi: serviceDate(trip.departureDate),
    hareketSaati: trip.departureTime,
    aracTelefonu: trip.vehiclePhone.slice(0, 20),
    firmaSeferNo: trip.companyTripNo,
    seferBitisTarihi: serviceDate(trip.endDate),
    seferBitisSaati: trip.endTime,
  }
}

function groupFields(group: FiledGroup): Fields {
  return {
    grupAciklama: group.description,
    baslangicUlke: group.from.country,
    baslangicIl: group.from.province,
    baslangicIlce: group.from.district,
    baslangicYer: group.from.place,
    bitisUlke: group.to.country,
    bitisIl: group.to.province,
    bitisIlce: group.to.district,
    bitisYer: group.to.place,
    grupAdi: group.name,
    grupUcret: group.fare,
  }
}

const crewFields = (member: FiledCrewMember): Fields => ({
  turKodu: member.role,
  uyrukUlke: member.nationality,
  tcKimlikPasaportNo: member.identityNumber,
  cinsiyet: member.sex,
  adi: member.firstName,
  soyadi: member.lastName,
  telefon: member.phone.slice(0, 20),
})

const passengerFields = (passenger: FiledPassenger, groupReference: string): Fields => ({
  uyrukUlke: passenger.nationality,
  tcKimlikPasaportNo: passenger.documentNumber,
  adi: passenger.firstName,
  soyadi: passenger.lastName,
  koltukNo: passenger.seat,
  grupId: groupReference,
})

export function envelope(operation: string, fields: Fields): string {
  const body = builder.build({ [`uet:${operation}`]: fields }) as string
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:uet="${serviceNamespace}">` +
    `<soapenv:Header/><soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`
  )
}

type Result = Record<string, unknown>
type Called = { kind: 'answered'; result: Result } | Exclude<UetdsAnswer, { kind: 'ok' }>

const text = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : ''

export function createUetdsSoapService(settings: UetdsSoapSettings): UetdsService {
  const authorization = `Basic ${Buffer.from(`${settings.username}:${settings.password}`).toString('base64')}`
  const wsuser = { kullaniciAdi: settings.username, sifre: settings.password }

  async function call(operation: string, fields: Fields): Promise<Called> {
    let response: Response
    let body: string
    try {
      response = await fetch(settings.url, {
        method: 'POST',
        headers: {
          'content-type': 'text/xml; charset=utf-8',
          soapaction: `"${operation === 'seferDetayCiktisiAl' ? '' : actionPrefix + operation}"`,
          authorization,
        },
        body: envelope(operation, { wsuser, ...fields }),
        signal: AbortSignal.timeout(settings.timeoutMs ?? 15_000),
      })
      body = await response.text()
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError'
      return { kind: 'unanswered', problem: timedOut ? 'timeout' : 'network' }
    }
    // The gateway refuses a wrong user or password before the service sees it.
    if (response.status === 401 || response.status === 403) {
      return {
        kind: 'refused',
        code: response.status,
        message: 'The service refused the UNET number or password (HTTP ' + response.status + ')',
      }
    }
    let parsed: Result
    try {
      parsed = parser.parse(body) as Result
    } catch {
      return { kind: 'unanswered', problem: `http-${response.status}` }
    }
    const soapBody = (parsed['Envelope'] as Result | undefined)?.['Body'] as Result | undefined
    const fault = soapBody?.['Fault'] as Result | undefined
    if (fault) return { kind: 'refused', code: -1, message: text(fault['faultstring']) }
    const result = (soapBody?.[`${operation}Response`] as Result | undefined)?.['return']
    if (!response.ok || typeof result !== 'object' || result === null) {
      return { kind: 'unanswered', problem: `http-${response.status}` }
    }
    return { kind: 'answered', result: result as Result }
  }

  /** The answer of a call whose success carries the fields `pick` reads. */
  async function ask<T extends object>(
    operation: string,
    fields: Fields,
    pick: (result: Result) => T | undefined,
  ): Promise<UetdsAnswer<T>> {
    const called = await call(operation, fields)
    if (called.kind !== 'answered') return called
    const code = Number(text(called.result['sonucKodu']))
    const message = text(called.result['sonucMesaji'])
    if (!Number.isInteger(code)) return { kind: 'unanswered', problem: 'bad-answer' }
    if (code !== 0) return { kind: 'refused', code, message }
    const picked = pick(called.result)
    if (!picked) return { kind: 'unanswered', problem: 'bad-answer' }
    return { kind: 'ok', message, ...picked }
  }

  const nothing = () => ({})

  return {
    addTrip: (trip) =>
      ask('seferEkle', { ariziSeferBilgileriInput: tripFields(trip) }, (result) => {
        const reference = text(result['uetdsSeferReferansNo'])
        return reference ? { reference } : undefined
      }),
    updateTrip: (reference, trip) =>
      ask(
        'seferGuncelle',
        { guncellenecekSeferReferansNo: reference, ariziSeferBilgileriInput: tripFields(trip) },
        nothing,
      ),
    cancelTrip: (reference, reason) =>
      ask('seferIptal', { uetdsSeferReferansNo: reference, iptalAciklama: reason }, nothing),
    addGroup: (reference, group) =>
      ask(
        'seferGrupEkle',
        { uetdsSeferReferansNo: reference, seferGrupBilgileriInput: groupFields(group) },
        (result) => {
          const groupReference = text(result['uetdsGrupRefNo'])
          return groupReference ? { groupReference } : undefined
        },
      ),
    updateGroup: (reference, groupReference, group) =>
      ask(
        'seferGrupGuncelle',
        {
          uetdsSeferReferansNo: reference,
          grupId: groupReference,
          seferGrupBilgileriInput: groupFields(group),
        },
        nothing,
      ),
    addCrew: (reference, crew) =>
      ask(
        'personelEkle',
        { uetdsSeferReferansNo: reference, seferPersonelBilgileriInput: crew.map(crewFields) },
        nothing,
      ),
    cancelCrew: (reference, identityNumber, reason) =>
      ask(
        'personelIptal',
        {
          iptalPersonelInput: {
            personelTCKimlikPasaportNo: identityNumber,
            iptalAciklama: reason,
            uetdsSeferReferansNo: reference,
          },
        },
        nothing,
      ),
    async addPassengers(reference, groupReference, passengers) {
      const called = await call('yolcuEkleCoklu', {
        uetdsSeferReferansNo: reference,
        yolcuBilgileri: passengers.map((passenger) => passengerFields(passenger, groupReference)),
      })
      if (called.kind !== 'answered') return called
      const code = Number(text(called.result['sonucKodu']))
      const message = text(called.result['sonucMesaji'])
      // Each row by its position in the list sent (1-based).
      const rows: PassengerRowAnswer[] = (
        (called.result['uetdsYolcuSonuc'] as Result[] | undefined) ?? []
      ).map((row) => {
        const ticket = text(row['uetdsBiletRefNo'])
        return {
          seat: passengers[Number(text(row['sira'])) - 1]?.seat ?? '',
          code: Number(text(row['sonucKodu'])),
          message: text(row['sonucMesaji']),
          ticket: ticket || null,
        }
      })
      if (!Number.isInteger(code)) return { kind: 'unanswered', problem: 'bad-answer' }
      if (code !== 0) return { kind: 'refused', code, message, rows }
      return { kind: 'ok', message, rows }
    },
    cancelPassenger: (reference, ticket, reason) =>
      ask(
        'yolcuIptalUetdsYolcuRefNoIle',
        { uetdsSeferReferansNo: reference, uetdsYolcuReferansNo: ticket, iptalAciklama: reason },
        nothing,
      ),
    tripDocument: (reference) =>
      ask('seferDetayCiktisiAl', { uetdsSeferReferansNo: reference }, (result) => {
        const pdf = Buffer.from(text(result['sonucPdf']), 'base64')
        return pdf.subarray(0, 4).toString('latin1') === '%PDF' ? { pdf } : undefined
      }),
  }
}
