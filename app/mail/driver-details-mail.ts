/**
 * The e-mails that tell a traveller who drives them: one when a driver and
 * vehicle are assigned (and again on each change), one when the assignment is
 * withdrawn (so the traveller does not look out for a car that is not
 * coming), and the reminder the day before. Pure: the caller passes the facts and a translator fixed to the
 * booking's language.
 */
import type { TFunction } from 'i18next'
import type { Language } from '~/i18n/config'
import { phoneHref } from '~/config/site'
import { formatDate } from '~/utils/format'
import { escapeHtml } from './booking-confirmation'
import { rideLine } from '~/booking/ride-label'

export type DriverDetailsKind = 'assignment' | 'withdrawn' | 'reminder'

export interface DriverDetailsInput {
  kind: DriverDetailsKind
  language: Language
  reference: string
  brand: string
  /** The signed link to the booking page, http(s). */
  link: string
  /** The find-my-booking page, http(s). */
  manageLink: string
  travellerName: string
  /** The calendar day the car arrives (YYYY-MM-DD) and the time, Istanbul. */
  date: string
  time: string
  pickup: string
  destination: string
  /** Hire by the hour: its hours (the route line then says where it starts and how long). */
  hireHours?: number
  /** Where and how the driver meets the traveller, already in the booking's language. */
  meetingPoint: string
  /** Null in a reminder for a booking no one drives yet, and when withdrawn. */
  driver: { name: string; phone: string } | null
  vehicle: { makeModel: string; colour: string | null; plate: string } | null
  /** The ride's pickup code, told with the driver it proves (null: none, or no driver). */
  pickupCode?: string | null
  /** The company's phone and e-mail. */
  phone: string
  email: string
}

export interface DriverDetailsMail {
  subject: string
  text: string
  html: string
}

export function driverDetailsMail(input: DriverDetailsInput, t: TFunction): DriverDetailsMail {
  for (const link of [input.link, input.manageLink]) {
    if (!/^https?:\/\//.test(link)) throw new Error('The booking links must be http(s) URLs')
  }
  const tr = (key: string, values: Record<string, unknown> = {}): string =>
    String(t(`dispatchMail.${key}`, { ...values, interpolation: { escapeValue: false } }))
  const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim()
  const date = formatDate(input.date, input.language)

  const subject = oneLine(
    input.kind === 'reminder'
      ? tr('reminderSubject', { reference: input.reference, time: input.time, brand: input.brand })
      : tr(`${input.kind}Subject`, { reference: input.reference, brand: input.brand }),
  )
  const intro =
    input.kind !== 'reminder'
      ? tr(`${input.kind}Intro`)
      : input.driver
        ? tr('reminderIntro', { time: input.time })
        : tr('reminderIntroNoDriver', { time: input.time })

  const facts: [string, string][] = [
    [tr('reference'), input.reference],
    [tr('when'), tr('whenValue', { date, time: input.time })],
    [
      tr('route'),
      rideLine(t, {
        from: input.pickup,
        to: input.destination,
        hire: input.hireHours ? { hours: input.hireHours } : null,
      }),
    ],
    [tr('meetingPoint'), input.meetingPoint],
  ]
  if (input.driver) {
    facts.push([tr('driver'), input.driver.name], [tr('driverPhone'), input.driver.phone])
  }
  if (input.vehicle) {
    const car = [input.vehicle.makeModel, input.vehicle.colour].filter(Boolean).join(', ')
    facts.push([tr('vehicle'), car], [tr('plate'), input.vehicle.plate])
  }
  // The code goes with a driver: it is what tells that driver from a stranger.
  const code = input.driver && input.pickupCode ? input.pickupCode : null
  if (code) facts.push([tr('pickupCode'), code])
  const codeNote = code ? tr('pickupCodeNote') : null
  const contact = tr('contact', { phone: input.phone, email: input.email })
  const greeting = tr('greeting', { name: input.travellerName })
  const signOff = tr('signOff', { brand: input.brand })

  const text = [
    greeting,
    '',
    intro,
    '',
    ...facts.map(([label, value]) => `${label}: ${value}`),
    '',
    ...(codeNote ? [codeNote, ''] : []),
    tr('linkText'),
    input.link,
    '',
    `${tr('manageText')}:`,
    input.manageLink,
    '',
    contact,
    '',
    signOff,
    '',
  ].join('\n')

  const e = escapeHtml
  const rows = facts
    .map(([label, value]) => {
      const shown =
        label === tr('driverPhone') && input.driver
          ? `<a href="${e(phoneHref(input.driver.phone))}">${e(value)}</a>`
          : e(value)
      return `<tr><th scope="row" align="left" valign="top" style="padding:6px 12px 6px 0;font-weight:normal;color:#525a6a;">${e(label)}</th><td style="padding:6px 0;font-weight:bold;">${shown}</td></tr>`
    })
    .join('\n')
  const html = `<!DOCTYPE html>
<html lang="${e(input.language)}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(subject)}</title>
</head>
<body style="margin:0;padding:24px 12px;font-family:-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif;color:#1d2330;background-color:#ffffff;">
<div style="max-width:600px;margin:0 auto;">
<p style="margin:0 0 16px;font-size:20px;font-weight:bold;color:#0b1f3a;">${e(input.brand)}</p>
<p style="font-size:16px;line-height:1.5;">${e(greeting)}</p>
<p style="font-size:16px;line-height:1.5;">${e(intro)}</p>
<table cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;font-size:15px;margin:0 0 16px;">
${rows}
</table>
${codeNote ? `<p style="font-size:16px;line-height:1.5;font-weight:bold;">${e(codeNote)}</p>\n` : ''}<p style="font-size:16px;line-height:1.5;">${e(tr('linkText'))}<br><a href="${e(input.link)}" style="color:#0b1f3a;word-break:break-all;">${e(input.link)}</a></p>
<p style="font-size:16px;line-height:1.5;">${e(tr('manageText'))}: <a href="${e(input.manageLink)}" style="color:#0b1f3a;">${e(input.manageLink)}</a></p>
<p style="font-size:16px;line-height:1.5;">${e(contact)}</p>
<p style="font-size:16px;line-height:1.5;">${e(signOff)}</p>
</div>
</body>
</html>
`
  return { subject, text, html }
}
