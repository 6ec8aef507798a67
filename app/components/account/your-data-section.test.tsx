import { renderToString } from 'react-dom/server'
import { createInstance } from 'i18next'
import { I18nextProvider } from 'react-i18next'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'
import { resources } from '~/i18n/resources'
import { interpolation } from '~/i18n/interpolation'
import { keyCheckOptions } from '~/i18n/key-checks'
import type { Language } from '~/i18n/config'
import { rideToComeError } from '~/accounts/delete-account-form'
import { YourDataSection } from './your-data-section'

type Props = Parameters<typeof YourDataSection>[0]

/** Proved by a sign-in two minutes ago, with a password. */
const recentProof = { recent: true, until: '14:40', hasPassword: true }

/** The section as the account page renders it on the server, in `language`. */
function render(language: Language, refused?: Props['refused'], props: Partial<Props> = {}) {
  const i18n = createInstance()
  void i18n.init({
    resources,
    lng: language,
    fallbackLng: 'en',
    initAsync: false,
    interpolation,
    ...keyCheckOptions(),
  })
  const Stub = createRoutesStub([
    {
      path: '/account',
      Component: () => (
        <YourDataSection verified proof={recentProof} refused={refused} {...props} />
      ),
    },
  ])
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <Stub initialEntries={['/account']} />
    </I18nextProvider>,
  )
}

describe('the "Your data" section', () => {
  it('links the download and posts the deletion, in both languages', () => {
    const english = render('en')
    expect(english).toContain('href="/account/your-data.json"')
    expect(english).toContain('Download my data')
    expect(english).toMatch(/<form id="delete-account"[^>]*method="post"/)
    expect(english).not.toContain('field__error')
    const turkish = render('tr')
    expect(turkish).toContain('Verilerimi indir')
    expect(turkish).toContain('Hesabımı sil')
  })

  it('shows a refusal beside the field and in the summary, keeping what was typed', () => {
    const html = render('tr', {
      typed: 'ayse@example.org',
      errors: {
        confirmEmail: [
          rideToComeError({ reference: 'MC-7K4Q9P', date: '2 Aralık 2026', time: '10:00' }),
        ],
      },
    })
    expect(html).toContain('value="ayse@example.org"')
    expect(html).toContain('aria-invalid="true"')
    expect(html).toMatch(
      /id="delete-account-confirmEmail-error" class="field__error">2 Aralık 2026 günü saat 10:00 için bir yolculuğunuz var \(MC-7K4Q9P\)/,
    )
    expect(html).toContain('error-summary')
    expect(html).toContain('href="#delete-account-confirmEmail"')
  })

  it('asks a holder who proved who they are long ago to confirm first, and offers neither', () => {
    const english = render('en', undefined, {
      proof: { recent: false, until: null, hasPassword: true },
      asked: true,
    })
    expect(english).toContain('Confirm it is you')
    expect(english).toContain('For your safety, confirm it is you first')
    expect(english).toContain('value="confirmIdentity"')
    expect(english).toContain('autoComplete="current-password"')
    expect(english).toContain('value="confirmByLink"')
    expect(english).not.toContain('/account/your-data.json')
    expect(english).not.toContain('value="deleteAccount"')
    // Without a password, the e-mailed link is the one way.
    const linkOnly = render('tr', undefined, {
      proof: { recent: false, until: null, hasPassword: false },
    })
    expect(linkOnly).toContain('Bana e-postayla giriş bağlantısı gönderin')
    expect(linkOnly).not.toContain('value="confirmIdentity"')
  })

  it('shows a refused password beside its field', () => {
    const html = render('en', undefined, {
      proof: { recent: false, until: null, hasPassword: true },
      confirmError: 'yourData.errors.passwordWrong',
    })
    expect(html).toContain('aria-invalid="true"')
    expect(html).toMatch(
      /id="confirm-identity-password-error" class="field__error">This password is not right/,
    )
  })

  it('offers an account whose address is not proved no download, and a deletion of itself alone', () => {
    const html = render('en', undefined, { verified: false })
    expect(html).not.toContain('/account/your-data.json')
    expect(html).toContain('value="deleteAccount"')
    expect(html).toContain('nothing else we hold about the address changes')
    expect(html).not.toContain('erases your contact details')
  })
})
