import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import { shortLinkTarget } from '~/booking/booking-access.server'
import { staffActionsOnBooking } from '~/audit/audit.server'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import { finishedRide as finishedRideFixture } from '../../tests/support/finished-ride'
import { queueReviewRequests, reviewRequestKey } from './review-requests.server'
import {
  driverRating,
  lowReviewKey,
  moderateReview,
  publishedScores,
  submitReview,
} from './reviews.server'

const now = new Date('2026-12-04T06:00:00Z')
const minutes = (count: number) => new Date(now.getTime() + count * 60_000)
/** The ride below is marked finished 90 minutes after `now`. */
const finishedAt = minutes(90)
const hoursAfterFinish = (hours: number) => new Date(finishedAt.getTime() + hours * 3_600_000)

const fiveStars = {
  driver: 5,
  car: 5,
  punctuality: 5,
  comment: 'Spotless car.',
  publish: 'yes' as const,
}

/**
 * Reviews on both databases: asked for once two hours after the ride, by one
 * channel; written once by the ride's traveller; a low score tells dispatch;
 * published by staff only with consent, audited; the site's and the driver's
 * ratings summed from them.
 */
describe.each(storageBackends())('ride reviews on $name', (backend) => {
  let handle: DatabaseHandle
  useMigratedDatabase(backend, (opened) => (handle = opened))
  const finishedRide = (channel: 'sms' | null = null, finish = true) =>
    finishedRideFixture(handle, { startedAt: now, finishedAt, channel, finish })

  const messagesFor = (bookingId: string) =>
    handle.db
      .selectFrom('outgoing_messages')
      .select(['kind', 'channel', 'dedupe_key', 'subject', 'text_body'])
      .where('booking_id', '=', bookingId)
      .where('kind', 'in', ['traveller.review_request', 'text.reviewRequest', 'ops.low_review'])
      .orderBy('id')
      .execute()

  it('asks two hours after the finish, once, by e-mail when no text channel was chosen', async () => {
    const { booking } = await finishedRide(null)
    expect(await queueReviewRequests(handle, hoursAfterFinish(1.9))).toEqual([])
    expect(await queueReviewRequests(handle, hoursAfterFinish(2))).toHaveLength(1)
    expect(await queueReviewRequests(handle, hoursAfterFinish(3))).toEqual([])
    const [mail, ...more] = await messagesFor(booking.id)
    expect(more).toEqual([])
    expect(mail).toMatchObject({ kind: 'traveller.review_request', channel: 'email' })
    expect(mail!.dedupe_key).toBe(reviewRequestKey(booking.id))
    expect(mail!.subject).toMatch(/^How was your ride MC-/)
    expect(mail!.text_body).toContain('/ride-review?key=')
  })

  it('asks by the text channel alone when one was chosen, its short link leading to the review', async () => {
    const { booking } = await finishedRide('sms')
    expect(await queueReviewRequests(handle, hoursAfterFinish(2.5))).toHaveLength(1)
    const messages = await messagesFor(booking.id)
    expect(messages.map((message) => [message.kind, message.channel])).toEqual([
      ['text.reviewRequest', 'sms'],
    ])
    const link = /http\S+\/r\/(\S+)\?to=review/.exec(messages[0]!.text_body ?? '')
    expect(link).not.toBeNull()
    expect(await shortLinkTarget(handle, link![1]!, 'review')).toMatch(/^\/ride-review\?key=/)
    // Only the listed pages: anything else leads to the ride page.
    expect(await shortLinkTarget(handle, link![1]!, '//evil.example')).toMatch(
      /^\/booking-received\?key=/,
    )
    expect(await shortLinkTarget(handle, link![1]!, 'constructor')).toMatch(
      /^\/booking-received\?key=/,
    )
  })

  it('does not ask about a ride not finished, reviewed already, or finished days ago', async () => {
    const underWay = await finishedRide(null, false)
    const reviewed = await finishedRide(null)
    await submitReview(handle, reviewed.booking.id, fiveStars, hoursAfterFinish(1))
    const late = await finishedRide(null)
    await queueReviewRequests(handle, hoursAfterFinish(2))
    expect(await messagesFor(underWay.booking.id)).toEqual([])
    expect(await messagesFor(reviewed.booking.id)).toEqual([])
    expect((await messagesFor(late.booking.id)).length).toBe(1)
    const old = await finishedRide(null)
    expect(await queueReviewRequests(handle, hoursAfterFinish(73))).toEqual([])
    expect(await messagesFor(old.booking.id)).toEqual([])
  })

  it('keeps one review per ride, signed with the first name and an initial', async () => {
    const { booking, driverId } = await finishedRide()
    const saved = await submitReview(handle, booking.id, fiveStars, hoursAfterFinish(3))
    expect(saved.kind).toBe('saved')
    if (saved.kind !== 'saved') return
    expect(saved.review).toMatchObject({
      driver_id: driverId,
      vehicle_class: booking.vehicle_class,
      author_name: 'Anna K.',
      publish_consent: 1,
      status: 'new',
    })
    expect(saved.alertIds).toEqual([])
    const again = await submitReview(
      handle,
      booking.id,
      { ...fiveStars, driver: 1 },
      hoursAfterFinish(4),
    )
    expect(again.kind).toBe('already')
    if (again.kind === 'already') expect(again.review.driver_stars).toBe(5)
  })

  it('refuses a review of a ride that is not finished', async () => {
    const { booking } = await finishedRide(null, false)
    expect((await submitReview(handle, booking.id, fiveStars, minutes(60))).kind).toBe(
      'notFinished',
    )
  })

  it('tells dispatch at once of a score of 2 or less, with the answers', async () => {
    const { booking } = await finishedRide()
    const saved = await submitReview(
      handle,
      booking.id,
      { driver: 4, car: 2, punctuality: 5, comment: 'Seats were dirty.', publish: undefined },
      hoursAfterFinish(3),
    )
    expect(saved.kind).toBe('saved')
    const [alert] = await messagesFor(booking.id)
    expect(alert).toMatchObject({ kind: 'ops.low_review', dedupe_key: lowReviewKey(booking.id) })
    expect(alert!.subject).toMatch(/^Low review on MC-/)
    expect(alert!.text_body).toContain('2 stars')
    expect(alert!.text_body).toContain('Seats were dirty.')
  })

  it('publishes only with consent, audited, and sums published reviews only', async () => {
    const consenting = await finishedRide()
    const private_ = await finishedRide()
    const hidden = await finishedRide()
    await submitReview(handle, consenting.booking.id, fiveStars, hoursAfterFinish(3))
    await submitReview(
      handle,
      private_.booking.id,
      { driver: 4, car: 4, punctuality: 4, comment: undefined, publish: undefined },
      hoursAfterFinish(3),
    )
    await submitReview(
      handle,
      hidden.booking.id,
      { driver: 3, car: 4, punctuality: 5, comment: 'Fine.', publish: 'yes' },
      hoursAfterFinish(3),
    )
    const by = consenting.dispatcherId
    expect(
      await moderateReview(
        handle,
        { accountId: by, bookingId: private_.booking.id, decision: 'publish' },
        hoursAfterFinish(4),
      ),
    ).toEqual({ kind: 'noConsent' })
    expect(
      await moderateReview(
        handle,
        { accountId: by, bookingId: consenting.booking.id, decision: 'publish' },
        hoursAfterFinish(4),
      ),
    ).toEqual({ kind: 'done', status: 'published' })
    await moderateReview(
      handle,
      { accountId: by, bookingId: hidden.booking.id, decision: 'hide' },
      hoursAfterFinish(4),
    )
    expect(await publishedScores(handle.db)).toEqual([
      { vehicleClass: consenting.booking.vehicle_class, score: 5 },
    ])
    const audit = await staffActionsOnBooking(handle.db, consenting.booking.id)
    expect(audit.map((entry) => entry.action)).toContain('review.published')
    // The driver's rating counts every review of their rides, published or not.
    expect(await driverRating(handle.db, private_.driverId)).toEqual({ average: 4, count: 1 })
    expect(await driverRating(handle.db, -1)).toBeNull()
  })
})
