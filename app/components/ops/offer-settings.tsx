import { Form, useSearchParams } from 'react-router'
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod/v4'
import { useTranslation } from '~/i18n/use-translation'
import { CheckboxField } from '~/forms/fields'
import { dispatchSettingsSchema, type DispatchSettingsForm } from '~/dispatch/offer-forms'
import {
  DispatchErrorSummary,
  DoneNotice,
  NumberField,
  useDispatchErrorText,
} from './dispatch-form'

/** The drivers page's "Job offers": the minutes a driver has to answer, and the automatic mode. */
export function OfferSettingsForm({
  settings,
  lastResult,
}: {
  settings: { offerMinutes: number; autoOffer: boolean }
  lastResult: SubmissionResult<string[]> | undefined
}) {
  const { t } = useTranslation()
  const text = useDispatchErrorText()
  const [search] = useSearchParams()
  const [form, fields] = useForm<DispatchSettingsForm>({
    id: 'offer-settings',
    lastResult,
    defaultValue: {
      offerMinutes: String(settings.offerMinutes),
      autoOffer: settings.autoOffer ? 'on' : '',
    },
    constraint: getZodConstraint(dispatchSettingsSchema),
  })
  return (
    <>
      <h2 id="ops-offer-settings-title">{t('ops.offers.settings.title')}</h2>
      {search.get('offerSettings') === 'saved' && !lastResult ? (
        <DoneNotice>{t('ops.dispatch.saved')}</DoneNotice>
      ) : null}
      <p>{t('ops.offers.settings.lead')}</p>
      <Form
        method="post"
        className="form-card ops-form"
        aria-labelledby="ops-offer-settings-title"
        {...getFormProps(form, { ariaAttributes: false })}
      >
        <DispatchErrorSummary form={form} fields={[fields.offerMinutes]} />
        <input type="hidden" name="intent" value="offerSettings" />
        <NumberField
          field={fields.offerMinutes}
          label={t('ops.offers.settings.minutes')}
          text={text}
        />
        <CheckboxField field={fields.autoOffer} text={text}>
          {t('ops.offers.settings.auto')}
        </CheckboxField>
        <p className="field__hint">{t('ops.offers.settings.autoHint')}</p>
        <button type="submit" className="button button--accent">
          {t('ops.dispatch.save')}
        </button>
      </Form>
    </>
  )
}
