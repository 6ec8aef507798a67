import type * as z from 'zod/mini'
import { Form, useLocation, useNavigation } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod/v4'
import type { Route } from './+types/contact'
import { useErrorTitle } from '~/utils/use-error-title'
import { metaDescriptors } from '~/seo/meta'
import { officeHoursIn, phoneHref } from '~/config/site'
import { isLanguage, languageSearchParam } from '~/i18n/config'
import { useErrorText } from '~/forms/error-text'
import { summaryContent } from '~/forms/error-markup'
import { contactSchema } from '~/contact/contact-schema'
import { Honeypot } from '~/forms/honeypot'
import { TextField, TextareaField } from '~/forms/fields'
import { ErrorSummary } from '~/forms/form-errors'
import { PageHero } from '~/components/page-hero'
import { Icon } from '~/components/icons'
import { useSite } from '~/utils/root-data'
import { loadAsDocument, staticPageHandle } from '~/utils/hydrate-handle'
import { FormCheck } from '~/forms/form-check'
import { contactPageAction, contactPageData } from '~/contact/contact-page.server'

// Not hydrated: the form is checked by app/enhancements/form-check.ts.
export const handle = staticPageHandle
export const clientLoader = loadAsDocument

export async function loader({ context, request }: Route.LoaderArgs) {
  return contactPageData(context, request)
}

export async function action({ context, request }: Route.ActionArgs) {
  return contactPageAction(context, request)
}

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta)

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const root = useSite()
  const location = useLocation()
  const mapsQuery = encodeURIComponent(root.address)
  return (
    <>
      <PageHero
        title={t('contact.title')}
        lead={t('contact.lead')}
        crumbs={[{ label: t('contact.title') }]}
      />
      <section className="section" aria-labelledby="offices-title">
        <div className="container contact-grid">
          <div>
            <h2 id="offices-title">{t('contact.officesTitle')}</h2>
            <article className="card office">
              <div className="card__body">
                <h3>{t('contact.istanbulOffice')}</h3>
                <ul className="contact-list">
                  <li>
                    <Icon name="pin" />
                    <span>{root.address}</span>
                  </li>
                  <li>
                    <Icon name="phone" />
                    <a href={phoneHref(root.phone)}>{root.phone}</a>
                  </li>
                  <li>
                    <Icon name="mail" />
                    <a href={`mailto:${root.email}`}>{root.email}</a>
                  </li>
                  <li>
                    <Icon name="clock" />
                    <span>
                      {t('contact.hours', {
                        hours: officeHoursIn(root.officeHours, i18n.language),
                      })}
                    </span>
                  </li>
                  <li>
                    <Icon name="whatsapp" />
                    <a href={`https://wa.me/${root.whatsappNumber}`} rel="noopener noreferrer">
                      {t('contact.whatsapp')}
                    </a>
                  </li>
                </ul>
              </div>
            </article>
            <div className="map-box">
              {root.mapsBrowserKey ? (
                <iframe
                  title={t('contact.mapTitle')}
                  loading="lazy"
                  referrerPolicy="no-referrer-when-downgrade"
                  src={`https://www.google.com/maps/embed/v1/place?key=${encodeURIComponent(root.mapsBrowserKey)}&q=${mapsQuery}`}
                />
              ) : (
                <div className="map-box__fallback">
                  <Icon name="pin" size={32} />
                  <p>{root.address}</p>
                  <a
                    className="button button--ghost"
                    href={`https://www.google.com/maps/search/?api=1&query=${mapsQuery}`}
                    rel="noopener noreferrer"
                  >
                    {t('contact.openInMaps')}
                  </a>
                </div>
              )}
            </div>
          </div>
          <ContactForm
            // A message just sent leaves a fresh, empty form behind (the page stays mounted with JS).
            key={loaderData.sent ? location.key : 'contact-form'}
            lastResult={actionData?.result}
            sent={loaderData.sent}
          />
        </div>
      </section>
    </>
  )
}

function ContactForm({
  lastResult,
  sent,
}: {
  lastResult: SubmissionResult<string[]> | undefined
  sent: boolean
}) {
  const { t } = useTranslation()
  // The rate-limit message names the phone number, here and in the browser's check.
  const errorValues = { '*': { phone: useSite().phone } }
  const errorText = useErrorText(errorValues)
  const location = useLocation()
  const navigation = useNavigation()
  const [form, fields] = useForm<z.infer<typeof contactSchema>>({
    id: 'contact-form',
    lastResult,
    constraint: getZodConstraint(contactSchema),
  })
  const summaryFields = [fields.fullName, fields.email, fields.subject, fields.message]
  const summary = summaryContent({
    errors: [
      [form.id, form.errors],
      ...summaryFields.map((field) => [field.name, field.errors] as const),
    ],
    fields: summaryFields.map((field) => ({ name: field.name, target: field.id })),
    mode: 'messages',
    title: t('contact.errorSummary'),
    text: errorText,
  })
  // The summary and the 'Error: ' title come with a submission, not with every blur.
  const failed = form.status === 'error' && summary !== null
  useErrorTitle(failed)
  const language = new URLSearchParams(location.search).get(languageSearchParam)
  // The fragment brings a reader without JavaScript back to the form after the POST
  // (a redirect keeps it); with JavaScript the page simply stays where it is.
  const action = `/contact${isLanguage(language) ? `?${languageSearchParam}=${language}` : ''}#contact-form-section`
  const sending =
    navigation.state === 'submitting' && navigation.formAction?.startsWith('/contact') === true

  return (
    <div id="contact-form-section" className="contact-form-section">
      <h2 id="form-title">{t('contact.formTitle')}</h2>
      <p>{t('contact.formLead')}</p>
      {sent && !failed ? (
        <div className="alert alert--success" role="status">
          <p>{t('contact.sent')}</p>
        </div>
      ) : null}
      <Form
        method="post"
        action={action}
        preventScrollReset
        // With a script the answer replaces the section in place (app/enhancements/swap-form.ts).
        data-swap="contact-form-section"
        className="form-card"
        aria-labelledby="form-title"
        {...getFormProps(form, { ariaAttributes: false })}
      >
        {failed ? <ErrorSummary content={summary} /> : null}
        <TextField
          field={fields.fullName}
          label={t('contact.fullName')}
          autoComplete="name"
          text={errorText}
        />
        <TextField
          field={fields.email}
          label={t('contact.email')}
          type="email"
          autoComplete="email"
          text={errorText}
        />
        <TextField
          field={fields.subject}
          label={t('contact.subject')}
          autoComplete={undefined}
          text={errorText}
        />
        <TextareaField
          field={fields.message}
          label={t('contact.message')}
          rows={6}
          text={errorText}
        />
        <Honeypot id="contact-website" />
        <FormCheck
          schema="contact"
          sections={['contact.errors']}
          values={errorValues}
          summary={{ mode: 'submit', title: t('contact.errorSummary') }}
        />
        <button
          type="submit"
          className="button button--accent"
          aria-disabled={sending}
          // Pressing the button would first blur the field being typed in: its error would
          // push the button down before the click lands, and the click would be lost. So
          // the focus moves only once the click has landed (then to the first wrong field).
          onMouseDown={(event) => event.preventDefault()}
          onClick={(event) => event.currentTarget.focus()}
        >
          {sending ? t('contact.sending') : t('contact.submit')}
        </button>
      </Form>
    </div>
  )
}
