import type { Config } from '@react-router/dev/config'

export default {
  ssr: true,
  future: {
    // remix-i18next 7 detects the language in a route middleware.
    v8_middleware: true,
  },
} satisfies Config
