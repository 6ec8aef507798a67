/**
 * A short e-mail for one event (a cancellation, a refund, a note to the
 * operations mailbox): a heading, a few paragraphs, a table of facts and an
 * optional link, as plain text and as HTML carrying the same words.
 * Pure: the caller passes text already in the reader's language.
 */
import { escapeHtml, type ConfirmationMail } from './booking-confirmation'

export interface NoticeMailInput {
  /** `<html lang>` of the HTML part. */
  language: string
  brand: string
  subject: string
  heading: string
  paragraphs: string[]
  facts: [label: string, value: string][]
  link?: { label: string; url: string }
  /** The traveller's way back to their booking without the link (every booking e-mail has it). */
  manage?: { label: string; url: string }
  signOff: string[]
}

const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim()

export function noticeMail(input: NoticeMailInput): ConfirmationMail {
  const subject = oneLine(input.subject)
  for (const link of [input.link, input.manage]) {
    if (link && !/^https?:\/\//.test(link.url))
      throw new Error('A notice link must be an http(s) URL')
  }
  const text = [
    input.heading,
    '',
    ...input.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...input.facts.map(([label, value]) => `${label}: ${value}`),
    ...(input.link ? ['', `${input.link.label}:`, input.link.url] : []),
    ...(input.manage ? ['', `${input.manage.label}:`, input.manage.url] : []),
    '',
    ...input.signOff,
    '',
  ].join('\n')

  const e = escapeHtml
  const p = (content: string) =>
    `<p style="margin:0 0 12px;font-size:16px;line-height:1.5;">${content}</p>`
  const facts = input.facts.length
    ? [
        '<table cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;margin:0 0 12px;">',
        ...input.facts.map(
          ([label, value]) =>
            `<tr><th scope="row" align="left" valign="top" style="padding:6px 12px 6px 0;font-weight:normal;color:#525a6a;">${e(label)}</th>` +
            `<td valign="top" style="padding:6px 0;font-weight:bold;">${e(value)}</td></tr>`,
        ),
        '</table>',
      ].join('\n')
    : ''
  const html = `<!DOCTYPE html>
<html lang="${e(input.language)}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(subject)}</title>
</head>
<body style="margin:0;padding:24px;font-family:-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif;color:#1d2330;">
<p style="margin:0 0 16px;font-size:18px;font-weight:bold;color:#0b1f3a;">${e(input.brand)}</p>
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:#0b1f3a;">${e(input.heading)}</h1>
${input.paragraphs.map((paragraph) => p(e(paragraph))).join('\n')}
${facts}
${input.link ? p(`<a href="${e(input.link.url)}" style="color:#0b1f3a;">${e(input.link.label)}</a>`) : ''}
${input.manage ? p(`${e(input.manage.label)}: <a href="${e(input.manage.url)}" style="color:#0b1f3a;">${e(input.manage.url)}</a>`) : ''}
${p(input.signOff.map(e).join('<br>'))}
</body>
</html>
`
  return { subject, text, html }
}
