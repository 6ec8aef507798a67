// The home page's testimonials: without a script every one is shown; with it
// they become a looping carousel with pagination that moves every 10 s, pausing
// while the pointer or the focus is on it and never moving for readers who ask
// for reduced motion. The texts come translated in the markup
// (components/testimonial-carousel.tsx).

/** Autoplay interval of the home testimonials: 10 s. */
export const TESTIMONIAL_AUTOPLAY_MS = 10_000

export function enhance(carousels: Element[]) {
  for (const carousel of carousels) {
    if (carousel instanceof HTMLElement) enhanceCarousel(carousel)
  }
}

function enhanceCarousel(root: HTMLElement) {
  const track = root.querySelector('.testimonials__track')
  const slides = [...root.querySelectorAll<HTMLElement>('.testimonial')]
  root.classList.add('is-enhanced')
  root.setAttribute('aria-roledescription', root.dataset.carouselLabel ?? '')
  for (const slide of slides) {
    slide.setAttribute('aria-roledescription', root.dataset.slideLabel ?? '')
    slide.setAttribute('aria-label', slide.dataset.position ?? '')
  }

  let active = 0
  let paused = false
  const buttons = slides.length > 1 ? slides.map((slide, index) => pageButton(slide, index)) : []
  if (buttons.length) {
    const pagination = document.createElement('div')
    pagination.className = 'testimonials__pagination'
    pagination.append(...buttons)
    root.append(pagination)
  }

  function show(index: number) {
    active = index
    slides.forEach((slide, position) => (slide.hidden = position !== index))
    buttons.forEach((button, position) =>
      button.setAttribute('aria-pressed', String(position === index)),
    )
  }
  // Slides fade in only once the carousel has moved, not when it is first set up.
  function move(index: number) {
    root.classList.add('has-moved')
    show(index)
  }
  function pageButton(slide: HTMLElement, index: number) {
    const button = document.createElement('button')
    button.type = 'button'
    button.className = 'dot'
    button.setAttribute('aria-label', slide.dataset.show ?? String(index + 1))
    button.addEventListener('click', () => move(index))
    return button
  }
  function pause(on: boolean) {
    paused = on
    // While paused, a change is said; while it moves by itself, it is not.
    track?.setAttribute('aria-live', on ? 'polite' : 'off')
  }

  show(0)
  root.addEventListener('mouseenter', () => pause(true))
  root.addEventListener('mouseleave', () => pause(false))
  root.addEventListener('focusin', () => pause(true))
  root.addEventListener('focusout', () => pause(false))
  if (slides.length < 2 || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return
  window.setInterval(() => {
    if (!paused) move((active + 1) % slides.length)
  }, TESTIMONIAL_AUTOPLAY_MS)
}
