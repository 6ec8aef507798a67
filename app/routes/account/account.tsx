import { YourDataSection } from '~/components/account/your-data-section'
import { Form, Link } from 'react-router'
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/account'
import { metaDescriptors } from '~/seo/meta'
import { PageHero } from '~/components/page-hero'
import { staticPageHandle } from '~/utils/hydrate-handle'
import { useErrorTitle } from '~/utils/use-error-title'
import { useErrorText } from '~/forms/error-text'
import { FormErrorSummary } from '~/forms/form-errors'
import { SelectField, TextField } from '~/forms/fields'
import type { SavedDetails } from '~/accounts/account-forms'
import type { UpdatesChannel } from '~/domain/messages/updates-channel'
import {
  accountPageAction,
  accountPageData,
  type AccountBookingItem,
} from '~/accounts/account-pages.server'

// Not hydrated: plain forms and links, nothing that needs a script.
export const handle = staticPageHandle

export async function loader({ context, request }: Route.LoaderArgs) {
  return accountPageData(context, request)
}

export async function action({ context, request }: Route.ActionArgs) {
  return accountPageAction(context, request)
}

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const headers = new Headers(loaderHeaders)
  const retryAfter = actionHeaders.get('Retry-After')
  if (retryAfter) headers.set('Retry-After', retryAfter)
  return headers
}

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta)

const notices = {
  saved: 'travellerAccount.page.savedNotice',
  verifySent: 'travellerAccount.page.verifySent',
  reset: 'travellerAccount.page.resetNotice',
  confirmed: 'yourData.confirm.confirmed',
  confirmSent: 'yourData.confirm.linkSent',
} as const

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const notice = actionData ? null : loaderData.notice
  const title = t('travellerAccount.page.title')
  return (
    <>
      <PageHero
        title={title}
        lead={t('travellerAccount.page.signedInAs', { email: loaderData.email })}
        crumbs={[{ label: title }]}
      />
      <section className="section">
        <div className="container account-page">
          <Form method="post" action="/account/sign-out" className="account-page__sign-out">
            <button type="submit" className="button button--ghost">
              {t('travellerAccount.page.signOut')}
            </button>
          </Form>
          {notice ? (
            <div className="alert alert--success" role="status" tabIndex={-1} autoFocus>
              <p>{t(notices[notice as keyof typeof notices], { email: loaderData.email })}</p>
            </div>
          ) : null}
          {loaderData.verified ? (
            <>
              <BookingList
                id="upcoming"
                title={t('travellerAccount.page.upcoming')}
                empty={t('travellerAccount.page.noUpcoming')}
                items={loaderData.upcoming}
              />
              <BookingList
                id="past"
                title={t('travellerAccount.page.past')}
                empty={t('travellerAccount.page.noPast')}
                items={loaderData.past}
              />
            </>
          ) : (
            <div className="alert alert--info" role="region" aria-labelledby="unverified-title">
              <h2 id="unverified-title">{t('travellerAccount.page.unverifiedTitle')}</h2>
              <p>{t('travellerAccount.page.unverified', { email: loaderData.email })}</p>
              {actionData?.verifyError ? (
                <p className="field__error" role="alert">
                  {t(actionData.verifyError, { time: actionData.retryAt })}
                </p>
              ) : null}
              <Form method="post">
                <button
                  type="submit"
                  name="intent"
                  value="resendVerification"
                  className="button button--ghost"
                >
                  {t('travellerAccount.page.resend')}
                </button>
              </Form>
            </div>
          )}
          {/* Details are saved to an account once its address is proved. */}
          {loaderData.verified ? (
            <SavedDetailsForm
              saved={loaderData.saved}
              updatesChoices={loaderData.updatesChoices}
              lastResult={actionData?.result as SubmissionResult<string[]> | undefined}
            />
          ) : null}
          <YourDataSection
            verified={loaderData.verified}
            proof={loaderData.proof}
            asked={loaderData.proofAsked || actionData?.proofAsked === true}
            refused={actionData?.deleteRefused}
            confirmError={actionData?.confirmError}
            linkError={actionData?.linkError}
            retryAt={actionData?.retryAt}
          />
        </div>
      </section>
    </>
  )
}

function BookingList({
  id,
  title,
  empty,
  items,
}: {
  id: string
  title: string
  empty: string
  items: AccountBookingItem[]
}) {
  const { t } = useTranslation()
  return (
    <section className="account-bookings" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {items.length === 0 ? (
        <p>
          {empty}{' '}
          {id === 'upcoming' ? <Link to="/">{t('travellerAccount.page.bookNow')}</Link> : null}
        </p>
      ) : (
        <ul className="account-bookings__list">
          {items.map((item) => (
            <li key={item.reference} className="account-booking">
              <h3>
                {item.reference}
                {item.returnRide ? ` (${t('travellerAccount.page.returnRide')})` : ''}
              </h3>
              <dl className="account-booking__facts">
                <div>
                  <dt>{t('travellerAccount.page.pickup')}</dt>
                  <dd>
                    {t('travellerAccount.page.pickupValue', { date: item.date, time: item.time })}
                  </dd>
                </div>
                <div>
                  <dt>{t('travellerAccount.page.route')}</dt>
                  <dd>{item.route}</dd>
                </div>
                <div>
                  <dt>{t('travellerAccount.page.vehicle')}</dt>
                  <dd>{item.vehicle}</dd>
                </div>
                <div>
                  <dt>{t('travellerAccount.page.status')}</dt>
                  <dd>{t(`travellerAccount.status.${item.status}`)}</dd>
                </div>
              </dl>
              {item.href ? (
                <a href={item.href} className="text-link">
                  {t('travellerAccount.page.open', { reference: item.reference })}
                </a>
              ) : (
                <p className="field__hint">{t('travellerAccount.page.linkClosed')}</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function SavedDetailsForm({
  saved,
  updatesChoices,
  lastResult,
}: {
  saved: SavedDetails
  /** The channels this site offers for ride updates: asked only when there is a choice. */
  updatesChoices: readonly UpdatesChannel[]
  lastResult: SubmissionResult<string[]> | undefined
}) {
  const { t } = useTranslation()
  const [form, fields] = useForm<SavedDetails>({
    id: 'saved-details',
    lastResult,
    defaultValue: saved,
  })
  const text = useErrorText()
  useErrorTitle(Object.values(form.allErrors).some((errors) => errors.length > 0))
  const label = (name: string) => t(`travellerAccount.page.${name}`)
  const labels = {
    name: label('firstName'),
    lastName: label('lastName'),
    email: label('email'),
    phone: label('phone'),
    updates: label('updates'),
    fullname: label('billingFirstName'),
    lastname: label('billingLastName'),
    company: label('company'),
    address: label('address'),
    country: label('country'),
    city: label('city'),
    zipcode: label('zipcode'),
  }
  const text_ = (name: keyof typeof labels, autoComplete: string, type?: 'email' | 'tel') => (
    <TextField
      field={fields[name] as never}
      label={labels[name]}
      autoComplete={autoComplete}
      type={type}
      text={text}
    />
  )
  return (
    <section className="account-details" aria-labelledby="saved-details-title">
      <h2 id="saved-details-title">{t('travellerAccount.page.savedTitle')}</h2>
      <p>{t('travellerAccount.page.savedLead')}</p>
      <Form method="post" className="form-card" {...getFormProps(form)} noValidate>
        <FormErrorSummary form={form} labels={labels} text={text} />
        <input type="hidden" name="intent" value="saveDetails" />
        <fieldset className="form-fieldset">
          <legend>{t('travellerAccount.page.passengerLegend')}</legend>
          <div className="form-grid">
            {text_('name', 'given-name')}
            {text_('lastName', 'family-name')}
            {text_('email', 'email', 'email')}
            {text_('phone', 'tel', 'tel')}
            {updatesChoices.length > 1 ? (
              <SelectField
                field={fields.updates as never}
                label={labels.updates}
                text={text}
                placeholder={t('travellerAccount.page.updatesUnset')}
                options={updatesChoices.map((value) => ({
                  value,
                  label: t(`booking.passenger.updates.${value}`),
                }))}
              />
            ) : null}
          </div>
          {updatesChoices.length > 1 ? null : (
            <p className="field__hint">{t('booking.passenger.updates.emailOnly')}</p>
          )}
        </fieldset>
        <fieldset className="form-fieldset">
          <legend>{t('travellerAccount.page.billingLegend')}</legend>
          <div className="form-grid">
            {text_('fullname', 'billing given-name')}
            {text_('lastname', 'billing family-name')}
            {text_('company', 'organization')}
            {text_('address', 'billing street-address')}
            {text_('country', 'billing country-name')}
            {text_('city', 'billing address-level2')}
            {text_('zipcode', 'billing postal-code')}
          </div>
        </fieldset>
        <button type="submit" className="button button--accent">
          {t('travellerAccount.page.save')}
        </button>
      </Form>
    </section>
  )
}
