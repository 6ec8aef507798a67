import type { Buyer } from '~/booking/buyer'
import { guestBuyer } from '~/booking/buyer'
import { currentPartner } from '~/partners/partner-guard.server'

/** Who is booking on this request: a partner's company when one is signed in, else a guest. */
export async function buyerOf(request: Request): Promise<Buyer> {
  const partner = await currentPartner(request)
  return partner
    ? { kind: 'company', companyId: partner.company.id, userId: partner.user.id }
    : guestBuyer
}
