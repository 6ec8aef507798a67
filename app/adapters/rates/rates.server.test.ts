import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { builtinSnapshot, ecbRatesProvider } from './rates.server'
import { parseEcbRates } from './ecb'

/** The ECB's daily file, trimmed to its shape. */
const ecbXml = (date: string, usd: string) => `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
  <gesmes:subject>Reference rates</gesmes:subject>
  <Cube>
    <Cube time='${date}'>
      <Cube currency='USD' rate='${usd}'/>
      <Cube currency='JPY' rate='179.04'/>
      <Cube currency='GBP' rate='0.8792'/>
      <Cube currency='TRY' rate='49.8120'/>
    </Cube>
  </Cube>
</gesmes:Envelope>`

let server: Server
let url = ''
let answer: { status: number; body: string } = { status: 200, body: ecbXml('2026-11-20', '1.1650') }
let requests = 0

beforeAll(async () => {
  server = createServer((_request, response) => {
    requests++
    response.writeHead(answer.status, { 'Content-Type': 'text/xml' }).end(answer.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/eurofxref-daily.xml`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('parseEcbRates', () => {
  it('reads the date and our three currencies', () => {
    expect(parseEcbRates(ecbXml('2026-11-20', '1.1650'))).toEqual({
      date: '2026-11-20',
      source: 'ecb',
      rates: { EUR: 1, USD: 1.165, GBP: 0.8792, TRY: 49.812 },
    })
  })
  it('refuses an answer without a date or a currency', () => {
    expect(() => parseEcbRates('<Cube/>')).toThrow(/date/)
    expect(() =>
      parseEcbRates(ecbXml('2026-11-20', '1.1').replace(/<Cube currency='TRY'[^>]*>/, '')),
    ).toThrow(/TRY/)
  })
})

describe('ecb rates provider', () => {
  it('fetches, caches, and keeps the last known rates when the ECB fails', async () => {
    let clock = 0
    const provider = ecbRatesProvider({ url, cacheMs: 1000, now: () => clock })
    answer = { status: 200, body: ecbXml('2026-11-20', '1.1650') }
    requests = 0
    await expect(provider.current()).resolves.toMatchObject({ date: '2026-11-20', source: 'ecb' })
    await provider.current()
    expect(requests).toBe(1)

    clock = 5000
    answer = { status: 503, body: 'down' }
    await expect(provider.current()).resolves.toMatchObject({
      date: '2026-11-20',
      rates: { USD: 1.165 },
    })
    expect(requests).toBe(2)

    clock = 10_000
    answer = { status: 200, body: ecbXml('2026-11-21', '1.1700') }
    await expect(provider.current()).resolves.toMatchObject({
      date: '2026-11-21',
      rates: { USD: 1.17 },
    })
  })

  it('answers with the builtin file before its first success', async () => {
    answer = { status: 200, body: 'not xml at all' }
    const provider = ecbRatesProvider({ url })
    await expect(provider.current()).resolves.toEqual(builtinSnapshot)
  })
})
