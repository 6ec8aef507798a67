/**
 * /account/your-data.json: the signed-in traveller's data as a download.
 * The response is built by `yourDataDownloadResponse(handle, accountId, now)`;
 * the route's loader (added with the traveller sign-in) finds the signed-in
 * account, answers a visitor not signed in as the other account pages do,
 * and returns that response.
 */
export { yourDataDownloadResponse } from '~/accounts/your-data-download.server'
