import { createContext, RouterContextProvider } from 'react-router'

/**
 * Stands in when no address reached the app (the Vite dev server, which has no
 * load context): every such request then shares one rate-limit bucket.
 */
export const unknownClientAddress = 'unknown'

/**
 * The client's network address as server.js saw it: Express's `req.ip`, which is
 * the socket's peer, or the X-Forwarded-For client when TRUST_PROXY is set.
 */
export const clientAddressContext = createContext<string>(unknownClientAddress)

/** The load context server.js hands to React Router for each request. */
export function requestLoadContext(clientAddress: string | undefined): RouterContextProvider {
  const context = new RouterContextProvider()
  if (clientAddress) context.set(clientAddressContext, clientAddress)
  return context
}
