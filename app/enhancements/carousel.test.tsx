// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TestimonialCarousel } from '~/components/testimonial-carousel'
import { get } from '../../tests/support/dom-events'
import { renderServerMarkup } from '../../tests/support/server-markup'
import { enhance, TESTIMONIAL_AUTOPLAY_MS } from './carousel'

const items = [
  { id: 1, name: 'Ayşe Yılmaz', role: 'Traveller', content: 'On time.' },
  { id: 2, name: 'John Smith', role: 'Guest', content: 'Kind driver.' },
  { id: 3, name: 'Mia Rossi', role: 'Guest', content: 'Clean car.' },
]

async function renderCarousel({ reducedMotion = false } = {}) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      ({ matches: reducedMotion && query.includes('reduce'), media: query }) as MediaQueryList,
  )
  await renderServerMarkup(<TestimonialCarousel items={items} />)
  enhance([...document.querySelectorAll('.testimonials')])
}

const slides = () => [...document.querySelectorAll<HTMLElement>('.testimonial')]
const dots = () => [
  ...document.querySelectorAll<HTMLButtonElement>('.testimonials__pagination button'),
]

/** The one slide shown, checked against the pagination's pressed button. */
function shown(): number {
  const visible = slides().flatMap((slide, index) => (slide.hidden ? [] : [index]))
  expect(visible).toHaveLength(1)
  const pressed = dots().flatMap((dot, index) =>
    dot.getAttribute('aria-pressed') === 'true' ? [index] : [],
  )
  expect(pressed).toEqual(visible)
  return visible[0]!
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('the testimonials', () => {
  it('become a carousel named as the server says, one slide shown', async () => {
    await renderCarousel()
    const root = get('.testimonials')
    expect(root.classList.contains('is-enhanced')).toBe(true)
    expect(root.getAttribute('aria-roledescription')).toBe(root.dataset.carouselLabel)
    expect(slides()[1]!.getAttribute('aria-label')).toBe(slides()[1]!.dataset.position)
    expect(dots().map((dot) => dot.getAttribute('aria-label'))).toEqual(
      slides().map((slide) => slide.dataset.show),
    )
    expect(shown()).toBe(0)
  })

  it('move by themselves, round the end, silently', async () => {
    await renderCarousel()
    vi.advanceTimersByTime(TESTIMONIAL_AUTOPLAY_MS)
    expect(shown()).toBe(1)
    vi.advanceTimersByTime(2 * TESTIMONIAL_AUTOPLAY_MS)
    expect(shown()).toBe(0)
    expect(get('.testimonials__track').getAttribute('aria-live')).toBe('off')
  })

  it('stay while the focus is in them, and say their changes then', async () => {
    await renderCarousel()
    dots()[2]!.focus()
    expect(get('.testimonials__track').getAttribute('aria-live')).toBe('polite')

    dots()[2]!.click()
    expect(shown()).toBe(2)
    vi.advanceTimersByTime(3 * TESTIMONIAL_AUTOPLAY_MS)
    expect(shown()).toBe(2)

    dots()[2]!.blur()
    vi.advanceTimersByTime(TESTIMONIAL_AUTOPLAY_MS)
    expect(shown()).toBe(0)
  })

  it('stay while the pointer is on them', async () => {
    await renderCarousel()
    get('.testimonials').dispatchEvent(new MouseEvent('mouseenter'))
    vi.advanceTimersByTime(2 * TESTIMONIAL_AUTOPLAY_MS)
    expect(shown()).toBe(0)
    get('.testimonials').dispatchEvent(new MouseEvent('mouseleave'))
    vi.advanceTimersByTime(TESTIMONIAL_AUTOPLAY_MS)
    expect(shown()).toBe(1)
  })

  it('never move by themselves for a reader who asks for reduced motion', async () => {
    await renderCarousel({ reducedMotion: true })
    vi.advanceTimersByTime(5 * TESTIMONIAL_AUTOPLAY_MS)
    expect(shown()).toBe(0)
    dots()[1]!.click()
    expect(shown()).toBe(1)
  })
})
