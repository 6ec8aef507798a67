import { getEnv } from '~/config/env.server'
import { getSiteSettings } from '~/config/site.server'
import type { Executor } from '~/db/executor'
import type { TravellerTokenPurpose } from '~/db/schema'
import { languageSearchParam, type Language } from '~/i18n/config'
import { translatorFor } from '~/i18n/fixed-translator.server'
import { noticeMail } from '~/mail/notice-mail'
import { queueMail } from '~/messages/queue.server'
import { secretTokenKey } from '~/utils/secret-token.server'
import { TOKEN_LIFETIME_MINUTES } from './traveller-tokens.server'

/**
 * The account's e-mails, in the account's language, through the message
 * queue every e-mail of the site goes through (sent at once after the
 * commit, retried by the periodic job; the outbox folder without SMTP).
 */

/** The page a link opens: it asks for a click before using the link (see link-page.server.ts). */
export function travellerLinkUrl(token: string, language: Language): string {
  const query = new URLSearchParams({ token, [languageSearchParam]: language })
  return `${getEnv().PUBLIC_BASE_URL}/account/link?${query.toString()}`
}

function absolute(path: string, language: Language): string {
  return `${getEnv().PUBLIC_BASE_URL}${path}?${languageSearchParam}=${language}`
}

const mailKeys: Record<TravellerTokenPurpose, string> = {
  verify: 'verify',
  'sign-in': 'signIn',
  reset: 'reset',
}

function queueAccountMail(
  trx: Executor,
  message: {
    dedupeKey: string
    kind: string
    to: string
    language: Language
    key: string
    link: { label: string; url: string }
    /** A second way on, shown with its address (the page to set a new password). */
    also?: { label: string; url: string }
    minutes?: number
  },
  now: Date,
) {
  const t = translatorFor(message.language)
  const site = getSiteSettings()
  const say = (name: string, values: Record<string, unknown> = {}) =>
    t(`travellerAccount.mail.${message.key}.${name}`, { brand: site.brand, ...values })
  const expiry =
    message.minutes === undefined
      ? []
      : [
          message.minutes >= 120
            ? t('travellerAccount.mail.validHours', { count: message.minutes / 60 })
            : t('travellerAccount.mail.validMinutes', { count: message.minutes }),
        ]
  const mail = noticeMail({
    language: message.language,
    brand: site.brand,
    subject: say('subject'),
    heading: say('heading'),
    paragraphs: [
      say('body'),
      ...expiry,
      t('travellerAccount.mail.notYou'),
      t('travellerAccount.mail.contact', { phone: site.phone, email: site.email }),
    ],
    facts: [],
    link: message.link,
    ...(message.also ? { manage: message.also } : {}),
    signOff: [t('mail.signOff'), t('mail.team', { brand: site.brand })],
  })
  return queueMail(
    trx,
    {
      dedupeKey: message.dedupeKey,
      kind: message.kind,
      language: message.language,
      to: message.to,
      replyTo: site.email,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    },
    now,
  )
}

/** A link to prove the address, sign in or set a new password, with how long it works. */
export function queueTravellerLinkMail(
  trx: Executor,
  account: { email: string; language: Language },
  purpose: TravellerTokenPurpose,
  token: string,
  now: Date,
) {
  const key = mailKeys[purpose]
  const t = translatorFor(account.language)
  return queueAccountMail(
    trx,
    {
      // The token's own key: one e-mail per link, never a second for the same one.
      dedupeKey: `account-link:${secretTokenKey(token)}`,
      kind: `traveller.account_${key}`,
      to: account.email,
      language: account.language,
      key,
      link: {
        label: t(`travellerAccount.mail.${key}.link`),
        url: travellerLinkUrl(token, account.language),
      },
      minutes: TOKEN_LIFETIME_MINUTES[purpose],
    },
    now,
  )
}

/**
 * Someone registered with an address that has an account: its owner is told
 * (sign in, or set a new password), and the page answers as for a new one.
 */
export function queueAccountExistsMail(
  trx: Executor,
  account: { id: number; email: string; language: Language },
  eventId: number,
  now: Date,
) {
  const t = translatorFor(account.language)
  return queueAccountMail(
    trx,
    {
      // The rate-limit event that counted this request makes the key unique.
      dedupeKey: `account-exists:${account.id}:${eventId}`,
      kind: 'traveller.account_exists',
      to: account.email,
      language: account.language,
      key: 'exists',
      link: {
        label: t('travellerAccount.mail.exists.link'),
        url: absolute('/login', account.language),
      },
      also: {
        label: t('travellerAccount.mail.exists.reset'),
        url: absolute('/account/forgot-password', account.language),
      },
    },
    now,
  )
}
