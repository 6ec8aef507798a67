import * as z from 'zod/mini'
import { textField } from '~/forms/text-input'

/**
 * The contact form, shared by the server (the source of truth) and the browser
 * (instant feedback). Messages are translation keys under `contact.errors`
 * (and the shared `forms.errors` of textField), resolved with t() when they
 * are shown, so both languages get them.
 */
/** Longest value of each field: the width of its column in contact_messages. */
export const contactLimits = { fullName: 100, email: 254, subject: 200, message: 5000 } as const

const requiredText = (field: keyof typeof contactLimits, multiline = false) =>
  textField({
    max: contactLimits[field],
    multiline,
    required: `contact.errors.${field}Required`,
  })

export const contactSchema = z.object({
  fullName: requiredText('fullName'),
  // Trimmed, then checked as an address: a stray space pasted with it is no error.
  email: z.pipe(requiredText('email'), z.email({ error: 'contact.errors.emailInvalid' })),
  subject: requiredText('subject'),
  message: requiredText('message', true),
})

export type ContactMessage = z.infer<typeof contactSchema>

/**
 * The honeypot: a text field people never see or reach, so only robots fill it.
 * A filled one is answered like a success and nothing is stored.
 */
export const honeypotField = 'website'

/** At most this many messages per sender in the window; the next one is refused (429). */
export const contactRateLimit = { maxMessages: 5, windowMinutes: 10 } as const

/** Whether a sender who already sent `recentCount` messages in the window must wait. */
export function isRateLimited(recentCount: number): boolean {
  return recentCount >= contactRateLimit.maxMessages
}

/** The start of the window that counts towards the limit for a message sent at `now`. */
export function rateLimitWindowStart(now: Date): Date {
  return new Date(now.getTime() - contactRateLimit.windowMinutes * 60_000)
}
