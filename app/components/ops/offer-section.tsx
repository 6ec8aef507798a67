import { Form, useSearchParams } from 'react-router'
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod/v4'
import { useTranslation } from '~/i18n/use-translation'
import { offerSchema, type OfferForm } from '~/dispatch/offer-forms'
import {
  CheckboxGroup,
  DispatchErrorSummary,
  DoneNotice,
  NumberField,
  useDispatchErrorText,
} from './dispatch-form'

export interface OfferingView {
  offerable: boolean
  minutes: number
  auto: boolean
  openCount: number
  drivers: { value: string; label: string }[]
  offers: {
    id: number
    driver: string
    status: string
    offeredAt: string
    expiresAt: string
    automatic: boolean
  }[]
}

/**
 * The assign page's "Offer this ride": tick one driver or several (the
 * suggested ones first), say the pay, send; then the offers made and where
 * each stands, and a way to withdraw the open ones.
 */
export function OfferSection({
  offering,
  lastResult,
  refusals,
}: {
  offering: OfferingView
  lastResult: SubmissionResult<string[]> | undefined
  refusals: string[]
}) {
  const { t } = useTranslation()
  const text = useDispatchErrorText()
  const [search] = useSearchParams()
  const [form, fields] = useForm<OfferForm>({
    id: 'offer',
    lastResult,
    constraint: getZodConstraint(offerSchema),
  })
  const offered = Number(search.get('offered'))
  const withdrawn = search.get('withdrawn')
  return (
    <section aria-labelledby="ops-offer-title">
      <h2 id="ops-offer-title">{t('ops.offers.title')}</h2>
      {offered > 0 ? <DoneNotice>{t('ops.offers.sent', { count: offered })}</DoneNotice> : null}
      {withdrawn !== null ? (
        <DoneNotice>{t('ops.offers.withdrawn', { count: Number(withdrawn) })}</DoneNotice>
      ) : null}
      {refusals.length > 0 ? (
        <div className="alert alert--info" role="alert">
          <p>{t('ops.offers.someRefused')}</p>
          <ul>
            {refusals.map((refusal) => (
              <li key={refusal}>{refusal}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {offering.offerable ? (
        <>
          <p>{t('ops.offers.lead', { minutes: offering.minutes })}</p>
          {offering.auto ? <p>{t('ops.offers.autoOn')}</p> : null}
          {offering.drivers.length === 0 ? (
            <p>{t('ops.offers.noDrivers')}</p>
          ) : (
            <Form
              method="post"
              className="form-card ops-form"
              aria-labelledby="ops-offer-title"
              {...getFormProps(form, { ariaAttributes: false })}
            >
              <DispatchErrorSummary form={form} fields={[fields.driverIds, fields.pay]} />
              <input type="hidden" name="intent" value="offer" />
              <CheckboxGroup
                field={fields.driverIds}
                legend={t('ops.offers.drivers')}
                hint={t('ops.offers.driversHint')}
                options={offering.drivers}
              />
              <NumberField
                field={fields.pay}
                label={t('ops.offers.pay')}
                hint={t('ops.offers.payHint')}
                text={text}
              />
              <button type="submit" className="button button--accent">
                {t('ops.offers.submit')}
              </button>
            </Form>
          )}
        </>
      ) : null}
      {offering.offers.length > 0 ? (
        <div
          className="ops-table-wrap"
          role="region"
          aria-labelledby="ops-offers-list-title"
          tabIndex={0}
        >
          <table className="ops-table">
            <caption id="ops-offers-list-title">{t('ops.offers.listCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('ops.offers.columns.driver')}</th>
                <th scope="col">{t('ops.offers.columns.offered')}</th>
                <th scope="col">{t('ops.offers.columns.until')}</th>
                <th scope="col">{t('ops.offers.columns.status')}</th>
              </tr>
            </thead>
            <tbody>
              {offering.offers.map((offer) => (
                <tr key={offer.id}>
                  <th scope="row">{offer.driver}</th>
                  <td>
                    {offer.automatic
                      ? t('ops.offers.automatically', { at: offer.offeredAt })
                      : offer.offeredAt}
                  </td>
                  <td>{offer.expiresAt}</td>
                  <td>{t(`ops.offers.statuses.${offer.status}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {offering.openCount > 0 ? (
        <Form method="post">
          <input type="hidden" name="intent" value="withdrawOffers" />
          <button type="submit" className="button button--ghost">
            {t('ops.offers.withdraw')}
          </button>
        </Form>
      ) : null}
    </section>
  )
}
