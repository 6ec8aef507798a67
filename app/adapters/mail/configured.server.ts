import { getEnv } from '~/config/env.server'
import { getSiteSettings } from '~/config/site.server'
import { createMailer, type Mailer } from './mailer.server'

let mailer: Mailer | undefined

/** The configured mailer: SMTP when SMTP_URL is set, otherwise the outbox folder. */
export function configuredMailer(): Mailer {
  const env = getEnv()
  mailer ??= createMailer({ smtpUrl: env.SMTP_URL || undefined, outboxDir: env.OUTBOX_DIR })
  return mailer
}

/** The sender of every e-mail: MAIL_FROM, or the brand at the contact address. */
export function mailFrom(): string {
  const site = getSiteSettings()
  return getEnv().MAIL_FROM || `${site.brand} <${site.email}>`
}
