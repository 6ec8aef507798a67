import { describe, expect, it } from 'vitest'
import { rawKeysIn, translationKeys } from '../support/raw-keys'

/** The detector the e-mail and page walks rely on: it must see what a slip shows. */
describe('rawKeysIn', () => {
  it('knows every key, its groups and the base key of its plurals', () => {
    expect(translationKeys.has('notices.traveller')).toBe(true)
    expect(translationKeys.has('notices.traveller.greeting')).toBe(true)
    expect(translationKeys.has('ride.hireLine')).toBe(true)
  })

  it('finds a key shown as it is, the group sentence and an unfilled placeholder', () => {
    expect(rawKeysIn('Traveller: Ayşe')).toEqual([])
    expect(rawKeysIn('notices.travellerName: Ayşe')).toEqual(['notices.travellerName'])
    expect(
      rawKeysIn("key 'notices.traveller (en)' returned an object instead of string.: Ayşe"),
    ).toEqual(['notices.traveller', 'returned an object'])
    expect(rawKeysIn('Dear {{name}},')).toEqual(['{{'])
    expect(rawKeysIn("KEY 'ABOUT (EN)' RETURNED AN OBJECT INSTEAD OF STRING.")).toEqual([
      'returned an object',
    ])
  })

  it('finds a key missing from the texts, under one of their groups', () => {
    expect(rawKeysIn('Statistics: about.statsHeading')).toEqual(['about.statsHeading'])
    expect(rawKeysIn('notices.ops.noSuchSubject')).toEqual(['notices.ops.noSuchSubject'])
  })

  it('leaves addresses, file names and sentences alone', () => {
    expect(
      rawKeysIn(
        'Write to reservations@marmarachauffeur.com or ayse@mail.com, see www.mail.com or ' +
          'https://example.com/booking.status, open booking-MC-7K4Q9P.ics. Mail. Booking.',
      ),
    ).toEqual([])
  })
})
