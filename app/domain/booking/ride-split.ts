import { toBookingMinor, type LockedRate } from './money'
import { paymentSplit, returnRideShare, type PaymentOption } from './payment-split'

/**
 * One ride's part of a booking's money. A single ride is the whole booking.
 * A trip there and back is charged once, on the outbound booking, whose
 * total and payment cover both rides: its own ride is what is left once the
 * return ride's price (its vehicle and its extras) and its proportional share
 * of the payment are taken out. The return ride's booking (made when the trip
 * is paid) holds its own total and share, so it is a single ride here.
 * Drivers collect, and cancellations refund, per ride.
 */
export function rideSplit(
  booking: LockedRate & {
    payment_option: PaymentOption | null
    paid_minor: number | null
    total_minor: number
    discount_minor?: number
    vehicle_cents: number
    return_vehicle_cents: number | null
    price_terms: string
  },
): { option: PaymentOption; totalMinor: number; paidMinor: number; cashMinor: number } {
  const split = paymentSplit(booking)
  // A promo code applies to single rides only (app/domain/pricing/promo.ts): the ride owes the total less it.
  if (booking.return_vehicle_cents === null) {
    return { ...split, totalMinor: booking.total_minor - (booking.discount_minor ?? 0) }
  }
  const returnTotal = returnRideTotalMinor({
    ...booking,
    return_vehicle_cents: booking.return_vehicle_cents,
  })
  const returnPaid = returnRideShare(booking.total_minor, returnTotal, split.paidMinor)
  const totalMinor = booking.total_minor - returnTotal
  const paidMinor = split.paidMinor - returnPaid
  return {
    option: split.option,
    totalMinor,
    paidMinor,
    cashMinor: Math.max(totalMinor - paidMinor, 0),
  }
}

/**
 * The return ride's price in the booking's currency: its vehicle, and the
 * extras, which are the same on both rides (half of what the trip's extras
 * came to).
 */
export function returnRideTotalMinor(
  booking: LockedRate & {
    total_minor: number
    vehicle_cents: number
    return_vehicle_cents: number
  },
): number {
  const returnVehicle = toBookingMinor(booking.return_vehicle_cents, booking)
  const extrasBothRides =
    booking.total_minor - toBookingMinor(booking.vehicle_cents, booking) - returnVehicle
  return returnVehicle + extrasBothRides / 2
}
