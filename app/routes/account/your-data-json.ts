import type { Route } from './+types/your-data-json'
import { yourDataDownload } from '~/accounts/account-pages.server'

/** /account/your-data.json: the signed-in traveller's data, downloaded as a file. */
export async function loader({ request }: Route.LoaderArgs) {
  return yourDataDownload(request)
}
