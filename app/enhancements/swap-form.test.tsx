// @vitest-environment happy-dom
import type { ComponentProps } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import Contact from '~/routes/site/contact'
import { get, type } from '../../tests/support/dom-events'
import { renderServerMarkup } from '../../tests/support/server-markup'
import { enhanceIn } from './features'

// happy-dom's page address: the answer's must be of the same origin.
const contactUrl = `${window.location.origin}/contact`

/** The contact page's main part as the server renders it. */
async function renderContact({ sent = false } = {}) {
  // Only what the page reads of its route's props.
  const props = { loaderData: { sent }, actionData: undefined } as unknown as ComponentProps<
    typeof Contact
  >
  await renderServerMarkup(
    <main id="main">
      <Contact {...props} />
    </main>,
    { url: sent ? `${contactUrl}?sent=1` : contactUrl },
  )
}

/** The page a sent message redirects to, as a whole document. */
async function thanksPage(): Promise<string> {
  await renderContact({ sent: true })
  return `<!doctype html><html><head><title>Thanks | Test</title></head><body>${document.body.innerHTML}</body></html>`
}

function answer(html: string, url: string): Response {
  return {
    ok: true,
    status: 200,
    redirected: true,
    url,
    headers: new Headers({ 'Content-Type': 'text/html; charset=utf-8' }),
    text: async () => html,
  } as Response
}

const form = () => get<HTMLFormElement>('#contact-form')
const field = (name: string) => get<HTMLInputElement>(`#contact-form-${name}`)

function fillIn() {
  type(field('fullName'), 'Ayşe Yılmaz')
  type(field('email'), 'ayse@example.com')
  type(field('subject'), 'Airport pickup')
  type(field('message'), 'Hello')
}

function send() {
  const button = get<HTMLButtonElement>('button[type="submit"]', form())
  button.focus()
  form().requestSubmit(button)
}

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>

beforeEach(async () => {
  sessionStorage.clear()
  window.history.replaceState(null, '', '/contact')
  const thanks = await thanksPage()
  fetchMock = vi.fn<typeof fetch>(async () => answer(thanks, `${contactUrl}?sent=1`))
  vi.stubGlobal('fetch', fetchMock)
  await renderContact()
  document.title = 'Contact | Test'
  // The page's features as app/enhancements/enhance.ts sets them up.
  await enhanceIn(document)
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('the contact form sent with a script', () => {
  it('posts what was typed and puts the answer in place of its section', async () => {
    fillIn()
    const section = get('#contact-form-section')
    send()

    await vi.waitFor(() => expect(section.querySelector('.alert--success')).not.toBeNull())
    expect(fetchMock).toHaveBeenCalledOnce()
    const [url, init] = fetchMock.mock.calls[0]!
    expect(String(url)).toBe(contactUrl)
    expect(init?.method).toBe('POST')
    expect((init?.body as FormData).get('email')).toBe('ayse@example.com')
    // The section stays the element it was; the address and the title are the answer's.
    expect(get('#contact-form-section')).toBe(section)
    expect(window.location.href).toBe(`${contactUrl}?sent=1`)
    expect(document.title).toBe('Thanks | Test')
    expect(field('email').value).toBe('')
  })

  it('moves the focus, lost with the replaced button, to the page’s heading', async () => {
    fillIn()
    send()
    await vi.waitFor(() => expect(document.activeElement).toBe(get('main h1')))
  })

  it('gives the fresh form its check', async () => {
    fillIn()
    send()
    await vi.waitFor(() => expect(document.querySelector('.alert--success')).not.toBeNull())
    await vi.waitFor(() => {
      field('email').focus()
      field('email').blur()
      expect(field('email').getAttribute('aria-invalid')).toBe('true')
    })
  })

  it('is not sent when the check refuses it', () => {
    send()
    expect(fetchMock).not.toHaveBeenCalled()
    expect(document.activeElement).toBe(field('fullName'))
  })

  it('is sent as without a script when the answer does not arrive', async () => {
    fetchMock.mockRejectedValue(new TypeError('offline'))
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {})
    fillIn()
    send()
    await vi.waitFor(() => expect(submit).toHaveBeenCalledOnce())
    expect((submit.mock.contexts[0] as HTMLFormElement | undefined)?.id).toBe('contact-form')
  })
})
