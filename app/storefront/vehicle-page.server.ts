import { data, redirect, type RouterContextProvider } from 'react-router'
import { markFormRefused, pageContext } from '~/utils/page-context.server'
import { formValues } from '~/forms/form-data'
import {
  selectionHire,
  selectionParams,
  selectionReturn,
  selectionTrip,
  selectionTripSchema,
  vehicleSelectionSchema,
} from '~/booking/vehicle-selection-form'
import { readNotice, type BookingNotice } from '~/booking/notices'
import { newPageNonce, selectVehicleFor } from '~/booking/select-vehicle.server'
import { draftCookieHeader } from '~/booking/draft-cookie.server'
import { clientAddressContext } from '~/utils/client-address.server'
import { buildVehicleStep } from '~/booking/vehicle-step.server'
import { buyerOf } from './buyer.server'

type Context = Readonly<RouterContextProvider>

/**
 * The search as the step prices it: a company's (a partner signed in) in euros whatever
 * the currency picker says, since their company's credit and statements are.
 */
async function pricedSearch(request: Request, params: URLSearchParams) {
  if ((await buyerOf(request)).kind !== 'company') return params
  const euros = new URLSearchParams(params)
  euros.set('currency', 'EUR')
  return euros
}

/**
 * The vehicle step (/booking-vehicle) as its route answers it: the trip searched
 * and priced for each class, and the Select post that starts the stored draft.
 */

export async function vehiclePageData(context: Context, request: Request) {
  const { language, site, meta } = pageContext(context, request)
  const url = new URL(request.url)
  const step = await buildVehicleStep(await pricedSearch(request, url.searchParams), language, site)
  const notice = readNotice(url)
  const failed = Boolean(step.outcome && step.outcome.kind !== 'priced')
  return data(
    {
      ...step,
      language,
      pageNonce: newPageNonce(),
      notice,
      selectionRefused: false,
      draftsLimited: false,
      meta: meta('booking-vehicle', {
        noindex: true,
        errorTitle: Boolean(failed) || notice === 'noBooking',
      }),
    },
    { headers: { 'Cache-Control': 'no-store' } },
  )
}

/**
 * 'Select' posts the trip, the class, the price the card showed and the page's
 * nonce. The server prices the trip again; a known, available class at the
 * price the traveller saw starts (or re-prices) the stored draft, and the
 * browser gets only the draft's signed id. Anything else re-renders the page
 * with the current prices and a message.
 */
export async function vehiclePageAction(context: Context, request: Request) {
  const { language, site, meta } = pageContext(context, request)
  const posted = formValues(await request.formData())
  // The trip is read from any post, so a refused one shows its search again.
  const trip = selectionTripSchema.parse(posted)
  const params = selectionParams(trip)
  const selection = vehicleSelectionSchema.safeParse(posted)

  const outcome = selection.success
    ? await selectVehicleFor(
        request,
        context.get(clientAddressContext),
        {
          values: selectionTrip(selection.data),
          hire: selection.data.mode === 'hourly' ? selectionHire(selection.data) : undefined,
          back: selection.data.mode === 'hourly' ? undefined : selectionReturn(selection.data),
          currency: selection.data.currency,
          vehicleClass: selection.data.vehicleClass,
          shownMinor: selection.data.shownPrice,
          pageNonce: selection.data.page,
          language,
          site,
        },
        await buyerOf(request),
        new Date(),
      )
    : ({ kind: 'refused' } as const)

  if (outcome.kind === 'selected') {
    return redirect('/booking-extra', {
      status: 303,
      headers: { 'Set-Cookie': await draftCookieHeader(outcome.booking.id) },
    })
  }
  markFormRefused(context)
  const step = await buildVehicleStep(await pricedSearch(request, params), language, site)
  const notice: BookingNotice | undefined =
    outcome.kind === 'price-changed'
      ? 'priceChanged'
      : outcome.kind === 'full'
        ? 'fullyBooked'
        : undefined
  return data(
    {
      ...step,
      language,
      pageNonce: newPageNonce(),
      notice,
      selectionRefused: outcome.kind === 'refused',
      // Too many new drafts from this address: the page, its search and prices stay as they were.
      draftsLimited: outcome.kind === 'limited',
      meta: meta('booking-vehicle', { noindex: true, errorTitle: true }),
    },
    { status: selectionStatus[outcome.kind] },
  )
}

const selectionStatus = { refused: 400, 'price-changed': 409, full: 409, limited: 429 } as const
