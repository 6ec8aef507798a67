import * as z from 'zod/mini'
import {
  flightNumberInputMax,
  parseFlightNumber,
  type FlightNumberRefusal,
} from '~/domain/flight-number'
import { textField } from '~/forms/text-input'

/**
 * The optional flight number of the passenger step and of "Change details",
 * shared by the server and the browser like every field schema here: a text
 * field (normalised, no control characters, at most flightNumberInputMax
 * characters, the width of bookings.flight_number), read by
 * app/domain/flight-number.ts and kept as its ident (`tk 0012` → `TK12`), the
 * form a flight-status provider is asked about. Left blank it is ''.
 *
 * `error` names the translation key of each refusal; by default every refusal
 * gets the step's one message, which gives an example.
 */
export function flightNumberField(
  error: (reason: FlightNumberRefusal) => string = () => 'booking.errors.flightNumber',
) {
  return z.pipe(
    textField({ max: flightNumberInputMax }).check(
      z.superRefine((value, context) => {
        if (!value) return
        const result = parseFlightNumber(value)
        if (!result.ok) context.addIssue({ code: 'custom', message: error(result.reason) })
      }),
    ),
    z.transform((value) => {
      if (!value) return value
      const result = parseFlightNumber(value)
      return result.ok ? result.flight.ident : value
    }),
  )
}
