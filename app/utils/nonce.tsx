import { createContext, useContext } from 'react'

/**
 * The per-request CSP nonce. Provided on the server by entry.server; in the
 * browser it is empty (browsers hide nonce values from the DOM on purpose).
 */
const NonceContext = createContext('')
export const NonceProvider = NonceContext.Provider
export const useNonce = () => useContext(NonceContext)
