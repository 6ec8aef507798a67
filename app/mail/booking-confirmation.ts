/**
 * The confirmation e-mail a traveller receives once a booking is paid:
 * subject, plain text and HTML carrying the same facts.
 * Pure: no I/O, the caller passes the booking's facts, the signed link and a
 * translation function fixed to the booking's language.
 */
import type { TFunction } from 'i18next'
import { intlLocale, type Language } from '~/i18n/config'
import { phoneHref } from '~/config/site'
import { formatDate, statementMoney } from '~/utils/format'
import { returnRideFacts, type ReturnRideFacts } from '~/booking/ride-label'
import { extrasLine } from '~/booking/extra-label'

export type ConfirmationPaymentOption = 'fullCard' | 'depositCash'

export interface BookingConfirmationInput {
  /** The booking's language: the same as the one `t` is fixed to. */
  language: Language
  /** Public reference, e.g. 'MC-7K4Q9P'. */
  reference: string
  brand: string
  /** Public base URL of the site, http(s). */
  siteUrl: string
  /** The signed link to the booking page, http(s). */
  link: string
  /** The signed links to the printable invoice and the driver's voucher, http(s). */
  invoiceLink: string
  voucherLink: string
  /** The find-my-booking page, for a traveller who no longer has this e-mail's link, http(s). */
  manageLink: string
  pickup: string
  destination: string
  /** Hire by the hour: the hours hired (then there is no destination to show). */
  hireHours?: number
  /** The booking's date as chosen (YYYY-MM-DD); '00:00' is the midnight at its end. */
  date: string
  /** 'HH:MM', Istanbul time. */
  time: string
  /** A trip there and back: the return ride, from the destination back (date as chosen). */
  returnRide?: ReturnRideFacts
  /** The exact address or hotel of a pickup in town. */
  pickupAddress?: string
  vehicleTitle: string
  /** Titles of the extras, already in the booking's language. */
  extras: string[]
  passengers: number
  luggage: number
  /** ISO 4217 code of the booking (EUR, USD, GBP, TRY: all with two minor digits). */
  currency: string
  totalMinor: number
  /** A promo code's discount, already taken off `totalMinor`. */
  promo?: { code: string | null; discountMinor: number }
  /** Charged by card (or, `onAccount`, to a partner company's account). */
  paidMinor: number
  onAccount?: boolean
  /** Due in cash to the driver; 0 with fullCard. */
  cashMinor: number
  paymentOption: ConfirmationPaymentOption
  /** The lead passenger's name, as typed. */
  travellerName: string
  /** The company's phone and e-mail. */
  phone: string
  email: string
  flightNumber?: string
  /** Whether a flight-status provider follows the flight: the e-mail promises it only then. */
  followsFlights?: boolean
  signName?: string
}

export interface ConfirmationMail {
  subject: string
  text: string
  html: string
}

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

function assertHttpUrl(value: string, what: string): string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new Error(`The ${what} is not a URL`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`The ${what} must be an http(s) URL`)
  }
  return value
}

const colors = {
  page: '#f2f3f5',
  card: '#ffffff',
  navy: '#0b1f3a',
  gold: '#c8a24a',
  text: '#1d2330',
  muted: '#525a6a',
  line: '#dfe2e8',
}
const font = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"

/** Builds the subject, text and HTML of the confirmation in the language of `t`. */
export function bookingConfirmationMail(
  input: BookingConfirmationInput,
  t: TFunction,
): ConfirmationMail {
  const link = assertHttpUrl(input.link, 'booking link')
  const manageLink = assertHttpUrl(input.manageLink, 'manage booking link')
  const siteUrl = assertHttpUrl(input.siteUrl, 'site URL')
  const { language } = input
  // Values are escaped here, for HTML only, whatever the i18next instance's setting.
  const tr = (key: string, values: Record<string, unknown> = {}): string =>
    String(t(key, { ...values, interpolation: { escapeValue: false } }))
  // The invoice and the voucher, each through its own signed link (it works in any browser).
  const documents: [string, string][] = [
    [tr('mail.invoiceLink'), assertHttpUrl(input.invoiceLink, 'invoice link')],
    [tr('mail.voucherLink'), assertHttpUrl(input.voucherLink, 'voucher link')],
  ]

  const money = statementMoney(
    [input.totalMinor, input.paidMinor, input.cashMinor, -(input.promo?.discountMinor ?? 0)],
    input.currency,
    language,
  )
  const date = formatDate(input.date, language)
  const isDeposit = input.paymentOption === 'depositCash' && input.cashMinor > 0
  const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim()

  const subject = oneLine(tr('mail.subject', { reference: input.reference, brand: input.brand }))

  const trip: [string, string][] = [
    [tr('mail.from'), input.pickup],
    ...(input.pickupAddress
      ? ([[tr('mail.pickupAddress'), input.pickupAddress]] as [string, string][])
      : []),
    input.hireHours
      ? [tr('mail.hire'), tr('search.hoursOption', { count: input.hireHours })]
      : [tr('mail.to'), input.destination],
    [tr('mail.date'), date],
    [tr('mail.time'), input.time],
    ...(input.returnRide ? returnRideFacts(tr, input.returnRide, language) : []),
    [tr('mail.vehicle'), input.vehicleTitle],
    [
      tr('mail.extras'),
      extrasLine(tr, input.extras, Boolean(input.returnRide)) ?? tr('mail.noExtras'),
    ],
    [
      tr('mail.passengers'),
      `${tr('mail.people', { count: input.passengers })}, ${tr('mail.bags', { count: input.luggage })}`,
    ],
  ]
  if (input.flightNumber) trip.push([tr('mail.flightNumber'), input.flightNumber])
  if (input.signName) trip.push([tr('mail.signName'), input.signName])
  const midnightNote = input.time === '00:00' ? tr('mail.midnight', { date }) : null

  const payment: [string, string][] = input.promo
    ? [
        [
          input.promo.code
            ? tr('mail.discount', { code: input.promo.code })
            : tr('partners.booking.netDiscount'),
          money(-input.promo.discountMinor),
        ],
      ]
    : []
  payment.push([tr('mail.total'), money(input.totalMinor)])
  const paidLabel = input.onAccount
    ? 'partners.booking.chargedToAccount'
    : isDeposit
      ? 'mail.paidDeposit'
      : 'mail.paidFull'
  payment.push([tr(paidLabel), money(input.paidMinor)])
  if (isDeposit) payment.push([tr('mail.dueCash'), money(input.cashMinor)])
  const paymentNote = isDeposit
    ? tr('mail.cashNote', { amount: money(input.cashMinor) })
    : tr('mail.nothingDue')

  const next = [tr('mail.nextDriver'), tr('mail.nextWaiting')]
  if (input.flightNumber) {
    next.push(
      tr(input.followsFlights ? 'mail.nextFlight' : 'mail.nextFlightPlain', {
        flight: input.flightNumber,
      }),
    )
  }
  next.push(
    tr('mail.nextContact', {
      phone: input.phone,
      email: input.email,
      reference: input.reference,
    }),
  )

  const contact: [string, string][] = [
    [tr('mail.phone'), input.phone],
    [tr('mail.email'), input.email],
    [tr('mail.website'), siteUrl],
  ]

  const heading = tr('mail.heading')
  const greeting = tr('mail.greeting', { name: input.travellerName })
  const intro = tr('mail.intro', { brand: input.brand })
  const footer = tr('mail.footer', { site: siteUrl })
  const signOff = [tr('mail.signOff'), tr('mail.team', { brand: input.brand })]

  // Plain text: the same facts, in the same order.
  const rows = (pairs: [string, string][]) => pairs.map(([label, value]) => `${label}: ${value}`)
  // Turkish upper case keeps its dotted İ ('çevrim içi' → 'ÇEVRİM İÇİ').
  const section = (title: string) => ['', title.toLocaleUpperCase(intlLocale[language]), '']
  const text = [
    heading,
    '',
    greeting,
    intro,
    '',
    `${tr('mail.reference')}: ${input.reference}`,
    ...section(tr('mail.tripTitle')),
    ...rows(trip),
    ...(midnightNote ? [midnightNote] : []),
    ...section(tr('mail.paymentTitle')),
    ...rows(payment),
    paymentNote,
    ...section(tr('mail.linkTitle')),
    tr('mail.linkText'),
    link,
    ...documents.flatMap(([label, url]) => ['', `${label}:`, url]),
    '',
    `${tr('mail.manageText')}:`,
    manageLink,
    ...section(tr('mail.nextTitle')),
    ...next.map((line) => `- ${line}`),
    ...section(tr('mail.contactTitle')),
    input.brand,
    ...rows(contact),
    '',
    ...signOff,
    '',
    '-- ',
    footer,
    '',
  ].join('\n')

  // HTML: tables for layout (role=presentation), th/td pairs for the facts.
  const e = escapeHtml
  const h2 = (title: string) =>
    `<h2 style="margin:28px 0 8px;font-size:18px;line-height:1.3;color:${colors.navy};">${e(title)}</h2>`
  const p = (content: string, style = '') =>
    `<p style="margin:0 0 12px;font-size:16px;line-height:1.5;${style}">${content}</p>`
  // A data table (row headers), introduced by the h2 just before it.
  const factTable = (pairs: [string, string][]) =>
    [
      `<table cellpadding="0" cellspacing="0" border="0" width="100%" style="border-collapse:collapse;">`,
      ...pairs.map(
        ([label, value]) =>
          `<tr><th scope="row" align="left" valign="top" style="padding:8px 12px 8px 0;border-bottom:1px solid ${colors.line};font-size:15px;font-weight:normal;color:${colors.muted};width:40%;">${e(label)}</th>` +
          `<td valign="top" style="padding:8px 0;border-bottom:1px solid ${colors.line};font-size:15px;font-weight:bold;color:${colors.text};">${e(value)}</td></tr>`,
      ),
      '</table>',
    ].join('\n')
  const linkStyle = `color:${colors.navy};text-decoration:underline;`
  const contactHtml = [
    `<strong>${e(input.brand)}</strong>`,
    `${e(tr('mail.phone'))}: <a href="${e(phoneHref(input.phone))}" style="${linkStyle}">${e(input.phone)}</a>`,
    `${e(tr('mail.email'))}: <a href="mailto:${e(input.email)}" style="${linkStyle}">${e(input.email)}</a>`,
    `${e(tr('mail.website'))}: <a href="${e(siteUrl)}" style="${linkStyle}">${e(siteUrl)}</a>`,
  ].join('<br>\n')

  const html = `<!DOCTYPE html>
<html lang="${e(language)}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${e(subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:${colors.page};font-family:${font};color:${colors.text};">
<table role="presentation" cellpadding="0" cellspacing="0" border="0" width="100%" style="background-color:${colors.page};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" cellpadding="0" cellspacing="0" border="0" width="600" style="width:100%;max-width:600px;background-color:${colors.card};border-radius:8px;">
<tr><td style="padding:20px 28px;background-color:${colors.navy};border-radius:8px 8px 0 0;border-bottom:4px solid ${colors.gold};">
<p style="margin:0;font-size:20px;font-weight:bold;letter-spacing:0.5px;color:#ffffff;">${e(input.brand)}</p>
</td></tr>
<tr><td style="padding:28px;">
<h1 style="margin:0 0 16px;font-size:24px;line-height:1.3;color:${colors.navy};">${e(heading)}</h1>
${p(e(greeting))}
${p(e(intro))}
${p(`${e(tr('mail.reference'))}: <strong style="font-size:18px;letter-spacing:1px;">${e(input.reference)}</strong>`)}
${h2(tr('mail.tripTitle'))}
${factTable(trip)}
${midnightNote ? p(e(midnightNote), `margin-top:8px;font-size:14px;color:${colors.muted};`) : ''}
${h2(tr('mail.paymentTitle'))}
${factTable(payment)}
${p(e(paymentNote), 'margin-top:12px;')}
${h2(tr('mail.linkTitle'))}
${p(e(tr('mail.linkText')))}
<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:4px 0 12px;">
<tr><td style="border-radius:6px;background-color:${colors.navy};">
<a href="${e(link)}" style="display:inline-block;padding:14px 24px;font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:6px;">${e(tr('mail.linkButton'))}</a>
</td></tr>
</table>
${p(`<a href="${e(link)}" style="${linkStyle}word-break:break-all;">${e(link)}</a>`, 'font-size:14px;')}
${documents.map(([label, url]) => p(`<a href="${e(url)}" style="${linkStyle}">${e(label)}</a>`)).join('\n')}
${p(`${e(tr('mail.manageText'))}: <a href="${e(manageLink)}" style="${linkStyle}">${e(manageLink)}</a>`)}
${h2(tr('mail.nextTitle'))}
<ul style="margin:0 0 12px;padding-left:20px;">
${next.map((line) => `<li style="margin:0 0 8px;font-size:16px;line-height:1.5;">${e(line)}</li>`).join('\n')}
</ul>
${h2(tr('mail.contactTitle'))}
${p(contactHtml)}
${p(signOff.map(e).join('<br>'), 'margin-top:24px;')}
</td></tr>
<tr><td style="padding:16px 28px;border-top:1px solid ${colors.line};">
${p(e(footer), `margin:0;font-size:13px;color:${colors.muted};`)}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`

  return { subject, text, html }
}
