import { getDatabase } from '~/db/db.server'
import { shortLinkTarget } from '~/booking/booking-access.server'

/** The page a text message's short link opens, or undefined when it names no booking. */
export async function openShortLink(code: string, to: string | null): Promise<string | undefined> {
  return shortLinkTarget(await getDatabase(), code, to)
}
