import { readPriceTerms } from '~/domain/pricing/price-terms'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { pageContext } from '~/utils/page-context.server'
import { requireStepBooking, vehicleSearchPath } from '~/booking/step-guard.server'
import {
  markExtrasDone,
  setExtraQuantity,
  DraftUnavailableError,
  ExtrasLimitError,
} from '~/booking/bookings.server'
import { toBookingMinor } from '~/domain/booking/money'
import { childSeatCount, classChildSeatLimit, extraCodes } from '~/domain/booking/extras'
import { presentBooking } from '~/booking/booking-view.server'
import { extrasFormSchema } from '~/booking/extras-form'
import { formValues } from '~/forms/form-data'
import { readNotice } from '~/booking/notices'

type Context = Readonly<RouterContextProvider>

/**
 * The extras step (/booking-extra) as its route answers it: the draft with its
 * extras and their prices, and the posts that set one or go on.
 */

export async function extrasPageData(context: Context, request: Request) {
  const { language, site, meta } = pageContext(context, request)
  const { booking, extras } = await requireStepBooking(request, 'extra')
  const limit = classChildSeatLimit(booking.vehicle_class)
  const unitCents = readPriceTerms(booking).extraCents
  const room = limit - childSeatCount(extras)
  return {
    language,
    notice: readNotice(request.url),
    view: presentBooking(booking, extras, language, site),
    /** Child and booster seats together: one fewer than the vehicle's seats. */
    limit,
    options: extraCodes.map((code) => ({
      code,
      minor: toBookingMinor(unitCents[code], booking),
      quantity: extras[code],
      canAdd: room > 0,
    })),
    backTo: vehicleSearchPath(booking),
    meta: meta('booking-extra', { noindex: true }),
  }
}

/**
 * Two intents: 'set' gives one extra the quantity its button names (so a
 * repeated click changes nothing) and comes back here; 'continue' records the
 * step as done and goes on to the passenger step. Both redirect (303), so a
 * refresh never posts again. More seats than the vehicle allows are refused
 * with a message, the page as it was.
 */
export async function extrasPageAction(request: Request) {
  const { handle, booking } = await requireStepBooking(request, 'extra')
  const post = extrasFormSchema.safeParse(formValues(await request.formData()))
  const now = new Date()
  try {
    if (!post.success) return data({ refused: true, limit: null }, { status: 400 })
    if (post.data.intent === 'continue') {
      await markExtrasDone(handle, booking.id, now)
      return redirect('/booking-passenger', 303)
    }
    await setExtraQuantity(handle, booking.id, post.data.extra, post.data.quantity, now)
    return redirect('/booking-extra', 303)
  } catch (error) {
    if (error instanceof ExtrasLimitError) {
      return data({ refused: false, limit: error.limit }, { status: 400 })
    }
    // The quote ran out or the booking moved on meanwhile: the guard says where to go.
    if (error instanceof DraftUnavailableError) return redirect('/booking-extra', 303)
    throw error
  }
}
