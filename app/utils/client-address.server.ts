import { createContext, RouterContextProvider } from 'react-router'

/**
 * Stands in when no address reached the app (the Vite dev server, which has no
 * load context): every such request then shares one rate-limit bucket.
 */
export const unknownClientAddress = 'unknown'

/**
 * The client's network address as the server saw it: Express's `req.ip`, which is
 * the socket's peer, or the X-Forwarded-For client when TRUST_PROXY is set.
 */
export const clientAddressContext = createContext<string>(unknownClientAddress)

/**
 * The request's id (the access log's `requestId`, sent back in X-Request-Id), for
 * log lines written while React Router handles the request. Null under the Vite
 * dev server.
 */
export const requestIdContext = createContext<string | null>(null)

/** The load context the server hands to React Router for each request. */
export function requestLoadContext(
  clientAddress: string | undefined,
  requestId?: string,
): RouterContextProvider {
  const context = new RouterContextProvider()
  if (clientAddress) context.set(clientAddressContext, clientAddress)
  if (requestId) context.set(requestIdContext, requestId)
  return context
}
