// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { PublishedReviews } from '~/components/published-reviews'
import type { PublishedReviews as Published } from '~/reviews/published-reviews.server'
import { renderServerMarkup } from '../../tests/support/server-markup'
import { rawKeysIn } from '../../tests/support/raw-keys'

const published: Published = {
  summary: { average: 4.8, count: 23 },
  reviews: [
    {
      score: 4.7,
      comment: 'Şoförümüz çok kibardı.\n<b>Teşekkürler</b>',
      author: 'Ayşe Y.',
      language: 'tr',
      writtenAt: '2026-11-30T22:30:00.000Z',
    },
    {
      score: 5,
      comment: 'Spotless van.',
      author: '',
      language: 'en',
      writtenAt: '2026-10-02T09:00:00.000Z',
    },
  ],
}

const text = () => document.body.textContent ?? ''

/** The travellers' reviews as the server sends them to the home and class pages. */
describe('the published reviews section', () => {
  it('states the rating, then each review with its stars, signature, month and note', async () => {
    await renderServerMarkup(<PublishedReviews published={published} language="en" />)
    expect(document.querySelector('h2')?.textContent).toBe('What travellers said after their ride')
    // After the stars, which are hidden from assistive technology.
    const summary = document.querySelector('.published-reviews__summary')!
    expect(summary.querySelector('.published-reviews__rating')?.textContent).toBe(
      '4.8 out of 5 from 23 reviews',
    )
    expect(summary.querySelector('[aria-hidden="true"]')?.textContent).toMatch(/^★+$/)
    const cards = [...document.querySelectorAll('.published-review')]
    expect(cards).toHaveLength(2)
    expect(cards[0]!.textContent).toContain('Rated 4.7 out of 5')
    // Written in the other language: shown as typed, marked as such.
    const comment = cards[0]!.querySelector('blockquote')!
    expect(comment.getAttribute('lang')).toBe('tr')
    expect(comment.textContent).toBe('Şoförümüz çok kibardı.\n<b>Teşekkürler</b>')
    expect(comment.querySelector('b')).toBeNull()
    // 22:30 UTC on 30 November is December in Istanbul.
    expect(cards[0]!.querySelector('time')?.textContent).toBe('December 2026')
    expect(cards[0]!.textContent).toContain('Ayşe Y.')
    expect(cards[1]!.textContent).toContain('A traveller')
    expect(cards[1]!.textContent).toContain('Written by a traveller after a ride booked with us')
    expect(rawKeysIn(text())).toEqual([])
  })

  it('speaks Turkish on a Turkish page: the number, the month, one review', async () => {
    await renderServerMarkup(
      <PublishedReviews
        published={{ summary: { average: 4, count: 1 }, reviews: [published.reviews[1]!] }}
        language="tr"
      />,
      { language: 'tr' },
    )
    expect(document.querySelector('.published-reviews__rating')?.textContent).toBe(
      '1 değerlendirmeye göre 5 üzerinden 4,0',
    )
    expect(document.querySelector('time')?.textContent).toBe('Ekim 2026')
    expect(document.querySelector('blockquote')?.getAttribute('lang')).toBe('en')
  })

  it('keeps the rating of reviews without a comment, with no list', async () => {
    await renderServerMarkup(
      <PublishedReviews
        published={{ summary: { average: 3, count: 2 }, reviews: [] }}
        language="en"
      />,
    )
    expect(text()).toContain('3.0 out of 5 from 2 reviews')
    expect(document.querySelector('ul')).toBeNull()
  })

  it('is not there at all when nothing is published', async () => {
    await renderServerMarkup(
      <PublishedReviews published={{ summary: null, reviews: [] }} language="en" />,
    )
    expect(document.querySelector('section')).toBeNull()
    expect(text()).toBe('')
  })
})
