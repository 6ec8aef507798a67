/**
 * How a traveller wants their ride updates: by WhatsApp or SMS as well as by
 * e-mail, or by e-mail only. E-mail always goes; the choice adds a phone channel.
 */
export const updatesChannels = ['whatsapp', 'sms', 'email'] as const
export type UpdatesChannel = (typeof updatesChannels)[number]

/** The phone channel a choice adds, if any. */
export function phoneChannelOf(channel: UpdatesChannel | null): 'whatsapp' | 'sms' | undefined {
  return channel === 'whatsapp' || channel === 'sms' ? channel : undefined
}
