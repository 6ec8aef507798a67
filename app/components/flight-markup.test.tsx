// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { JobFlight, PickupTime } from '~/components/ops/flight-status'
import { MeetingPointCard } from '~/components/ride/meeting-point-card'
import type { FlightView } from '~/flights/flight-view.server'
import type { MeetingPoint, RideFlight } from '~/traveller/ride-status'
import { renderServerMarkup } from '../../tests/support/server-markup'
import { rawKeysIn } from '../../tests/support/raw-keys'

/** The flight pieces of the driver's card, the board and the ride page, as the server sends them. */

const landed: FlightView = {
  ident: 'TK1984',
  status: 'landed',
  line: 'landed',
  scheduledLanding: '14:30',
  expectedLanding: '15:10',
  actualLanding: '15:10',
  terminal: '1',
  gate: null,
  bookedPickup: '15:00',
  expectedPickup: '15:40',
  expectedPickupAt: '2026-12-12T12:40:00.000Z',
  freeWaitingEnds: '16:10',
  checkedAt: '15:12',
}

const airport: MeetingPoint = {
  kind: 'airport',
  airport: 'saw',
  name: 'Sabiha Gökçen Airport',
  sign: 'Ayşe Yılmaz',
}

const text = () => document.body.textContent ?? ''

describe('the flight on the driver’s card and the board', () => {
  it('says the moved pickup, where the plane is and the free waiting', async () => {
    await renderServerMarkup(<JobFlight flight={landed} />)
    expect(text()).toContain('Pickup moved to 15:40 (booked 15:00)')
    expect(text()).toContain('TK1984 landed at 15:10, terminal 1 (checked at 15:12)')
    expect(text()).toContain('Free waiting until 16:10')
    expect(rawKeysIn(text())).toEqual([])
  })

  it('says a cancelled flight without a moved pickup, in Turkish', async () => {
    await renderServerMarkup(
      <JobFlight
        flight={{
          ...landed,
          status: 'cancelled',
          line: 'cancelled',
          actualLanding: null,
          terminal: null,
          expectedPickup: null,
          expectedPickupAt: null,
          freeWaitingEnds: null,
        }}
      />,
      { language: 'tr' },
    )
    expect(text()).toContain('TK1984 iptal edildi: ofisi arayın')
    expect(text()).not.toMatch(/Alış .* kaydı|Ücretsiz bekleme/)
    expect(rawKeysIn(text())).toEqual([])
  })

  it('shows the booked time, and the moved one beside it in words and arrow', async () => {
    await renderServerMarkup(<PickupTime booked="15:00" flight={null} />)
    expect(text()).toBe('15:00')
    await renderServerMarkup(<PickupTime booked="15:00" flight={landed} />)
    expect(document.querySelector('[aria-hidden="true"]')?.textContent).toBe('15:00 → 15:40')
    expect(document.querySelector('.visually-hidden')?.textContent).toBe('15:00, moved to 15:40')
  })
})

describe('the flight on the traveller’s meeting card', () => {
  const expected: RideFlight = {
    ident: 'TK1984',
    line: 'expected',
    landing: '16:10',
    pickup: '16:40',
    freeWaitingEnds: null,
    checkedAt: '14:02',
  }

  it('says when the plane lands and when the driver is there, inside the live part', async () => {
    await renderServerMarkup(
      <MeetingPointCard meeting={airport} companyPhone="+90 216 000 00 00" flight={expected} />,
    )
    const part = document.querySelector('[data-live-part="meeting"]')
    expect(part?.textContent).toContain(
      'Your flight TK1984 is expected at 16:10; your driver will be there at 16:40.',
    )
    expect(part?.textContent).toContain('Flight status as of 14:02.')
    expect(rawKeysIn(text())).toEqual([])
  })

  it('asks the traveller to call about a cancelled or diverted flight, in both languages', async () => {
    for (const language of ['en', 'tr'] as const) {
      for (const line of ['cancelled', 'diverted', 'landed', 'scheduled'] as const) {
        await renderServerMarkup(
          <MeetingPointCard
            meeting={airport}
            companyPhone="+90 216 000 00 00"
            flight={{ ...expected, line, freeWaitingEnds: line === 'landed' ? '17:10' : null }}
          />,
          { language },
        )
        expect(rawKeysIn(text())).toEqual([])
        const call = document.querySelector('.meeting__flight a[href^="tel:"]')
        expect(call !== null).toBe(line === 'cancelled' || line === 'diverted')
      }
    }
    expect(text()).toContain('TK1984 uçuşunuzun planlanan iniş saati 16:10')
  })

  it('says nothing of a flight on the shared page, nor without one', async () => {
    await renderServerMarkup(
      <MeetingPointCard
        meeting={airport}
        companyPhone="+90 216 000 00 00"
        flight={expected}
        guest
      />,
    )
    expect(document.querySelector('.meeting__flight')).toBeNull()
    await renderServerMarkup(
      <MeetingPointCard meeting={airport} companyPhone="+90 216 000 00 00" />,
    )
    expect(document.querySelector('.meeting__flight')).toBeNull()
    expect(text()).not.toContain('TK1984')
  })
})
