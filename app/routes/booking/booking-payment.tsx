import { Form, Link } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod/v4'
import type { Route } from './+types/booking-payment'
import { metaDescriptors } from '~/seo/meta'
import { paymentSchema, type PaymentDetails } from '~/booking/booking-forms'
import { useErrorText } from '~/forms/error-text'
import { isWarningNotice } from '~/booking/notices'
import {
  DEFAULT_PAYMENT_OPTION,
  paymentOptions,
  type PaymentOption,
} from '~/domain/booking/payment-split'
import { BookingStepLayout } from '~/components/booking-step'
import { BookingSummary, discountLabel } from '~/components/booking-summary'
import { FieldErrors, FormErrorSummary } from '~/forms/form-errors'
import { CheckboxField, TextField } from '~/forms/fields'
import { formatMoney } from '~/utils/format'
import { useErrorTitle } from '~/utils/use-error-title'
import type { TypedFieldsHandle } from '~/components/language-switch'
import { extraLineLabel } from '~/booking/extra-label'
import { loadAsDocument, staticPageHandle, type HydrateHandle } from '~/utils/hydrate-handle'
import { FormCheck } from '~/forms/form-check'
import { paymentPageAction, paymentPageData } from '~/storefront/payment-page.server'

/** The language buttons carry the form while it is on the page: a switch keeps what was typed. */
// Not hydrated: app/enhancements/form-check.ts checks the form, payment-choice.ts
// shows the amounts of the option chosen.
export const handle: TypedFieldsHandle & HydrateHandle = {
  ...staticPageHandle,
  typedFieldsForm: (data) =>
    data && typeof data === 'object' && 'awaiting' in data && data.awaiting
      ? undefined
      : 'payment-form',
}

export const clientLoader = loadAsDocument

export async function loader({ context, request }: Route.LoaderArgs) {
  return paymentPageData(context, request)
}

export async function action({ context, request }: Route.ActionArgs) {
  return paymentPageAction(context, request)
}

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta)

type LoaderData = Route.ComponentProps['loaderData']

/** Sent to the payment page and not back yet (a second tab, the back button). */
function AwaitingPayment({ loaderData }: { loaderData: LoaderData }) {
  const { t } = useTranslation()
  const { view, language, stored, amounts } = loaderData
  const due = amounts[stored.paymentOption]
  return (
    <div className="form-card booking-submitted" role="status">
      <h2>{t('booking.payment.awaitingTitle', { reference: view.reference })}</h2>
      <p>
        {t('booking.payment.awaitingText', {
          amount: formatMoney(due.nowMinor / 100, view.currency, language),
        })}
      </p>
      {loaderData.paymentPageUrl ? (
        <a className="button button--accent" href={loaderData.paymentPageUrl}>
          {t('booking.payment.continueToPayment')}
        </a>
      ) : (
        <Form method="post">
          <button type="submit" className="button button--accent">
            {t('booking.payment.startAgain')}
          </button>
        </Form>
      )}
    </div>
  )
}

/**
 * The promo code: Apply and Remove are submit buttons of the payment form
 * with their own intent, so they work without JavaScript and keep everything
 * typed (the server stores it as a language switch does). `formNoValidate`:
 * the billing fields are not checked for them. The server judges the code
 * and computes the discount; nothing here is an amount the server reads.
 */
function PromoField({
  promo,
  refused,
  money,
}: {
  promo: LoaderData['promo']
  refused: { code: string; error: string } | undefined
  money: (minor: number) => string
}) {
  const { t } = useTranslation()
  const error = refused?.error ?? promo.error
  const applied = !refused && promo.code && !promo.error
  return (
    <section className="form-card promo-code" aria-labelledby="promo-code-title">
      <h3 id="promo-code-title">{t('booking.promo.title')}</h3>
      <div className="field">
        <label htmlFor="promo-code">{t('booking.promo.label')}</label>
        <div className="promo-code__row">
          <input
            id="promo-code"
            name="promoCode"
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={32}
            // The server judges it (app/enhancements/form-check.ts leaves it alone).
            data-form-check="off"
            // With JavaScript, Enter here applies the code (app/enhancements/enter-submits.ts).
            data-enter-submits="promo-apply"
            defaultValue={refused?.code ?? promo.code ?? ''}
            key={refused?.code ?? promo.code ?? ''}
            aria-invalid={error ? true : undefined}
            aria-describedby={
              error ? 'promo-code-error' : applied ? 'promo-code-applied' : undefined
            }
          />
          <button
            type="submit"
            id="promo-apply"
            name="intent"
            value="applyPromo"
            formNoValidate
            className="button button--ghost"
          >
            {t('booking.promo.apply')}
          </button>
          {promo.code ? (
            <button
              type="submit"
              name="intent"
              value="removePromo"
              formNoValidate
              className="button button--ghost"
            >
              {t('booking.promo.remove')}
            </button>
          ) : null}
        </div>
        {/* Book Now from a page that said why the code went pays the full price. */}
        {promo.refusedAtBookNow ? <input type="hidden" name="promoRefusalSeen" value="1" /> : null}
        {error ? (
          <p id="promo-code-error" className="field__error">
            {t(error)}
          </p>
        ) : applied ? (
          <p id="promo-code-applied" className="field__hint" role="status">
            {t('booking.promo.applied', { code: promo.code, amount: money(promo.discountMinor) })}
          </p>
        ) : null}
      </div>
    </section>
  )
}

/**
 * A partner whose company pays on account: a second submit button of the
 * same form charges the ride to the account (the billing form and the terms
 * count as for Book Now); a ride beyond the credit left is refused here.
 */
function OnAccountChoice({
  company,
  refused,
}: {
  company: NonNullable<LoaderData['company']>
  refused: { amount: string; left: string } | undefined
}) {
  const { t } = useTranslation()
  return (
    <section className="form-card on-account" aria-labelledby="on-account-title">
      <h3 id="on-account-title">
        {t('partners.booking.onAccountTitle', { company: company.name })}
      </h3>
      <p>{t('partners.booking.onAccountLead', { amount: company.creditLeft })}</p>
      {refused ? (
        <p className="alert alert--error" role="alert" id="on-account-error">
          {t('partners.booking.creditExceeded', refused)}
        </p>
      ) : null}
      <button
        type="submit"
        name="intent"
        value="account"
        className="button button--accent"
        aria-describedby={refused ? 'on-account-error' : undefined}
      >
        {t('partners.booking.onAccountSubmit')}
      </button>
    </section>
  )
}

export default function BookingPayment({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { view, language, amounts, contact } = loaderData
  // Without a new loader run after a refused Book Now, the action says it too.
  const quoteExpired =
    loaderData.quoteExpired || Boolean(actionData && 'quoteExpired' in actionData)
  const [form, fields] = useForm<PaymentDetails>({
    id: 'payment-form',
    lastResult: actionData && 'result' in actionData ? actionData.result : undefined,
    defaultValue: { ...loaderData.stored, ...loaderData.typed },
    constraint: getZodConstraint(paymentSchema),
  })
  const text = useErrorText()
  const notice = quoteExpired ? 'quoteExpired' : loaderData.notice
  const hasErrors = Object.values(form.allErrors).some((errors) => errors.length)
  useErrorTitle(hasErrors || isWarningNotice(notice))
  const money = (minor: number) => formatMoney(minor / 100, view.currency, language)
  const labels = {
    fullname: t('booking.payment.fullname'),
    lastname: t('booking.payment.lastname'),
    address: t('booking.payment.address'),
    city: t('booking.payment.city'),
    zipcode: t('booking.payment.zipcode'),
    country: t('booking.payment.country'),
    invoiceToCompany: t('invoiceCompany.checkbox'),
    company: t('invoiceCompany.company'),
    taxOffice: t('invoiceCompany.taxOffice'),
    taxNumber: t('invoiceCompany.taxNumber'),
    paymentOption: t('booking.payment.optionTitle'),
    acceptTerms: `${t('footer.terms')} ${t('booking.payment.acceptAnd')} ${t('footer.distanceAgreement')}`,
  }
  const targets = { paymentOption: `${fields.paymentOption.id}-${paymentOptions[0]}` }
  const chosen: PaymentOption =
    paymentOptions.find((option) => option === fields.paymentOption.value) ?? DEFAULT_PAYMENT_OPTION

  return (
    <BookingStepLayout
      step="payment"
      title={t('booking.payment.title')}
      notice={notice}
      aside={<BookingSummary view={view} language={language} />}
    >
      {loaderData.awaiting ? (
        <AwaitingPayment loaderData={loaderData} />
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
          <FormErrorSummary form={form} labels={labels} targets={targets} text={text} />

          <section className="form-card" aria-labelledby="billing-title">
            <h3 id="billing-title">{t('booking.payment.billingTitle')}</h3>
            <div className="form-grid">
              <TextField
                field={fields.fullname}
                label={t('booking.payment.fullname')}
                autoComplete="given-name"
                text={text}
              />
              <TextField
                field={fields.lastname}
                label={t('booking.payment.lastname')}
                autoComplete="family-name"
                text={text}
              />
              <TextField
                field={fields.address}
                label={t('booking.payment.address')}
                autoComplete="street-address"
                text={text}
              />
              <TextField
                field={fields.city}
                label={t('booking.payment.city')}
                autoComplete="address-level2"
                text={text}
              />
              <TextField
                field={fields.zipcode}
                label={t('booking.payment.zipcode')}
                autoComplete="postal-code"
                text={text}
              />
              <TextField
                field={fields.country}
                label={t('booking.payment.country')}
                autoComplete="country-name"
                text={text}
              />
            </div>
            {/* Shown whether ticked or not: the form works the same without JavaScript. */}
            <div className="company-invoice">
              <CheckboxField field={fields.invoiceToCompany} text={text}>
                {t('invoiceCompany.checkbox')}
              </CheckboxField>
              <p className="field__hint">{t('invoiceCompany.hint')}</p>
              <div className="form-grid">
                <TextField
                  field={fields.company}
                  label={t('invoiceCompany.company')}
                  autoComplete="organization"
                  text={text}
                />
                <TextField
                  field={fields.taxOffice}
                  label={t('invoiceCompany.taxOffice')}
                  autoComplete="off"
                  text={text}
                />
                <TextField
                  field={fields.taxNumber}
                  label={t('invoiceCompany.taxNumber')}
                  autoComplete="off"
                  hint={t('invoiceCompany.taxNumberHint')}
                  text={text}
                />
              </div>
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
                    data-due-now={money(amounts[option].nowMinor)}
                    data-due-cash={
                      amounts[option].cashMinor ? money(amounts[option].cashMinor) : ''
                    }
                  />
                  <span className="payment-option__text">
                    <strong>
                      {t(`booking.payment.options.${option}.title`, {
                        depositPercent: view.payment.depositPercent,
                      })}
                    </strong>
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

          {loaderData.company ? null : (
            <PromoField
              promo={loaderData.promo}
              refused={actionData && 'promo' in actionData ? actionData.promo : undefined}
              money={money}
            />
          )}

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
                    ? view.extras.map((extra) => extraLineLabel(t, extra)).join(', ')
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
                  {/* A summary's label: the form's "(optional)" says nothing here. */}
                  <dt>{t('received.flightNumber')}</dt>
                  <dd>{contact.flightNumber}</dd>
                </div>
              ) : null}
              {contact.signName ? (
                <div>
                  <dt>{t('received.signName')}</dt>
                  <dd>{contact.signName}</dd>
                </div>
              ) : null}
              {view.promo ? (
                <div>
                  <dt>{discountLabel(t, view.promo.code)}</dt>
                  <dd>−{money(view.promo.discountMinor)}</dd>
                </div>
              ) : null}
              <div>
                <dt>{t('booking.summary.total')}</dt>
                <dd>{money(view.payableMinor)}</dd>
              </div>
              <div className="final-summary__due">
                <dt>{t('booking.payment.dueNow')}</dt>
                <dd data-due-now-shown="">{money(amounts[chosen].nowMinor)}</dd>
              </div>
              {/* Kept, hidden, when nothing is due in cash: another option's choice shows it. */}
              <div hidden={!amounts[chosen].cashMinor}>
                <dt>{t('booking.payment.dueCash')}</dt>
                <dd data-due-cash-shown="">
                  {amounts[chosen].cashMinor ? money(amounts[chosen].cashMinor) : ''}
                </dd>
              </div>
            </dl>
            <p className="fine-print">
              <Link to="/booking-passenger">{t('booking.payment.editDetails')}</Link>
            </p>
          </section>

          <CheckboxField field={fields.acceptTerms} text={text}>
            {t('booking.payment.acceptBefore')}{' '}
            <Link to="/terms" target="_blank">
              {t('footer.terms')}
            </Link>{' '}
            {t('booking.payment.acceptAnd')}{' '}
            <Link to="/distance-agreement" target="_blank">
              {t('footer.distanceAgreement')}
            </Link>
            {t('booking.payment.acceptAfter')}
          </CheckboxField>

          <FormCheck
            schema="payment"
            sections={['booking.errors', 'invoiceCompany.errors']}
            summary={{
              mode: 'fields',
              title: t('forms.summaryTitle'),
              focusable: true,
              labels,
              targets,
            }}
            keepErrorTitle={isWarningNotice(notice)}
          />
          {loaderData.company?.onAccount && !quoteExpired ? (
            <OnAccountChoice
              company={loaderData.company}
              refused={
                actionData && 'creditExceeded' in actionData
                  ? (actionData.creditExceeded as { amount: string; left: string })
                  : undefined
              }
            />
          ) : null}
          <div className="booking-step__actions">
            <Link to="/booking-passenger" className="button button--ghost">
              {t('booking.back')}
            </Link>
            {quoteExpired ? (
              <button type="submit" name="intent" value="reprice" className="button button--accent">
                {t('booking.payment.reprice')}
              </button>
            ) : (
              <button type="submit" className="button button--accent">
                {t('booking.payment.bookNow')}
              </button>
            )}
          </div>
        </Form>
      )}
    </BookingStepLayout>
  )
}
