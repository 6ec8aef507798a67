import type { TimelineEntry } from '~/domain/booking/ride-timeline'
import type { BookingStatus } from '~/domain/booking/status'

/**
 * What the traveller and whoever they share the ride with follow: the
 * booking's timeline, and the driver and car once assigned. Read on the
 * server (ride-status.server.ts), shown by the pages and polled as JSON by
 * them; it holds nothing about billing or payment.
 */
export interface RideStatus {
  status: BookingStatus
  /** Nothing more will happen: the page stops asking. */
  ended: boolean
  /** Each step, with its moment written for the reader (Istanbul time, their language). */
  timeline: (TimelineEntry & { time: string | null })[]
  driver: {
    name: string
    /** The driver's number and a WhatsApp chat with them, until the ride has ended. */
    contact: { phone: string; whatsapp: string | undefined } | null
    car: string
    colour: string | null
    plate: string
  } | null
}

/** How often a page asks for news while the ride is still to come or under way. */
export const RIDE_POLL_SECONDS = 20

/** Where the traveller meets the driver: an airport's arrivals hall, or the address booked. */
export type MeetingPoint =
  | { kind: 'airport'; airport: 'ist' | 'saw'; name: string; sign: string }
  | { kind: 'address'; place: string }
