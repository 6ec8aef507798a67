import { getEnv } from '~/config/env.server'
import { createUetdsSoapService } from './uetds-soap-service.server'
import type { UetdsService } from './uetds-service'

let service: UetdsService | null | undefined

/**
 * The U-ETDS service when UETDS_PROVIDER=uetds; null without an account:
 * then nothing is filed, and the pages say staff file by hand from the
 * manifest the site prints (docs/compliance.md).
 */
export function configuredUetds(): UetdsService | null {
  if (service !== undefined) return service
  const env = getEnv()
  service =
    env.UETDS_PROVIDER === 'uetds'
      ? createUetdsSoapService({
          url: env.UETDS_URL,
          username: env.UETDS_USERNAME,
          password: env.UETDS_PASSWORD,
        })
      : null
  return service
}
