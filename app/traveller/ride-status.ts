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
  /**
   * The followed flight, until the traveller is on board (null
   * without a provider, for a flight never asked about, or one the provider
   * does not know): in the polled status, so a new landing time refreshes
   * the page's parts like a new step does.
   */
  flight: RideFlight | null
  /**
   * Where the car is while the ride is on the way or arrived, once its driver
   * has shared a position (null otherwise): how far from the pickup in words,
   * and for the map (only when the site has a Maps browser key) the points.
   */
  car: RideCar | null
}

/** The car of a ride under way, as the traveller reads it. */
export interface RideCar {
  /** Kilometres by road to the pickup, written in the reader's language ("2.4"). */
  km: string
  /** About how many minutes to the pickup; 0 once there. */
  minutes: number
  atPickup: boolean
  /** When the driver's phone sent it, Istanbul time ("18:20"). */
  at: string
  /** Older than a few minutes: said as the last position known. */
  stale: boolean
  /** The car and the pickup as points, for the map; null without a Maps key. */
  map: { car: { lat: number; lng: number }; pickup: { lat: number; lng: number } } | null
}

/** A followed flight as the traveller reads it: its times in their language, Istanbul time. */
export interface RideFlight {
  ident: string
  line: 'expected' | 'scheduled' | 'landed' | 'landedNoTime' | 'cancelled' | 'diverted'
  /** The actual landing once landed, else the expected one. */
  landing: string | null
  /** When the driver meets them: the pickup a late landing moved, else the booked one. */
  pickup: string
  /** Once landed: until when the waiting is free. */
  freeWaitingEnds: string | null
  checkedAt: string | null
}

/** How often a page asks for news while the ride is still to come or under way. */
export const RIDE_POLL_SECONDS = 20

/** Where the traveller meets the driver: an airport's arrivals hall, or the address booked. */
export type MeetingPoint =
  | { kind: 'airport'; airport: 'ist' | 'saw'; name: string; sign: string }
  | { kind: 'address'; place: string }
