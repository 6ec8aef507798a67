import type { BookingStatus } from '~/domain/booking/status'
import { isPaid } from '~/domain/booking/status'
import type { PaymentOption } from '~/domain/booking/payment-split'
import { rideSplit } from '~/domain/booking/ride-split'
import type { VehicleClassCode } from '~/domain/booking/vehicle-classes'
import type { Currency } from '~/domain/money/currency'

/**
 * One ride's money as the reports and the bookings CSV count it. A trip there
 * and back is two bookings once paid (decision 010): the outbound holds the
 * whole payment, the return its own share. Counting the outbound's own ride
 * (`rideSplit`) and the return's booking as it stands, the two rides add up to
 * exactly the one charge, so nothing is counted twice and nothing is lost.
 */
export interface RideMoney {
  currency: Currency
  /** The ride's price in the booking's currency (minor units). */
  totalMinor: number
  /** What the card took for this ride. */
  cardMinor: number
  /** What the driver collects in cash (a deposit booking's rest). */
  cashMinor: number
  /** What a promo code took off the ride: every figure here is after it. */
  discountMinor: number
  /**
   * What the ride came to in euro cents, as priced before the locked rate
   * converted it, less the discount converted back at that rate.
   */
  euroCents: number
}

/** The columns of a stored booking that say what its ride came to. */
export interface BookingMoneyColumns {
  currency: Currency
  rate: string
  rates_date: string
  payment_option: PaymentOption | null
  paid_minor: number | null
  total_minor: number
  /** A promo code's discount: the ride's price is the total less it. */
  discount_minor?: number
  total_cents: number
  vehicle_cents: number
  extras_cents: number
  return_vehicle_cents: number | null
  /** The terms it was quoted with (the deposit share of an unpaid booking). */
  price_terms: string
}

export function rideMoney(booking: BookingMoneyColumns): RideMoney {
  const split = rideSplit(booking)
  // The outbound of a return: its extras ride both ways, so half are the return's.
  const priced =
    booking.return_vehicle_cents === null
      ? booking.total_cents
      : booking.total_cents - booking.return_vehicle_cents - booking.extras_cents / 2
  // A promo code applies to single rides only (app/domain/pricing/promo.ts).
  const discountMinor = booking.return_vehicle_cents === null ? (booking.discount_minor ?? 0) : 0
  return {
    currency: booking.currency,
    totalMinor: split.totalMinor,
    cardMinor: split.paidMinor,
    cashMinor: split.cashMinor,
    discountMinor,
    euroCents: priced - Math.round(discountMinor / Number(booking.rate)),
  }
}

/** Whether a paid booking still stands (its ride is still owed or was driven). */
export function standsPaid(status: BookingStatus): boolean {
  return isPaid(status)
}

/** A ride the reports count: a booking paid in the period, whatever it became since. */
export interface ReportRide extends RideMoney {
  reference: string
  status: BookingStatus
  vehicleClass: VehicleClassCode
  /** When it was paid (ISO, UTC): the Istanbul day of this instant is the day it counts on. */
  paidAt: string
  /** When the car picks up (ISO, UTC). */
  pickupAt: string
  /** Who cancelled it, for a cancelled ride. */
  cancelledBy: 'traveller' | 'staff' | null
  /** The promo code it was sold with (what it took off is `discountMinor`). */
  promoCode: string | null
  /** The partner company whose user booked it; null for a traveller on the site. */
  partnerCompany: string | null
}

/** A refund of a payment for a ride of the period: the latest try of each charge's refund. */
export interface ReportRefund {
  currency: string
  requester: 'traveller' | 'staff' | 'job'
  status: 'requested' | 'succeeded' | 'failed'
  amountMinor: number
}
