import { offersTexts, offersWhatsapp } from '~/adapters/messaging/configured.server'
import { offeredUpdates, type UpdatesOptions } from './booking-forms'

/**
 * What this site can send ride updates by: WhatsApp and SMS need a messaging
 * provider. Every form that asks or keeps the choice (the passenger step, the
 * account's saved details) offers these and no other.
 */
export function updatesOptions(): UpdatesOptions {
  return { offered: offersTexts(), whatsapp: offersWhatsapp() }
}

/** The channels a traveller may choose on this site: e-mail alone without a provider. */
export function updatesChoices() {
  return offeredUpdates(updatesOptions())
}
