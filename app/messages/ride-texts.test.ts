import { describe, expect, it } from 'vitest'
import { translatorFor } from '~/i18n/fixed-translator.server'
import { supportedLanguages } from '~/i18n/config'
import { rideText, templateVariables, textKinds, type TextValues } from './ride-texts'
import { smsSize } from './sms-segments'

const long = (text: string, length: number) =>
  text.repeat(Math.ceil(length / text.length)).slice(0, length)

/** Every value as long as anything lets it be, with Turkish letters where people type them. */
const longest: TextValues = {
  brand: 'Marmara Chauffeur Turizm ve Taşımacılık',
  reference: 'MC-7K4Q9P',
  date: 'Per 31 Ara',
  time: '23:45',
  pickup: long('Çırağan Sarayı Kempinski, Beşiktaş İstanbul ', 200),
  destination: long('Sabiha Gökçen Havalimanı (SAW) ', 200),
  link: 'https://www.marmarachauffeur.com/r/7K4Q9P.AbCdEfGh',
  driver: long('Şükrü Gümüşoğlu ', 100),
  car: 'Mercedes-Benz V-Class Extra Long Avantgarde, siyah',
  plate: '34 ABC 1234',
  phone: '+90 532 555 01 00',
  meetingPoint: long(
    'Gelen yolcu çıkışı, 8 numaralı kapı, isminizin yazılı olduğu tabela ile ',
    300,
  ),
  amount: '€1,234.56',
  code: '4821',
  flight: 'THY1984A',
  departure: '23:55',
  until: '23:59',
  message: long(
    'Şoförünüz trafik nedeniyle on dakika gecikecek, anlayışınız için teşekkürler. ',
    500,
  ),
}

const everyday: TextValues = {
  brand: 'Marmara Chauffeur',
  reference: 'MC-7K4Q9P',
  date: '3 Dec',
  time: '10:30',
  pickup: 'Taksim',
  destination: 'Istanbul Airport (IST)',
  link: 'https://marmarachauffeur.com/r/7K4Q9P.AbCdEfGh',
  driver: 'Ali Veli',
  car: 'Mercedes V-Class, black',
  plate: '34 ABC 123',
  phone: '+90 532 555 01 09',
  meetingPoint: 'Arrivals exit, gate 8',
  amount: '€45.00',
  code: '0457',
  flight: 'TK1984',
  departure: '13:05',
  until: '10:45',
  message: 'Your driver is 10 minutes late.',
}

describe('the texts sent by SMS and WhatsApp', () => {
  it.each(supportedLanguages)(
    'fit two SMS parts in %s for every kind, even with the longest values',
    (language) => {
      const t = translatorFor(language)
      const reference = t('texts.returnRide', { reference: 'MC-7K4Q9P' })
      for (const kind of textKinds) {
        const { text } = rideText(t, language, kind, { ...longest, reference })
        const size = smsSize(text)
        expect(size.segments, `${kind}: ${text}`).toBeLessThanOrEqual(2)
        // What must reach the reader is never cut.
        expect(text).toContain(reference)
        for (const name of templateVariables[kind]) {
          if (
            [
              'reference',
              'link',
              'plate',
              'phone',
              'amount',
              'date',
              'time',
              'code',
              'flight',
              'departure',
              'until',
            ].includes(name)
          ) {
            expect(text, `${kind} keeps ${name}`).toContain(longest[name]!)
          }
        }
        expect(text).not.toMatch(/\{\{|\}\}/)
      }
    },
  )

  it('counts Turkish texts as UCS-2 and plain English ones as GSM-7', () => {
    const english = rideText(translatorFor('en'), 'en', 'confirmed', everyday)
    const turkish = rideText(translatorFor('tr'), 'tr', 'confirmed', everyday)
    expect(smsSize(english.text)).toMatchObject({ encoding: 'GSM-7', segments: 1 })
    expect(smsSize(turkish.text)).toMatchObject({ encoding: 'UCS-2' })
    expect(smsSize(turkish.text).segments).toBeLessThanOrEqual(2)
  })

  it('cuts nothing when the values fit, and names the template by kind and language', () => {
    const text = rideText(translatorFor('en'), 'en', 'driverAssigned', everyday)
    expect(text.text).toBe(
      'Marmara Chauffeur MC-7K4Q9P: your driver is Ali Veli, Mercedes V-Class, black, plate 34 ABC 123, tel +90 532 555 01 09. Pickup code: 0457',
    )
    expect(text.template).toEqual({
      name: 'driverAssigned.en',
      variables: [
        'MC-7K4Q9P',
        'Ali Veli',
        'Mercedes V-Class, black',
        '34 ABC 123',
        '+90 532 555 01 09',
        '0457',
      ],
    })
  })

  it('cuts the longest typed value with three dots, and the template gets the cut value too', () => {
    const text = rideText(translatorFor('tr'), 'tr', 'arrived', longest)
    expect(text.text).toContain('...')
    expect(text.text).not.toContain('…')
    const [, , meetingPoint] = text.template.variables
    expect(meetingPoint!.endsWith('...')).toBe(true)
    expect(meetingPoint!.length).toBeLessThan(longest.meetingPoint!.length)
  })
})
