import type { RequestHandler } from 'express'
import { logger } from '~/utils/logger.server'

/**
 * Behind a TLS-terminating proxy with TRUST_PROXY off, the app sees every request
 * as plain http while browsers send an https Origin: React Router then refuses
 * each page action with a bare 400 (its cross-site check), and nothing says why.
 * The first request that arrives with `X-Forwarded-Proto: https` while the site's
 * public address is https and the proxy is not trusted logs one warning that names
 * the setting. Trusted, or on a plain-http site, the check is not installed.
 */
export function untrustedProxyWarning(settings: {
  trustProxy: boolean
  publicBaseUrl: string
}): RequestHandler | undefined {
  if (settings.trustProxy || !settings.publicBaseUrl.startsWith('https:')) return undefined
  let warned = false
  return (req, _res, next) => {
    if (!warned) {
      const proto = req.get('X-Forwarded-Proto')?.split(',', 1)[0]?.trim().toLowerCase()
      if (proto === 'https') {
        warned = true
        logger.warn('proxy.not_trusted', {
          message:
            'Requests arrive through a TLS proxy (X-Forwarded-Proto: https) but TRUST_PROXY is off: ' +
            'every form POST will answer 400. Set TRUST_PROXY=true when one proxy you control ' +
            'sits in front of the site.',
        })
      }
    }
    next()
  }
}
