import { describe, expect, it } from 'vitest'
import { parseEnv } from '~/config/env.server'
import { siteSettingsFrom } from '~/config/site.server'
import { listServices } from '~/content/services.server'
import { aboutContent, listPricingPlans, listTestimonials } from '~/content/pages.server'
import { listTeam } from '~/content/team.server'
import { findBlogPost, listBlogCards } from '~/content/blog.server'
import type { Block } from '~/content/schemas'
import { quoteTrip } from '~/booking/trip-quote.server'
import { places, priceEntry } from '~/domain/places/gazetteer'
import { fold } from '~/domain/places/fold'
import en from '~/locales/en.json'
import tr from '~/locales/tr.json'

/**
 * What the texts may promise, read through the loaders the pages use (both
 * languages, settings filled in). Online, the site sells one-way transfers, priced
 * instantly, to every served place including the far cities; hire by the hour
 * from a pickup in Istanbul; and a return booked together with the outward ride
 * ('Add a return' on the route search). No text may send the traveller to the
 * phone or WhatsApp to book either, and a page that sells one links to its form.
 * Testimonials are left out of the hourly and return rules, and the plans'
 * included hours out of the hourly rules, for the reasons given at
 * `customersOwnWords` and `plansIncludedHours`.
 */

const site = siteSettingsFrom(parseEnv({}))
const languages = ['en', 'tr'] as const

/** One thing a page shows: prose says how things work; labels (titles, features) only name them. */
interface Item {
  where: string
  prose: string[]
  labels: string[]
  /** The sentences the hourly rules leave alone, if any (see the two reasons below). */
  hourlyExempt?: (sentence: string) => boolean
  /** The sentences the return-trip rules leave alone, if any (customers' own words). */
  returnExempt?: (sentence: string) => boolean
}

/**
 * Testimonials are customers' own words about rides they took ("I simply call
 * the office to book the same car for the whole day", "Booking both directions
 * in advance by phone meant no stress at all"). Rewriting them to say they
 * booked online would put words in their mouths, and they direct no one: the
 * pages around them say how to book. So the hourly and the return-trip rules
 * leave them alone; every other rule still reads them.
 */
function customersOwnWords(): boolean {
  return true
}

/** A plan's sentence about the chauffeur hours included in it. */
const planHours = / (hours )?included in your plan | included hours | plan(a|iniza) dahil /

/**
 * The monthly plans' included hours are drawn from the company's contract, not
 * bought on the site, so they are booked by phone or WhatsApp, and a plan may
 * say so. Only the sentence about those included hours is left alone: any other
 * sentence of a plan that sends hire by the hour to the phone is still an offender.
 */
function plansIncludedHours(sentence: string): boolean {
  return planHours.test(folded(sentence))
}

function blockTexts(blocks: Block[]) {
  const prose: string[] = []
  const labels: string[] = []
  for (const block of blocks) {
    if (block.type === 'list') prose.push(...block.items)
    else if (block.type === 'image') labels.push(block.alt)
    else if (block.type === 'heading') labels.push(block.text)
    else prose.push(block.text)
  }
  return { prose, labels }
}

function localeStrings(value: unknown, path: string): Item[] {
  if (typeof value === 'string') return [{ where: path, prose: [value], labels: [] }]
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, inner]) => localeStrings(inner, `${path}.${key}`))
  return []
}

function contentItems(language: (typeof languages)[number]): Item[] {
  const items: Item[] = []
  for (const service of listServices(language, site)) {
    items.push({
      where: `services.json ${service.slug} (${language})`,
      prose: [service.summary, ...service.paragraphs, ...service.sections.map((s) => s.text)],
      labels: [service.title, ...service.features, ...service.sections.map((s) => s.title)],
    })
  }
  for (const card of listBlogCards(language, site)) {
    const post = findBlogPost(card.id, language, site)!
    const { prose, labels } = blockTexts(post.sections)
    items.push({
      where: `blog/${post.id}.json (${language})`,
      prose,
      labels: [post.title, post.metaDescription, ...labels],
    })
  }
  for (const plan of listPricingPlans(language, site)) {
    items.push({
      where: `pricing-plans.json ${plan.id} (${language})`,
      prose: [plan.description],
      labels: [plan.title, ...plan.features],
      hourlyExempt: plansIncludedHours,
    })
  }
  for (const testimonial of listTestimonials(language, site)) {
    items.push({
      where: `testimonials.json ${testimonial.id} (${language})`,
      prose: [testimonial.content],
      labels: [testimonial.role],
      hourlyExempt: customersOwnWords,
      returnExempt: customersOwnWords,
    })
  }
  for (const member of listTeam(language, site)) {
    const entries = [...member.experiences, ...member.education, ...member.awards]
    items.push({
      where: `team.json ${member.id} (${language})`,
      prose: [...member.biography, ...entries.map((entry) => entry.text)],
      labels: [member.role, ...entries.map((entry) => entry.title)],
    })
  }
  const about = aboutContent(language, site)
  items.push({
    where: `about.json (${language})`,
    prose: [
      about.lead,
      ...about.story,
      ...about.values.map((v) => v.text),
      ...about.partners.map((p) => p.text),
    ],
    labels: [about.heading, ...about.values.map((v) => v.title)],
  })
  return items
}

const allItems: Item[] = [
  ...languages.flatMap(contentItems),
  ...localeStrings(en, 'en.json'),
  ...localeStrings(tr, 'tr.json'),
]

/** Folded (plain Latin, lower case, single spaces) and padded, so patterns match whole words. */
const folded = (text: string) => ` ${fold(text)} `

/** The far cities: served cities without a base distance in the price table. */
const farCities = places.filter((place) => {
  const entry = priceEntry(place.id)
  return (
    place.kind === 'city' && entry?.distance_from_iga_km === 0 && entry.distance_from_saw_km === 0
  )
})
const farCityWords = new RegExp(
  ` (${farCities.map((city) => fold(city.name.en)).join('|')}|far cit(y|ies)|uzak sehir\\w*) `,
)
const onRequest =
  / (on|upon) request | individual(ly)? quot| quote (each|them|it) individually| talep uzerine | istek uzerine | ozel (bir )?teklif| ayrica fiyat/

const hourlyHire = new RegExp(
  [
    ' hourly ',
    ' by the hour ',
    ' per hour ',
    ' number of hours ',
    ' hours of chauffeur',
    ' chauffeur hours ',
    ' (whole|full|entire) day ',
    ' all day ',
    ' at your disposal ',
    ' day with a chauffeur',
    ' with the driver waiting',
    ' how many hours ',
    ' saatlik (sofor|hizmet|kiralama)',
    ' saatlik ucret(i|le|ler)? ',
    ' kac saat',
    ' saat basina ',
    ' saat sayisi',
    ' (butun|tum) gun ',
    ' gun boyu ',
    ' emrinizde ',
    ' (bir )?gunluk soforlu',
    ' soforun(uz)? sizi (\\w+ (da|de|ta|te) )?(bekledigi|beklerken) (\\w+ (da|de|ta|te) )?(gunubirlik|bir gun)',
  ].join('|'),
)
const returnTrip = new RegExp(
  [
    ' return (trip|journey|ride|leg|transfer|booking|pickup)s? ',
    ' (book|booking|booked) (the |your )?return',
    ' return on a later date',
    ' same day return',
    ' (in|book|booking|booked) both (directions|legs|ways) ',
    ' both legs ',
    ' bring you back ',
    ' collect you (again|on your return)',
    ' round trip (ride|transfer|booking)',
    ' add(ing)? a return ',
    ' gidis donus (transfer|yolculu|rezervasyon|ayirt)',
    ' gidis ve donusu ',
    ' donus(u|unu|unuz|unuzu)? (transfer|yolculu|alis|rezervasyon|ileri|ayni|ayirt|planla)',
    ' donusunuzu ',
    ' ileri bir tarihte donus',
    ' ayni gun donus',
    ' iki yonu',
    ' cift yonlu',
    ' iki yonde',
    ' yeniden aliriz',
    ' geri getir',
    ' donuste (karsila|al)',
    ' donus ekle',
  ].join('|'),
)
/** Sending the traveller to the office: the phone or WhatsApp. */
const phoneOrWhatsApp =
  / call us | calling us | call the office | by phone | whatsapp | arayin | arayarak | arayabilirsiniz | telefonla | telefondan /
function saysHowToBook(text: string): boolean {
  return (
    phoneOrWhatsApp.test(folded(text)) ||
    text.includes(site.phone) ||
    text.includes('{{phone}}') ||
    text.includes('{phone}')
  )
}
/** A text's sentences, each on its own: one may send a question to the phone beside another that sells a return online. */
const sentences = (text: string) => text.split(/(?<=[.!?])\s+/)

const noExemption = () => false

/** Whether a text speaks of a return trip, outside the sentences left alone. */
const speaksOfReturn = (text: string, exempt: (sentence: string) => boolean = noExemption) =>
  sentences(text).some((sentence) => !exempt(sentence) && returnTrip.test(folded(sentence)))

/**
 * A sentence that speaks of a return trip and sends the traveller to the phone
 * or WhatsApp, as if the return could not be booked online. The phone may still
 * be offered for other things (a change of date, a question), in a sentence of
 * its own that does not name the return.
 */
const sendsReturnToPhone = (text: string, exempt: (sentence: string) => boolean = noExemption) =>
  sentences(text).some(
    (sentence) => !exempt(sentence) && returnTrip.test(folded(sentence)) && saysHowToBook(sentence),
  )

/** Where a return is booked online: the vehicle step's route search with 'Add a return' ticked. */
const returnBookingPath = '/booking-vehicle?return=1'

/** Whether a text speaks of hire by the hour, outside the sentences left alone. */
const sellsHourly = (text: string, exempt: (sentence: string) => boolean = noExemption) =>
  sentences(text).some((sentence) => !exempt(sentence) && hourlyHire.test(folded(sentence)))

/**
 * A sentence that speaks of hire by the hour and sends the traveller to the
 * phone or WhatsApp for it, as if it could not be booked online.
 */
const sendsHourlyToPhone = (text: string, exempt: (sentence: string) => boolean = noExemption) =>
  sentences(text).some(
    (sentence) => !exempt(sentence) && hourlyHire.test(folded(sentence)) && saysHowToBook(sentence),
  )

/** Where hire by the hour is booked online: the vehicle step with its 'By the hour' form. */
const hourlyBookingPath = '/booking-vehicle?mode=hourly'

describe('texts promise only what can be booked', () => {
  it('knows the far cities from the price table, and the booking flow prices them instantly', async () => {
    expect(farCities.map((city) => city.city).sort()).toEqual([
      'antalya',
      'aydin',
      'izmir',
      'mugla',
    ])
    const now = new Date('2026-06-01T09:00:00+03:00')
    for (const city of farCities) {
      const result = await quoteTrip(
        { date: '2026-06-03', time: '10:00', pickup: 'Beşiktaş', destination: city.name.tr },
        now,
      )
      expect(result.kind, city.name.en).toBe('priced')
      if (result.kind !== 'priced') continue
      for (const quote of result.classes) expect(quote.cents, city.name.en).toBeGreaterThan(0)
    }
  })

  it('reads every content item in both languages and every interface string', () => {
    const where = allItems.map((item) => item.where)
    expect(where.filter((w) => w.startsWith('services.json')).length).toBeGreaterThanOrEqual(20)
    expect(where.filter((w) => w.startsWith('blog/')).length).toBeGreaterThanOrEqual(16)
    expect(where.filter((w) => w.startsWith('testimonials.json')).length).toBeGreaterThanOrEqual(12)
    expect(where.filter((w) => w.startsWith('team.json')).length).toBe(16)
    expect(where.filter((w) => w.startsWith('en.json')).length).toBeGreaterThan(300)
  })

  it('never calls the far cities "on request": they are sold instantly like every other route', () => {
    const offenders = allItems.flatMap((item) =>
      [...item.prose, ...item.labels]
        .filter((text) => farCityWords.test(folded(text)) && onRequest.test(folded(text)))
        .map((text) => `${item.where}: ${text}`),
    )
    expect(offenders).toEqual([])
  })

  it('sends no one to the phone for a return trip: it is booked online with the outward ride', () => {
    const offenders = allItems.flatMap((item) =>
      [...item.prose, ...item.labels]
        .filter((text) => sendsReturnToPhone(text, item.returnExempt))
        .map((text) => `${item.where}: ${text}`),
    )
    expect(offenders).toEqual([])
  })

  it('links to the return booking from every content page that describes or names return trips', () => {
    const offenders = allItems
      .filter((item) => !item.where.startsWith('en.json') && !item.where.startsWith('tr.json'))
      .filter((item) =>
        [...item.prose, ...item.labels].some((text) => speaksOfReturn(text, item.returnExempt)),
      )
      .filter((item) => !item.prose.some((text) => text.includes(returnBookingPath)))
      .map((item) => item.where)
    expect(offenders).toEqual([])
  })

  it('sends no one to the phone for hire by the hour: it is booked online', () => {
    const offenders = allItems.flatMap((item) =>
      [...item.prose, ...item.labels]
        .filter((text) => sendsHourlyToPhone(text, item.hourlyExempt))
        .map((text) => `${item.where}: ${text}`),
    )
    expect(offenders).toEqual([])
  })

  it('links to the hourly booking from every content page that sells hire by the hour', () => {
    const offenders = allItems
      .filter((item) => !item.where.startsWith('en.json') && !item.where.startsWith('tr.json'))
      .filter((item) => item.prose.some((text) => sellsHourly(text, item.hourlyExempt)))
      .filter((item) => !item.prose.some((text) => text.includes(hourlyBookingPath)))
      .map((item) => item.where)
    expect(offenders).toEqual([])
  })

  it('leaves only testimonials out of the return-trip rules', () => {
    const exempt = allItems.filter((item) => item.returnExempt)
    expect(exempt.length).toBeGreaterThan(0)
    for (const item of exempt) {
      expect(item.where).toMatch(/^testimonials\.json /)
      expect(item.returnExempt).toBe(customersOwnWords)
    }
  })

  it("leaves only testimonials and the plans' included hours out of the hourly rules", () => {
    const exempt = allItems.filter((item) => item.hourlyExempt)
    expect(exempt.length).toBeGreaterThan(0)
    for (const item of exempt) {
      expect(item.where).toMatch(/^(testimonials|pricing-plans)\.json /)
      expect(item.hourlyExempt).toBe(
        item.where.startsWith('testimonials') ? customersOwnWords : plansIncludedHours,
      )
    }
  })

  it('sends no one to the phone for a second seat: the extras step sells them by quantity', () => {
    // The extras step counts child and booster seats (together up to one fewer
    // than the vehicle's seats), so no text may still say more than one of a
    // kind has to be arranged by phone.
    const onePerKind =
      / more than one of a kind| one child seat and one booster seat at most| ayni koltuktan birden fazla| her birinden birer tane/
    const offenders = allItems.flatMap((item) =>
      [...item.prose, ...item.labels]
        .filter((text) => onePerKind.test(folded(text)))
        .map((text) => `${item.where}: ${text}`),
    )
    expect(offenders).toEqual([])
  })

  it('recognises the promises it guards against, in both languages', () => {
    expect(farCityWords.test(folded('Longer journeys to Antalya, İzmir are available'))).toBe(true)
    expect(
      onRequest.test(folded('available on request, and we quote each of them individually')),
    ).toBe(true)
    expect(onRequest.test(folded("Muğla'ya yolculuklar talep üzerine yapılır"))).toBe(true)
    expect(speaksOfReturn('Book both legs together and your return pickup is confirmed')).toBe(true)
    expect(speaksOfReturn('Aileler genellikle gidiş-dönüş rezervasyon yapar')).toBe(true)
    expect(speaksOfReturn('Tick Add a return on the search and choose its date')).toBe(true)
    expect(speaksOfReturn("Arama formunda Dönüş ekle'yi işaretleyin")).toBe(true)
    expect(speaksOfReturn('İki yönü birlikte çevrim içi ayırtın')).toBe(true)
    expect(
      sendsReturnToPhone('To book both legs together, call us or write to us on WhatsApp.'),
    ).toBe(true)
    expect(
      sendsReturnToPhone("İki yönü birlikte ayırtmak için bizi arayın veya WhatsApp'tan yazın."),
    ).toBe(true)
    expect(
      sendsReturnToPhone('[Dönüş yolculuğunuz](/booking-vehicle?return=1) için bizi arayın.'),
    ).toBe(true)
    expect(sendsReturnToPhone(`For a return trip, call us at ${site.phone}.`)).toBe(true)
    expect(
      sendsReturnToPhone(
        '[Tick Add a return](/booking-vehicle?return=1) to book the ride back. For any question, call us.',
      ),
    ).toBe(false)
    expect(
      sendsReturnToPhone('Book the return online. For a driver kept at the memorials, call us.'),
    ).toBe(false)
    const ownWords = 'Booking both directions in advance by phone meant no stress at all.'
    expect(sendsReturnToPhone(ownWords)).toBe(true)
    expect(sendsReturnToPhone(ownWords, customersOwnWords)).toBe(false)
    expect(speaksOfReturn(ownWords, customersOwnWords)).toBe(false)
    expect(hourlyHire.test(folded('Saatlik şoför hizmetimizle araç gün boyu bekler'))).toBe(true)
    expect(hourlyHire.test(folded('Enter the number of hours you need a driver'))).toBe(true)
    expect(hourlyHire.test(folded('Şoföre kaç saat ihtiyacınız olduğunu girin'))).toBe(true)
    expect(hourlyHire.test(folded('Allow two hours for the cable car, up and down'))).toBe(false)
    expect(hourlyHire.test(folded('Bir saatlik ücretsiz bekleme'))).toBe(false)
    expect(sendsHourlyToPhone('For a driver by the hour, call us.')).toBe(true)
    expect(
      sendsHourlyToPhone('Book a driver by the hour online. For a return trip, call us.'),
    ).toBe(false)
    expect(
      sendsHourlyToPhone('[Saatlik kiralama](/booking-vehicle?mode=hourly) için arayın.'),
    ).toBe(true)
    expect(hourlyHire.test(folded('A day trip with the driver waiting for you in Bursa'))).toBe(
      true,
    )
    expect(hourlyHire.test(folded("Şoförün sizi Bursa'da beklediği günübirlik bir gezi"))).toBe(
      true,
    )
    expect(hourlyHire.test(folded("Şoförünüz sizi beklerken Abant'ta bir gün geçirin"))).toBe(true)
    expect(hourlyHire.test(folded('Your driver waits for you in the arrivals hall'))).toBe(false)
    expect(hourlyHire.test(folded('Şoförünüz geliş salonunda sizi bekler'))).toBe(false)
    expect(sellsHourly('Plans change. Book a driver by the hour online.')).toBe(true)
    const planText =
      'The chauffeur hours included in your plan are drawn from your contract and booked by phone or WhatsApp.'
    expect(sellsHourly(planText)).toBe(true)
    expect(sellsHourly(planText, plansIncludedHours)).toBe(false)
    expect(sendsHourlyToPhone(planText)).toBe(true)
    expect(sendsHourlyToPhone(planText, plansIncludedHours)).toBe(false)
    expect(
      sendsHourlyToPhone(
        'Plana dâhil saatlik şoför hizmeti sözleşmenizden düşülür; bu saatleri telefonla ayırtırsınız.',
        plansIncludedHours,
      ),
    ).toBe(false)
    expect(
      sendsHourlyToPhone(
        `${planText} For any other driver by the hour, call us.`,
        plansIncludedHours,
      ),
    ).toBe(true)
    expect(
      sendsHourlyToPhone('I simply call the office to book the same car for the whole day.'),
    ).toBe(true)
    expect(
      sendsHourlyToPhone(
        'I simply call the office to book the same car for the whole day.',
        customersOwnWords,
      ),
    ).toBe(false)
    expect(speaksOfReturn('Gidiş ve dönüş vapur saatlerini kontrol edin')).toBe(false)
    expect(saysHowToBook('Call us or write to us on WhatsApp')).toBe(true)
    expect(saysHowToBook("Bizi arayın ya da WhatsApp'tan yazın")).toBe(true)
    expect(saysHowToBook('Your driver is one phone call away')).toBe(false)
  })
})
