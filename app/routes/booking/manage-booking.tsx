import type * as z from 'zod/mini'
import { Form, Link, useLocation, useNavigation } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod/v4'
import type { Route } from './+types/manage-booking'
import { useErrorTitle } from '~/utils/use-error-title'
import { metaDescriptors } from '~/seo/meta'
import { phoneHref } from '~/config/site'
import { isLanguage, languageSearchParam } from '~/i18n/config'
import { findBookingSchema } from '~/traveller/find-booking-form'
import { useErrorText } from '~/forms/error-text'
import { Honeypot } from '~/forms/honeypot'
import { TextField } from '~/forms/fields'
import { FormErrorSummary } from '~/forms/form-errors'
import { PageHero } from '~/components/page-hero'
import { useSite } from '~/utils/root-data'
import { loadAsDocument, staticPageHandle } from '~/utils/hydrate-handle'
import { FormCheck } from '~/forms/form-check'
import { findBookingPageAction, findBookingPageData } from '~/traveller/find-booking-page.server'

// Not hydrated: app/enhancements/form-check.ts checks the form.
export const handle = staticPageHandle
export const clientLoader = loadAsDocument

export async function loader({ context, request }: Route.LoaderArgs) {
  return findBookingPageData(context, request)
}

export async function action({ context, request }: Route.ActionArgs) {
  return findBookingPageAction(context, request)
}

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta)

export default function ManageBooking({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const site = useSite()
  const location = useLocation()
  return (
    <>
      <PageHero
        title={t('traveller.find.title')}
        lead={t('traveller.find.lead')}
        crumbs={[{ label: t('traveller.find.title') }]}
      />
      <section className="section">
        <div className="container find-booking">
          <div>
            {loaderData.sent && !actionData ? (
              <div className="alert alert--success" role="status" tabIndex={-1} autoFocus>
                <p>{t('traveller.find.sent')}</p>
              </div>
            ) : null}
            <FindBookingForm
              // A request just answered leaves an empty form behind (the page stays mounted with JS).
              key={loaderData.sent ? location.key : 'find-booking'}
              lastResult={actionData?.result}
            />
          </div>
          <aside className="find-booking__help" aria-labelledby="find-help-title">
            <h2 id="find-help-title">{t('traveller.find.helpTitle')}</h2>
            <p>{t('traveller.find.privacy')}</p>
            <p>
              {t('traveller.find.noMail')} <a href={phoneHref(site.phone)}>{site.phone}</a>
            </p>
            {site.whatsappNumber ? (
              <p>
                <a href={`https://wa.me/${site.whatsappNumber}`} rel="noopener noreferrer">
                  {t('received.helpWhatsapp')}
                </a>
              </p>
            ) : null}
            <p>
              {t('traveller.find.accountHint')}{' '}
              <Link to="/login">{t('traveller.find.accountLink')}</Link>
            </p>
          </aside>
        </div>
      </section>
    </>
  )
}

function FindBookingForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation()
  const site = useSite()
  const location = useLocation()
  const navigation = useNavigation()
  const [form, fields] = useForm<z.infer<typeof findBookingSchema>>({
    id: 'find-booking',
    lastResult,
    constraint: getZodConstraint(findBookingSchema),
  })
  // The rate-limit message names the phone number, here and in the browser's check.
  const errorValues = { '*': { phone: site.phone } }
  const text = useErrorText(errorValues)
  const failed = Object.values(form.allErrors).some((errors) => errors.length > 0)
  useErrorTitle(failed)
  const language = new URLSearchParams(location.search).get(languageSearchParam)
  const action = `/manage-booking${isLanguage(language) ? `?${languageSearchParam}=${language}` : ''}`
  const sending = navigation.state === 'submitting'
  return (
    <Form
      method="post"
      action={action}
      className="form-card"
      aria-labelledby="find-booking-title"
      {...getFormProps(form)}
    >
      <h2 id="find-booking-title">{t('traveller.find.formTitle')}</h2>
      <FormErrorSummary
        form={form}
        labels={{
          reference: t('traveller.find.reference'),
          email: t('traveller.find.email'),
        }}
        text={text}
      />
      <TextField
        field={fields.reference}
        label={t('traveller.find.reference')}
        hint={t('traveller.find.referenceHint')}
        autoComplete="off"
        text={text}
      />
      <TextField
        field={fields.email}
        label={t('traveller.find.email')}
        type="email"
        autoComplete="email"
        text={text}
      />
      <Honeypot id="find-booking-website" />
      <FormCheck
        schema="findBooking"
        sections={['traveller.find.errors']}
        values={errorValues}
        summary={{
          mode: 'fields',
          title: t('forms.summaryTitle'),
          focusable: true,
          labels: {
            reference: t('traveller.find.reference'),
            email: t('traveller.find.email'),
          },
        }}
      />
      <button type="submit" className="button button--accent" aria-disabled={sending}>
        {sending ? t('traveller.find.sending') : t('traveller.find.submit')}
      </button>
    </Form>
  )
}
