import { e2ePort } from './iyzico-settings'
import { flightsSitePort } from './flights-settings'

/**
 * The local stand-in for the Ministry's U-ETDS service. The copy of the site
 * with outside providers (the flights copy) files its passenger lists there.
 */
export const fakeUetds = {
  username: '999999',
  password: '999999testtest',
  port: e2ePort + 12,
}

export const fakeUetdsUrl = `http://127.0.0.1:${fakeUetds.port}`

/** The copy of the site that files passenger lists with the stand-in. */
export const uetdsSitePort = flightsSitePort

/** The settings that copy runs with (its maintenance run, spawned by a test, takes them too). */
export const uetdsSiteSettings = {
  UETDS_PROVIDER: 'uetds',
  UETDS_USERNAME: fakeUetds.username,
  UETDS_PASSWORD: fakeUetds.password,
  UETDS_URL: `${fakeUetdsUrl}/services/g2g/kdgm/test/uetdsarizi`,
}
