import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { XMLBuilder, XMLParser } from 'fast-xml-parser'
import * as turkey from 'stdnum/lib/cjs/tr/index.js'

/**
 * Test support: a local server that speaks the Ministry's U-ETDS SOAP service
 * for unscheduled passenger transport, so the real adapter is exercised
 * without the network or an account. Like the service (its WSDL and the
 * integration guide) it:
 *
 * - takes SOAP 1.1 envelopes whose body holds the operation in the service's
 *   namespace and unqualified fields, and answers `<op>Response/return` with
 *   `sonucKodu` (0: done) and `sonucMesaji`;
 * - asks HTTP Basic (401 without it) and the body's `wsuser`;
 * - gives 14-digit trip references, group and ticket references;
 * - refuses a plate the company's licence does not list, a missing field, a
 *   T.C. number whose check digits are wrong, an unknown or cancelled trip;
 * - answers a list of passengers row by row, 88 when only some were taken;
 * - prints the trip document as a PDF, base64 in the XML.
 *
 * The refusal codes and messages are the stand-in's own: the Ministry
 * publishes no list. It can also answer the next calls with a scripted HTTP
 * error, or hold them past the client's timeout. For a test in another
 * process: `GET /__fake/trips`, `GET /__fake/calls`, `POST /__fake/script`.
 */

export interface FakeUetdsTrip {
  reference: string
  fields: Record<string, string>
  cancelled: boolean
  cancelReason: string | null
  groups: Record<string, Record<string, string>>
  crew: { document: string; fields: Record<string, string>; cancelled: boolean }[]
  passengers: {
    ticket: string
    document: string
    fields: Record<string, string>
    cancelled: boolean
  }[]
}

export interface FakeUetdsCall {
  operation: string
  /** The trip reference the call named, when it named one. */
  reference: string | null
  code: number | null
  at: string
}

type Scripted = { status: number } | { holdMs: number }

export interface FakeUetds {
  url: string
  username: string
  password: string
  trips: Map<string, FakeUetdsTrip>
  calls: FakeUetdsCall[]
  /** Plates the licence lists; a trip with another is refused. */
  plates: Set<string>
  /** Documents the service refuses in a passenger list (a row refused, the others taken). */
  refusedDocuments: Set<string>
  script(answer: Scripted, times?: number): void
  close(): Promise<void>
}

const parser = new XMLParser({
  removeNSPrefix: true,
  parseTagValue: false,
  isArray: (name) => name === 'yolcuBilgileri' || name === 'seferPersonelBilgileriInput',
})
const builder = new XMLBuilder({ format: false })

type Node = Record<string, unknown>
const text = (value: unknown) => (typeof value === 'string' ? value : '')
const fieldsOf = (node: unknown): Record<string, string> =>
  Object.fromEntries(
    Object.entries((node as Node | undefined) ?? {}).map(([key, value]) => [key, text(value)]),
  )

/** The trip a call names; the cancel of personnel names it inside its input. */
const tripReferenceOf = (input: Node) =>
  text(input['uetdsSeferReferansNo']) ||
  text(input['guncellenecekSeferReferansNo']) ||
  text((input['iptalPersonelInput'] as Node | undefined)?.['uetdsSeferReferansNo'])

/** A one-page PDF naming the trip: what the service's printable document stands for. */
export function tripPdf(reference: string, plate: string): Buffer {
  const content = `BT /F1 12 Tf 72 720 Td (U-ETDS sefer ${reference} - ${plate}) Tj ET`
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let pdf = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, index) => {
    offsets.push(pdf.length)
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = pdf.length
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(pdf, 'latin1')
}

const refusal = {
  login: [1, 'KULLANICI ADI YADA SIFRE HATALI'],
  plate: [2, 'ARAÇ PLAKASI FİRMANIN YETKİ BELGESİNDE KAYITLI DEĞİL'],
  missing: [4, 'ZORUNLU ALAN EKSİK'],
  identity: [5, 'TC KİMLİK NUMARASI GEÇERSİZ'],
  noTrip: [6, 'SEFER BULUNAMADI'],
  cancelled: [7, 'SEFER İPTAL EDİLMİŞ'],
  noGroup: [8, 'GRUP BULUNAMADI'],
  noPerson: [9, 'KAYIT BULUNAMADI'],
  document: [10, 'YOLCU BELGE NUMARASI DOĞRULANAMADI'],
} as const satisfies Record<string, readonly [number, string]>

export async function startFakeUetds(
  options: { username?: string; password?: string; port?: number; plates?: string[] } = {},
): Promise<FakeUetds> {
  const username = options.username ?? '999999'
  const password = options.password ?? '999999testtest'
  const trips = new Map<string, FakeUetdsTrip>()
  const calls: FakeUetdsCall[] = []
  const plates = new Set(options.plates ?? [])
  const refusedDocuments = new Set<string>()
  const scripted: Scripted[] = []
  let sequence = 0
  const nextNumber = (digits: number) =>
    String(Date.now() % 10 ** (digits - 4)).padStart(digits - 4, '0') +
    String(++sequence % 10_000).padStart(4, '0')

  const documentProblem = (nationality: string, document: string) => {
    if (!document) return refusal.missing
    if (nationality === 'TR' && !turkey.tckimlik.validate(document).isValid) return refusal.identity
    return undefined
  }

  /** The operation's answer: its `return` fields; `code` 0 unless a refusal says otherwise. */
  function perform(operation: string, input: Node): Node {
    const user = input['wsuser'] as Node | undefined
    if (text(user?.['kullaniciAdi']) !== username || text(user?.['sifre']) !== password) {
      return fail(refusal.login)
    }
    if (operation === 'seferEkle') {
      const fields = fieldsOf(input['ariziSeferBilgileriInput'])
      for (const name of [
        'aracPlaka',
        'hareketTarihi',
        'hareketSaati',
        'seferBitisTarihi',
        'seferBitisSaati',
      ]) {
        if (!fields[name]) return fail(refusal.missing, name)
      }
      if (!plates.has(fields['aracPlaka']!)) return fail(refusal.plate)
      const reference = nextNumber(14)
      trips.set(reference, {
        reference,
        fields,
        cancelled: false,
        cancelReason: null,
        groups: {},
        crew: [],
        passengers: [],
      })
      return {
        sonucKodu: 0,
        sonucMesaji:
          'Sefer Başarılı şekilde eklenmiştir.Sefer Personel ve Yolcu Ekleme işlemlerini yapabilirsiniz.',
        uetdsSeferReferansNo: reference,
      }
    }
    // Every other call names a trip.
    const reference = tripReferenceOf(input)
    const trip = trips.get(reference)
    if (!trip) return fail(refusal.noTrip)
    if (trip.cancelled) return fail(refusal.cancelled)
    switch (operation) {
      case 'seferGuncelle': {
        const fields = fieldsOf(input['ariziSeferBilgileriInput'])
        if (!plates.has(fields['aracPlaka'] ?? '')) return fail(refusal.plate)
        trip.fields = fields
        return done({ uetdsSeferReferansNo: reference })
      }
      case 'seferIptal':
        if (!text(input['iptalAciklama'])) return fail(refusal.missing, 'iptalAciklama')
        trip.cancelled = true
        trip.cancelReason = text(input['iptalAciklama'])
        return done()
      case 'seferGrupEkle': {
        const fields = fieldsOf(input['seferGrupBilgileriInput'])
        for (const name of ['grupAdi', 'baslangicIl', 'baslangicIlce', 'bitisIl', 'bitisIlce']) {
          if (!fields[name]) return fail(refusal.missing, name)
        }
        const groupReference = nextNumber(6)
        trip.groups[groupReference] = fields
        return done({ uetdsGrupRefNo: groupReference })
      }
      case 'seferGrupGuncelle': {
        const groupReference = text(input['grupId'])
        if (!trip.groups[groupReference]) return fail(refusal.noGroup)
        trip.groups[groupReference] = fieldsOf(input['seferGrupBilgileriInput'])
        return done()
      }
      case 'personelEkle': {
        const members = (input['seferPersonelBilgileriInput'] as Node[] | undefined) ?? []
        if (members.length === 0) return fail(refusal.missing, 'seferPersonelBilgileriInput')
        for (const member of members.map(fieldsOf)) {
          const problem = documentProblem(
            member['uyrukUlke'] ?? '',
            member['tcKimlikPasaportNo'] ?? '',
          )
          if (problem) return fail(problem)
          if (!member['cinsiyet'] || !member['adi'] || !member['soyadi'])
            return fail(refusal.missing)
        }
        for (const member of members.map(fieldsOf)) {
          trip.crew.push({
            document: member['tcKimlikPasaportNo']!,
            fields: member,
            cancelled: false,
          })
        }
        return done()
      }
      case 'personelIptal': {
        const cancel = fieldsOf(input['iptalPersonelInput'])
        const member = trip.crew.find(
          (person) => !person.cancelled && person.document === cancel['personelTCKimlikPasaportNo'],
        )
        if (!member) return fail(refusal.noPerson)
        member.cancelled = true
        return done()
      }
      case 'yolcuEkleCoklu': {
        const rows = ((input['yolcuBilgileri'] as Node[] | undefined) ?? []).map(fieldsOf)
        if (rows.length === 0) return fail(refusal.missing, 'yolcuBilgileri')
        const answers = rows.map((row, index) => {
          const problem =
            (!trip.groups[row['grupId'] ?? ''] && refusal.noGroup) ||
            documentProblem(row['uyrukUlke'] ?? '', row['tcKimlikPasaportNo'] ?? '') ||
            (refusedDocuments.has(row['tcKimlikPasaportNo'] ?? '')
              ? refusal.document
              : undefined) ||
            (!row['adi'] || !row['soyadi'] ? refusal.missing : undefined)
          if (problem) return { sira: index + 1, sonucKodu: problem[0], sonucMesaji: problem[1] }
          const ticket = nextNumber(10)
          trip.passengers.push({
            ticket,
            document: row['tcKimlikPasaportNo']!,
            fields: row,
            cancelled: false,
          })
          return {
            sira: index + 1,
            sonucKodu: 0,
            sonucMesaji: 'İŞLEM BAŞARILI',
            uetdsBiletRefNo: ticket,
          }
        })
        const taken = answers.filter((answer) => answer.sonucKodu === 0).length
        const code = taken === answers.length ? 0 : taken === 0 ? answers[0]!.sonucKodu : 88
        return {
          sonucKodu: code,
          sonucMesaji: code === 0 ? 'İŞLEM BAŞARILI' : 'BAZI YOLCULAR EKLENEMEDİ',
          uetdsYolcuSonuc: answers,
        }
      }
      case 'yolcuIptalUetdsYolcuRefNoIle': {
        const passenger = trip.passengers.find(
          (row) => !row.cancelled && row.ticket === text(input['uetdsYolcuReferansNo']),
        )
        if (!passenger) return fail(refusal.noPerson)
        passenger.cancelled = true
        return done()
      }
      case 'seferDetayCiktisiAl':
        return done({
          sonucPdf: tripPdf(reference, trip.fields['aracPlaka'] ?? '').toString('base64'),
        })
      default:
        throw new Error(`unknown operation ${operation}`)
    }
  }

  function fail(problem: readonly [number, string], field?: string): Node {
    return { sonucKodu: problem[0], sonucMesaji: field ? `${problem[1]}: ${field}` : problem[1] }
  }
  function done(fields: Node = {}): Node {
    return { sonucKodu: 0, sonucMesaji: 'İŞLEM BAŞARILI', ...fields }
  }

  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString('utf8')
    const url = new URL(request.url ?? '/', 'http://fake.invalid')
    const json = (status: number, payload: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' })
      response.end(JSON.stringify(payload))
    }
    if (url.pathname === '/__fake/trips') return json(200, [...trips.values()])
    if (url.pathname === '/__fake/calls') return json(200, calls)
    if (url.pathname === '/__fake/plates' && request.method === 'POST') {
      for (const plate of JSON.parse(body) as string[]) plates.add(plate)
      return json(200, { plates: plates.size })
    }
    if (url.pathname === '/__fake/script' && request.method === 'POST') {
      const { times = 1, ...next } = JSON.parse(body) as Scripted & { times?: number }
      script(next, times)
      return json(200, { scripted: scripted.length })
    }

    const next = scripted.shift()
    if (next && 'holdMs' in next) {
      await new Promise((resolve) => setTimeout(resolve, next.holdMs))
      if (response.destroyed) return
    } else if (next) {
      response.writeHead(next.status, { 'content-type': 'text/html' })
      return response.end('<html><body>Service unavailable</body></html>')
    }
    const expected = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`
    if (request.headers.authorization !== expected) {
      response.writeHead(401, {
        'www-authenticate': 'Basic realm="kdgm"',
        'content-type': 'text/html',
      })
      return response.end('<html><body>401 Unauthorized</body></html>')
    }
    const soapBody = ((parser.parse(body) as Node)['Envelope'] as Node | undefined)?.['Body'] as
      Node | undefined
    const [operation, input] = Object.entries(soapBody ?? {})[0] ?? []
    if (!operation) {
      response.writeHead(500, { 'content-type': 'text/xml; charset=utf-8' })
      return response.end(
        '<S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body><S:Fault>' +
          '<faultcode>S:Client</faultcode><faultstring>Cannot find dispatch method</faultstring>' +
          '</S:Fault></S:Body></S:Envelope>',
      )
    }
    const result = perform(operation, (input as Node | undefined) ?? {})
    const node = (input as Node | undefined) ?? {}
    calls.push({
      operation,
      reference: tripReferenceOf(node) || text(result['uetdsSeferReferansNo']) || null,
      code: Number(result['sonucKodu']),
      at: new Date().toISOString(),
    })
    response.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' })
    response.end(
      '<S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body>' +
        `<ns2:${operation}Response xmlns:ns2="http://uetds.unetws.udhb.gov.tr/">` +
        (builder.build({ return: result }) as string) +
        `</ns2:${operation}Response></S:Body></S:Envelope>`,
    )
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/services/g2g/kdgm/test/uetdsarizi`

  function script(answer: Scripted, times = 1) {
    for (let index = 0; index < times; index++) scripted.push(answer)
  }

  return {
    url,
    username,
    password,
    trips,
    calls,
    plates,
    refusedDocuments,
    script,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
