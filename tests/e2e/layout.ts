import { expect, type Page, type TestInfo } from '@playwright/test'
import { openIn, publicPages, waitForHydration, type Language } from './helpers'
import { cards, date, tripTime, vehicleStep } from './booking-helpers'

/**
 * Everything on the page, as laid out now, that reaches past the left or right
 * edge of the viewport: a page wider than the window, `overflow-x: hidden` on
 * the page (which would only hide such content), every element box and every
 * run of text outside [0, viewport width]. Empty when the page reflows.
 *
 * Only the outermost of nested offenders is named, with its box, so a failure
 * points at the rule to fix. No element is exempt: the site has no region
 * meant to scroll sideways.
 */
export async function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = []
    const root = document.documentElement
    const width = root.clientWidth
    if (root.scrollWidth > width) {
      problems.push(`the page is ${root.scrollWidth} px wide in a ${width} px viewport`)
    }
    for (const element of [root, document.body]) {
      const { overflowX } = getComputedStyle(element)
      if (overflowX === 'hidden' || overflowX === 'clip') {
        problems.push(`<${element.tagName.toLowerCase()}> has overflow-x: ${overflowX}`)
      }
    }

    const tolerance = 0.5
    const outside = (box: DOMRect) =>
      (box.width > 0 || box.height > 0) &&
      (box.left + window.scrollX < -tolerance || box.right + window.scrollX > width + tolerance)
    const name = (element: Element) => {
      const classes = [...element.classList].map((item) => `.${item}`).join('')
      const id = element.id ? `#${element.id}` : ''
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40)
      return `<${element.tagName.toLowerCase()}${id}${classes}>${text ? ` "${text}"` : ''}`
    }
    const span = (box: DOMRect) =>
      `${Math.round(box.left + window.scrollX)}..${Math.round(box.right + window.scrollX)} px`

    // Text kept for screen readers only (clipped to a pixel) is hidden on purpose.
    const hiddenOnPurpose = (element: Element) => {
      for (let item: Element | null = element; item; item = item.parentElement) {
        const style = getComputedStyle(item)
        if (style.clip !== 'auto' || style.clipPath !== 'none') return true
      }
      return false
    }
    const elements = [...document.body.querySelectorAll('*')].filter(
      // The parts of an inline icon are drawn (and clipped) by their <svg>.
      (element) => !element.parentElement?.closest('svg') && !hiddenOnPurpose(element),
    )
    const offenders = new Set<Element>()
    for (const element of elements) {
      if (outside(element.getBoundingClientRect())) offenders.add(element)
    }
    for (const element of offenders) {
      if (element.parentElement && offenders.has(element.parentElement)) continue
      problems.push(`${name(element)} spans ${span(element.getBoundingClientRect())}`)
    }

    // Text can overflow a box that itself fits (a long word in a narrow column), or run
    // out of its own box into the next one (a label wider than its grid cell).
    const boxesAround = (element: Element) => {
      const boxes: Element[] = []
      for (
        let item: Element | null = element;
        item && item !== document.body;
        item = item.parentElement
      ) {
        const style = getComputedStyle(item)
        if (style.display !== 'inline' && style.display !== 'contents') boxes.push(item)
        // Beyond a box taken out of the flow, its ancestors' edges do not hold it.
        if (style.position === 'absolute' || style.position === 'fixed') break
      }
      return boxes
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    const range = document.createRange()
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement
      const text = node.textContent?.trim()
      if (!parent || !text || offenders.has(parent)) continue
      if (parent.closest('script, style, template, noscript, svg') || hiddenOnPurpose(parent))
        continue
      range.selectNodeContents(node)
      const runs = [...range.getClientRects()].filter((box) => box.width > 0)
      const outOfPage = runs.find(outside)
      if (outOfPage) {
        problems.push(`text "${text.slice(0, 40)}" in ${name(parent)} spans ${span(outOfPage)}`)
        continue
      }
      for (const box of boxesAround(parent)) {
        const edges = box.getBoundingClientRect()
        const past = runs.find(
          (run) => run.left < edges.left - tolerance || run.right > edges.right + tolerance,
        )
        if (!past) continue
        problems.push(
          `text "${text.slice(0, 40)}" spans ${span(past)}, out of ${name(box)} at ${span(edges)}`,
        )
        break
      }
    }
    return problems
  })
}

/**
 * Runs of visible text drawn over other text: a label running into its neighbour,
 * a price over a model name. Each pair once, by their words.
 */
export async function overlappingText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const hiddenOnPurpose = (element: Element) => {
      for (let item: Element | null = element; item; item = item.parentElement) {
        const style = getComputedStyle(item)
        if (style.clip !== 'auto' || style.clipPath !== 'none' || Number(style.opacity) === 0)
          return true
      }
      return false
    }
    // What lies on its own layer (the sticky header, a dialog, an open menu) covers
    // the page under it: only text on one layer is compared.
    const layerOf = (element: Element) => {
      for (let item: Element | null = element; item; item = item.parentElement) {
        const { position } = getComputedStyle(item)
        if (position === 'fixed' || position === 'sticky') return item
        if (item.matches('dialog[open], :popover-open')) return item
      }
      return document.body
    }
    const runs: { text: string; node: Node; layer: Element; box: DOMRect }[] = []
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    const range = document.createRange()
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement
      const text = node.textContent?.trim()
      if (!parent || !text || parent.closest('script, style, template, noscript, svg')) continue
      if (!parent.checkVisibility({ visibilityProperty: true }) || hiddenOnPurpose(parent)) continue
      range.selectNodeContents(node)
      for (const box of range.getClientRects()) {
        if (box.width > 0 && box.height > 0) {
          runs.push({ text: text.slice(0, 30), node, layer: layerOf(parent), box })
        }
      }
    }
    const problems = new Set<string>()
    for (let i = 0; i < runs.length; i++) {
      for (let j = i + 1; j < runs.length; j++) {
        const a = runs[i]!
        const b = runs[j]!
        if (a.node === b.node || a.layer !== b.layer) continue
        const width = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left)
        const height = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top)
        // Glyph boxes of tight lines touch; text over text covers a good part of a line.
        if (width > 2 && height > 0.4 * Math.min(a.box.height, b.box.height)) {
          problems.add(`"${a.text}" overlaps "${b.text}"`)
        }
      }
    }
    return [...problems]
  })
}

/**
 * Form fields too short for their own text: a select or date whose box leaves less
 * than a line for what it shows (a fixed height under enlarged text).
 */
export async function fieldsTooShort(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('input, select, textarea')]
      .filter((field) => {
        const type = field.getAttribute('type')
        if (type === 'hidden' || type === 'checkbox' || type === 'radio') return false
        if (!field.checkVisibility({ visibilityProperty: true })) return false
        const style = getComputedStyle(field)
        if (style.clipPath !== 'none' || field.closest('[aria-hidden="true"]')) return false
        const content =
          field.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom)
        return content < parseFloat(style.fontSize) * 1.1
      })
      .map((field) => {
        const style = getComputedStyle(field)
        return `<${field.tagName.toLowerCase()}#${field.id}> is ${field.clientHeight} px high with ${style.fontSize} text`
      }),
  )
}

/**
 * One-line fields stretched taller than their text needs (a field growing with the
 * tallest field of its grid row): their height is one line, the padding and the
 * border, or the 48 px minimum.
 */
export async function fieldsStretched(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('input, select')]
      .filter((field) => {
        const type = field.getAttribute('type')
        if (type === 'hidden' || type === 'checkbox' || type === 'radio') return false
        if (!field.checkVisibility({ visibilityProperty: true })) return false
        const style = getComputedStyle(field)
        if (style.clipPath !== 'none') return false
        const needed =
          parseFloat(style.lineHeight) +
          parseFloat(style.paddingTop) +
          parseFloat(style.paddingBottom) +
          parseFloat(style.borderTopWidth) +
          parseFloat(style.borderBottomWidth)
        return field.offsetHeight > Math.max(needed, parseFloat(style.minHeight) || 0) + 2
      })
      .map(
        (field) => `<${field.tagName.toLowerCase()}#${field.id}> is ${field.offsetHeight} px high`,
      ),
  )
}

/**
 * Everything that keeps the page from reading as laid out: sideways overflow, text
 * over text, fields too short for their text or stretched past it. Soft, so one run lists every page's.
 */
export async function expectReadable(page: Page, what: string) {
  const where = `${what} at ${page.viewportSize()?.width} px (${page.url()})`
  expect.soft(await horizontalOverflow(page), where).toEqual([])
  expect.soft(await overlappingText(page), where).toEqual([])
  expect.soft(await fieldsTooShort(page), where).toEqual([])
  expect.soft(await fieldsStretched(page), where).toEqual([])
}

/**
 * How a walk over the pages looks at them. `rootFontSize` sets the root element's
 * font size on every page before it is checked (200 %: a reader's own style sheet or
 * a bookmarklet doubling the text). Unlike the browser's font-size setting it moves
 * no media query (their em stay at the usual 16 px): only the stylesheet's container
 * queries in rem follow it. It is set from the test (as the checks read the page), so
 * the pages without JavaScript get it too. `day` is the booking walk's trip date
 * (tomorrow unless said).
 */
export interface CheckOptions {
  rootFontSize?: string
  day?: string
}

/** The page, settled, as `options` say it is to be seen, then checked. */
async function lookAt(page: Page, testInfo: TestInfo, what: string, options: CheckOptions) {
  await settle(page, testInfo)
  if (options.rootFontSize) await setRootFontSize(page, options.rootFontSize)
  await expectReadable(page, what)
}

/** Sets the root element's font size, and checks that the page took it. */
export async function setRootFontSize(page: Page, size: string) {
  const pixels = await page.evaluate((size) => {
    document.documentElement.style.setProperty('font-size', size)
    return getComputedStyle(document.documentElement).fontSize
  }, size)
  expect(pixels, `the root font size ${size}`).not.toBe('16px')
}

/** Every public page, a filtered list, the not-found page and the refused contact form. */
export async function checkEveryPublicPage(
  page: Page,
  testInfo: TestInfo,
  language: Language,
  options: CheckOptions = {},
) {
  const paths = [...publicPages.map(({ path }) => path), '/fleet-list?type=Ford', '/no-such-page']
  for (const path of paths) {
    await openIn(page, path, language)
    await lookAt(page, testInfo, path, options)
  }
  await openIn(page, '/contact', language)
  await settle(page, testInfo)
  await page.locator('#contact-form button[type="submit"]').click()
  await expect(page.locator('#contact-form [aria-invalid="true"]').first()).toBeVisible()
  await lookAt(page, testInfo, 'the refused contact form', options)
}

/**
 * The whole booking with its error states, checked at every stop: the search's
 * refusals (the apology dialog for a place outside the area, an unknown place, a
 * whole city, one place twice), the four steps, the passenger and payment forms
 * refused, the simulator, a declined card, the received page, invoice and completion.
 * Fields are found by name, so the walk is the same in both languages. `slot` is the
 * trip time's slot (see tripTime): one per spec and language (and trip date,
 * `options.day`).
 */
export async function checkEveryBookingStep(
  page: Page,
  testInfo: TestInfo,
  language: Language,
  slot: number,
  options: CheckOptions = {},
) {
  const time = tripTime(testInfo, slot)
  const day = options.day ?? date
  const stop = async (what: string, url: RegExp) => {
    await expect(page).toHaveURL(url)
    await lookAt(page, testInfo, what, options)
  }
  const search = (pickup: string, destination: string) =>
    `/booking-vehicle?${new URLSearchParams({ date: day, time, pickup, destination })}`
  await openIn(page, search('Ankara', 'SAW'), language)
  await expect(page.getByRole('dialog')).toBeVisible()
  await stop('the apology for a place outside the area', /\/booking-vehicle\?/)
  for (const [pickup, destination] of [
    ['Kadikoyy', 'SAW'],
    ['İstanbul, Türkiye', 'Bursa'],
    ['Kadıköy', 'Kadıköy'],
  ] as const) {
    await openIn(page, search(pickup, destination), language)
    await expect(page.locator('#search-error')).toBeVisible()
    await stop(`the search refused for ${pickup} to ${destination}`, /\/booking-vehicle\?/)
  }

  await openIn(page, vehicleStep(time, day), language)
  await stop('the vehicle step', /\/booking-vehicle\?/)
  await page.locator('button[name="vehicleClass"]').first().click()
  await stop('the extras step', /\/booking-extra$/)
  await page.locator('button[name="intent"][value="continue"]').click()
  await stop('the passenger step', /\/booking-passenger$/)

  const passenger = page.locator('form[aria-labelledby="passenger-form-title"]')
  await passenger.locator('button[type="submit"]').click()
  await expect(passenger.locator('[aria-invalid="true"]').first()).toBeVisible()
  await stop('the refused passenger form', /\/booking-passenger$/)
  await passenger.locator('[name="name"]').fill('Ayşe')
  await passenger.locator('[name="lastName"]').fill('Yılmaz')
  await passenger.locator('[name="email"]').fill('ayse.yilmaz.long-address@example.com.tr')
  await passenger.locator('[name="phone"]').fill('+90 532 123 45 67')
  await passenger.locator('[name="passengers"]').selectOption('2')
  await passenger.locator('[name="luggage"]').selectOption('1')
  await passenger.locator('[name="flightNumber"]').fill('TK1984')
  await passenger.locator('button[type="submit"]').click()
  await stop('the payment step', /\/booking-payment$/)

  const payment = page.locator('#payment-form')
  await payment.locator('[name="address"]').fill('')
  await payment.locator('.booking-step__actions button[type="submit"]').click()
  await expect(payment.locator('[aria-invalid="true"]').first()).toBeVisible()
  await stop('the refused payment form', /\/booking-payment$/)
  await payment.locator('[name="address"]').fill('Bağdat Caddesi 1')
  await payment.locator('[name="city"]').fill('İstanbul')
  await payment.locator('[name="zipcode"]').fill('34710')
  await payment.locator('[name="country"]').fill('Türkiye')
  await payment.locator('[name="acceptTerms"]').check()

  // The simulator's page: a card, then back to the site (by itself with JavaScript).
  const pay = async (card: string) => {
    await page.locator('[name="cardNumber"]').fill(card)
    await page.locator('.simulator__form button[type="submit"]').click()
    if (testInfo.project.use.javaScriptEnabled === false) {
      // The card's answer is a new document: measure it once it is there, not the
      // one being replaced (which has no root element for a moment).
      const backToSite = page.locator('main form:has([name="token"]) button[type="submit"]')
      await expect(backToSite).toBeVisible()
      if (options.rootFontSize) await setRootFontSize(page, options.rootFontSize)
      await expectReadable(page, 'the simulator after paying')
      await backToSite.click()
    }
  }
  await payment.locator('.booking-step__actions button[type="submit"]').click()
  await stop('the payment simulator', /\/payment-simulator\/[\w-]+$/)
  await pay(cards.declined)
  await stop('the payment step after a declined card', /\/booking-payment/)
  await payment.locator('[name="acceptTerms"]').check()
  await payment.locator('.booking-step__actions button[type="submit"]').click()
  await expect(page).toHaveURL(/\/payment-simulator\/[\w-]+$/)
  await pay(cards.success)
  await stop('the received page', /\/booking-received$/)

  for (const path of ['/invoice', '/booking-completion']) {
    await openIn(page, path, language)
    await lookAt(page, testInfo, path, options)
  }
}

/** With JavaScript, the page as the traveller sees it once React has taken over. */
export async function settle(page: Page, testInfo: TestInfo) {
  if (testInfo.project.use.javaScriptEnabled !== false) await waitForHydration(page)
  // Without scripts a form's answer is a new document: its address can change before
  // the document has a body to measure, so wait for it to load.
  else await page.waitForLoadState('load')
}
