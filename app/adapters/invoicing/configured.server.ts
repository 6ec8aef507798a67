import { getEnv } from '~/config/env.server'
import { createParasutService } from './parasut-service.server'
import type { InvoicingService } from './invoicing-service'

let service: InvoicingService | null | undefined

/**
 * Paraşüt when INVOICE_PROVIDER=parasut; null without an account: then the
 * site issues no electronic invoice, and its invoice page says so.
 */
export function configuredInvoicing(): InvoicingService | null {
  if (service !== undefined) return service
  const env = getEnv()
  service =
    env.INVOICE_PROVIDER === 'parasut'
      ? createParasutService({
          apiUrl: env.PARASUT_API_URL,
          companyId: env.PARASUT_COMPANY_ID,
          clientId: env.PARASUT_CLIENT_ID,
          clientSecret: env.PARASUT_CLIENT_SECRET,
          username: env.PARASUT_USERNAME,
          password: env.PARASUT_PASSWORD,
          productId: env.PARASUT_PRODUCT_ID || undefined,
        })
      : null
  return service
}
