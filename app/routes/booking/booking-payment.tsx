import { Form, Link, data, redirect } from 'react-router'
import { useTranslation } from 'react-i18next'
import { getFormProps, getInputProps, useForm, type FieldMetadata } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import type { Route } from './+types/booking-payment'
import { markFormRefused, pageContext } from '~/utils/page-context.server'
import { metaDescriptors } from '~/seo/meta'
import { requireStepBooking } from '~/booking/step-guard.server'
import { DraftUnavailableError, submitDraft } from '~/booking/bookings.server'
import { presentBooking } from '~/booking/booking-view.server'
import { paymentSchema, type PaymentDetails } from '~/booking/booking-forms'
import { amountsDue } from '~/booking/payment-amounts'
import { readNotice } from '~/booking/notices'
import { paymentOptions, type PaymentOption } from '~/db/schema'
import { BookingStepLayout } from '~/components/booking-step'
import { BookingSummary } from '~/components/booking-summary'
import { FieldErrors, FormErrorSummary } from '~/components/form-errors'
import { formatMoney } from '~/utils/format'
import { useSite } from '~/utils/root-data'
import { useErrorTitle } from '~/utils/use-error-title'

export async function loader({ context, request }: Route.LoaderArgs) {
  const { language, site, meta } = pageContext(context, request)
  const { booking, extras } = await requireStepBooking(request, 'payment')
  const option: PaymentOption = booking.payment_option ?? 'fullCard'
  return data(
    {
      language,
      notice: readNotice(request.url),
      view: presentBooking(booking, extras, language, site),
      submitted: booking.status !== 'draft',
      amounts: Object.fromEntries(
        paymentOptions.map((candidate) => [candidate, amountsDue(booking.total_minor, candidate)]),
      ) as Record<PaymentOption, ReturnType<typeof amountsDue>>,
      contact: {
        name: [booking.first_name, booking.last_name].filter(Boolean).join(' '),
        email: booking.email ?? '',
        phone: booking.phone ?? '',
        flightNumber: booking.flight_number,
        signName: booking.sign_name,
        notes: booking.notes,
      },
      // Billing starts from the passenger's name; what was stored before wins.
      stored: {
        fullname: booking.billing_first_name ?? booking.first_name ?? '',
        lastname: booking.billing_last_name ?? booking.last_name ?? '',
        company: booking.billing_company ?? '',
        address: booking.billing_address ?? '',
        country: booking.billing_country ?? '',
        city: booking.billing_city ?? '',
        zipcode: booking.billing_zipcode ?? '',
        paymentOption: option,
      },
      meta: meta('booking-payment', { noindex: true }),
    },
    { headers: { 'Cache-Control': 'no-store' } },
  )
}

/**
 * 'Book Now': the billing details, the payment option and the accepted
 * agreements are stored and the booking moves to awaiting_payment, once. The
 * amount comes only from the stored booking. Handing over to the payment
 * provider is the payment issue's; until then the page says what happens next.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { handle, booking } = await requireStepBooking(request, 'payment')
  if (booking.status !== 'draft') return redirect('/booking-payment', 303)
  const submission = parseWithZod(await request.formData(), { schema: paymentSchema })
  if (submission.status !== 'success') {
    markFormRefused(context)
    return data({ result: submission.reply() }, { status: 400 })
  }
  try {
    await submitDraft(handle, booking.id, submission.value, new Date())
  } catch (error) {
    if (!(error instanceof DraftUnavailableError)) throw error
  }
  return redirect('/booking-payment', 303)
}

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta)

type LoaderData = Route.ComponentProps['loaderData']

function Submitted({ loaderData }: { loaderData: LoaderData }) {
  const { t } = useTranslation()
  const site = useSite()
  const { view, language, stored, amounts } = loaderData
  const due = amounts[stored.paymentOption]
  return (
    <div className="form-card booking-submitted" role="status">
      <h2>{t('booking.payment.submittedTitle', { reference: view.reference })}</h2>
      <p>
        {t('booking.payment.submittedText', {
          amount: formatMoney(due.nowMinor / 100, view.currency, language),
        })}
      </p>
      <p>{t('booking.payment.submittedNext', { phone: site.phone, email: site.email })}</p>
    </div>
  )
}

export default function BookingPayment({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { view, language, amounts, contact } = loaderData
  const [form, fields] = useForm<PaymentDetails>({
    id: 'payment-form',
    lastResult: actionData?.result,
    defaultValue: loaderData.stored,
    constraint: getZodConstraint(paymentSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: paymentSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const text = (key: string) => t(key)
  const hasErrors = Object.values(form.allErrors).some((errors) => errors.length)
  useErrorTitle(hasErrors)
  const money = (minor: number) => formatMoney(minor / 100, view.currency, language)
  const chosen: PaymentOption =
    fields.paymentOption.value === 'depositCash' ? 'depositCash' : 'fullCard'

  const textField = (
    field: FieldMetadata<string | undefined>,
    label: string,
    autoComplete: string,
    optional = false,
  ) => {
    const props = getInputProps(field, { type: 'text' })
    return (
      <div className="field">
        <label htmlFor={field.id}>
          {label}
          {optional ? <span className="field__optional"> {t('forms.optional')}</span> : null}
        </label>
        <input {...props} key={props.key} autoComplete={autoComplete} />
        <FieldErrors id={field.errorId} errors={field.errors} text={text} />
      </div>
    )
  }

  return (
    <BookingStepLayout
      step="payment"
      title={t('booking.payment.title')}
      notice={loaderData.notice}
      aside={<BookingSummary view={view} language={language} />}
    >
      {loaderData.submitted ? (
        <Submitted loaderData={loaderData} />
      ) : (
        <Form
          method="post"
          {...getFormProps(form)}
          noValidate
          className="booking-form"
          aria-labelledby="payment-form-title"
        >
          <h2 id="payment-form-title" className="visually-hidden">
            {t('booking.payment.title')}
          </h2>
          <FormErrorSummary errors={form.allErrors} text={text} />

          <section className="form-card" aria-labelledby="billing-title">
            <h3 id="billing-title">{t('booking.payment.billingTitle')}</h3>
            <div className="form-grid">
              {textField(fields.fullname, t('booking.payment.fullname'), 'given-name')}
              {textField(fields.lastname, t('booking.payment.lastname'), 'family-name')}
              {textField(fields.company, t('booking.payment.company'), 'organization', true)}
              {textField(fields.address, t('booking.payment.address'), 'street-address')}
              {textField(fields.city, t('booking.payment.city'), 'address-level2')}
              {textField(fields.zipcode, t('booking.payment.zipcode'), 'postal-code')}
              {textField(fields.country, t('booking.payment.country'), 'country-name')}
            </div>
          </section>

          <fieldset
            className="form-card payment-options"
            aria-describedby={
              fields.paymentOption.errors?.length ? fields.paymentOption.errorId : undefined
            }
          >
            <legend>{t('booking.payment.optionTitle')}</legend>
            {paymentOptions.map((option) => {
              const id = `${fields.paymentOption.id}-${option}`
              return (
                <label key={option} htmlFor={id} className="payment-option">
                  <input
                    {...getInputProps(fields.paymentOption, { type: 'radio', value: option })}
                    id={id}
                    key={`${fields.paymentOption.key}-${option}`}
                  />
                  <span className="payment-option__text">
                    <strong>{t(`booking.payment.options.${option}.title`)}</strong>
                    <span>
                      {option === 'depositCash'
                        ? t('booking.payment.options.depositCash.amounts', {
                            now: money(amounts.depositCash.nowMinor),
                            cash: money(amounts.depositCash.cashMinor),
                          })
                        : t('booking.payment.options.fullCard.amounts', {
                            now: money(amounts.fullCard.nowMinor),
                          })}
                    </span>
                  </span>
                </label>
              )
            })}
            <FieldErrors
              id={fields.paymentOption.errorId}
              errors={fields.paymentOption.errors}
              text={text}
            />
          </fieldset>

          <section className="form-card final-summary" aria-labelledby="final-summary-title">
            <h3 id="final-summary-title">{t('booking.payment.reviewTitle')}</h3>
            <dl className="trip-summary__list">
              <div>
                <dt>{t('booking.payment.vehicle')}</dt>
                <dd>{view.vehicle.title}</dd>
              </div>
              <div>
                <dt>{t('booking.payment.extras')}</dt>
                <dd>
                  {view.extras.length
                    ? view.extras
                        .map((extra) => t(`booking.extras.items.${extra.code}.title`))
                        .join(', ')
                    : t('booking.payment.none')}
                </dd>
              </div>
              <div>
                <dt>{t('booking.payment.lead')}</dt>
                <dd>
                  {contact.name}
                  <br />
                  {contact.email}
                  <br />
                  {contact.phone}
                </dd>
              </div>
              {contact.flightNumber ? (
                <div>
                  <dt>{t('booking.passenger.flightNumber')}</dt>
                  <dd>{contact.flightNumber}</dd>
                </div>
              ) : null}
              {contact.signName ? (
                <div>
                  <dt>{t('booking.passenger.signName')}</dt>
                  <dd>{contact.signName}</dd>
                </div>
              ) : null}
              <div>
                <dt>{t('booking.summary.total')}</dt>
                <dd>{money(view.totalMinor)}</dd>
              </div>
              <div className="final-summary__due">
                <dt>{t('booking.payment.dueNow')}</dt>
                <dd>{money(amounts[chosen].nowMinor)}</dd>
              </div>
              {amounts[chosen].cashMinor ? (
                <div>
                  <dt>{t('booking.payment.dueCash')}</dt>
                  <dd>{money(amounts[chosen].cashMinor)}</dd>
                </div>
              ) : null}
            </dl>
            <p className="fine-print">
              <Link to="/booking-passenger">{t('booking.payment.editDetails')}</Link>
            </p>
          </section>

          <div className="field field--check">
            <label className="checkbox" htmlFor={fields.acceptTerms.id}>
              <input
                {...getInputProps(fields.acceptTerms, { type: 'checkbox' })}
                key={fields.acceptTerms.key}
              />
              <span>
                {t('booking.payment.acceptBefore')}{' '}
                <Link to="/terms" target="_blank">
                  {t('footer.terms')}
                </Link>{' '}
                {t('booking.payment.acceptAnd')}{' '}
                <Link to="/distance-agreement" target="_blank">
                  {t('footer.distanceAgreement')}
                </Link>
                {t('booking.payment.acceptAfter')}
              </span>
            </label>
            <FieldErrors
              id={fields.acceptTerms.errorId}
              errors={fields.acceptTerms.errors}
              text={text}
            />
          </div>

          <div className="booking-step__actions">
            <Link to="/booking-passenger" className="button button--ghost">
              {t('booking.back')}
            </Link>
            <button type="submit" className="button button--accent">
              {t('booking.payment.bookNow')}
            </button>
          </div>
        </Form>
      )}
    </BookingStepLayout>
  )
}
