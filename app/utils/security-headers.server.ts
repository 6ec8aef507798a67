interface CspOptions {
  nonce: string
  /** Origins allowed in frames: the contact map and the promo video, when configured. */
  frameOrigins: string[]
  /** Origins scripts may load from (the Google Maps loader when a browser key is set). */
  scriptOrigins: string[]
  connectOrigins: string[]
  imageOrigins: string[]
  /**
   * Origins a form may lead to. Browsers apply form-action to the redirects that
   * follow a submission too, so 'Book Now' (a 303 to the payment provider's
   * page) needs the provider's origin here when scripts are off.
   */
  formActionOrigins: string[]
  upgradeInsecureRequests: boolean
}

/**
 * The Content-Security-Policy of an HTML document. Scripts run only with this
 * request's nonce; styles allow inline attributes because React renders `style`
 * props, which cannot carry a nonce.
 */
export function contentSecurityPolicy(options: CspOptions): string {
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", `'nonce-${options.nonce}'`, ...options.scriptOrigins],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', ...options.imageOrigins],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...options.connectOrigins],
    ['frame-src', ...(options.frameOrigins.length ? options.frameOrigins : ["'none'"])],
    ['form-action', "'self'", ...options.formActionOrigins],
    ['frame-ancestors', "'none'"],
    ['base-uri', "'self'"],
    ['object-src', "'none'"],
  ]
  if (options.upgradeInsecureRequests) directives.push(['upgrade-insecure-requests'])
  return directives.map((parts) => parts.join(' ')).join('; ')
}

/** The origin part of a URL, or nothing when the URL is empty or malformed. */
export function originOf(url: string): string[] {
  try {
    return url ? [new URL(url).origin] : []
  } catch {
    return []
  }
}
