import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod/v4'
import { Form, useLocation } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import { SelectField, TextField } from '~/forms/fields'
import { FormErrorSummary } from '~/forms/form-errors'
import { useErrorTitle } from '~/utils/use-error-title'
import {
  hoursSchema,
  timeOffSchema,
  weekdayNames,
  type HoursForm,
  type TimeOffForm,
  type WeekdayName,
} from '~/dispatch/driver-hours-forms'
import { DispatchErrorSummary, DoneNotice, useDispatchErrorText } from './dispatch-form'

/**
 * A driver's working hours and time off (docs/dispatch.md): the week's form,
 * the time off not yet over with a Remove for each, and the form to add time
 * off. The same markup on the driver's own page (large print, for a phone)
 * and on their page for dispatch. Plain POST forms: the staff pages are not
 * hydrated, the server checks and answers each.
 */

export interface DriverHoursData {
  hoursDefaults: Record<WeekdayName, { from: string; until: string; from2: string; until2: string }>
  hasHours: boolean
  timeOff: { id: number; from: string; until: string; note: string }[]
  startTimes: string[]
  endTimes: string[]
  timeOffDefaults: Record<string, string>
  done: 'hoursSaved' | 'timeOffAdded' | 'timeOffRemoved' | null
}

export interface DriverHoursReplyData {
  form: 'hours' | 'timeOff' | null
  result: SubmissionResult<string[]> | undefined
  gone: boolean
}

type Option = { value: string; label: string }
const options = (times: string[]): Option[] => times.map((time) => ({ value: time, label: time }))

export function DriverHoursSections({
  data,
  reply,
  audience,
}: {
  data: DriverHoursData
  /** The answer of a refused form of these sections, if that is what was posted. */
  reply: DriverHoursReplyData | undefined
  /** 'driver': their own page, in the first person and in large print; 'staff': dispatch's. */
  audience: 'driver' | 'staff'
}) {
  const { t } = useTranslation()
  const location = useLocation()
  const resultFor = (form: 'hours' | 'timeOff') => (reply?.form === form ? reply.result : undefined)
  const lead = (key: string) => t(audience === 'driver' ? key : `${key}Staff`)
  const done = reply ? null : data.done
  const large = audience === 'driver' ? ' driver-hours--large' : ''
  return (
    <>
      <section aria-labelledby="driver-hours" className={`driver-hours${large}`}>
        <h2 id="driver-hours">{t('ops.driverHours.title')}</h2>
        <p>{lead('ops.driverHours.lead')}</p>
        {done === 'hoursSaved' ? (
          <DoneNotice>{t('ops.driverHours.done.hoursSaved')}</DoneNotice>
        ) : null}
        {data.hasHours ? null : <p>{t('ops.driverHours.none')}</p>}
        <WeeklyHoursForm
          // A fresh form after saving, so it shows the week as stored.
          key={done === 'hoursSaved' ? location.key : 'driver-hours-form'}
          lastResult={resultFor('hours')}
          data={data}
        />
      </section>
      <section aria-labelledby="driver-time-off" className={`driver-hours${large}`}>
        <h2 id="driver-time-off">{t('ops.driverHours.timeOff.title')}</h2>
        <p>{lead('ops.driverHours.timeOff.lead')}</p>
        {done === 'timeOffAdded' || done === 'timeOffRemoved' ? (
          <DoneNotice>{t(`ops.driverHours.done.${done}`)}</DoneNotice>
        ) : null}
        {reply?.gone ? (
          <p className="alert alert--error" role="alert">
            {t('ops.driverHours.timeOff.gone')}
          </p>
        ) : null}
        {data.timeOff.length === 0 ? (
          <p>{t('ops.driverHours.timeOff.empty')}</p>
        ) : (
          <ul className="driver-time-off" aria-label={t('ops.driverHours.timeOff.caption')}>
            {data.timeOff.map((span) => (
              <li key={span.id} className="driver-time-off__item">
                <p className="driver-time-off__span">
                  {span.from} – {span.until}
                </p>
                {span.note ? <p className="driver-time-off__note">{span.note}</p> : null}
                <Form method="post">
                  <input type="hidden" name="intent" value="removeTimeOff" />
                  <input type="hidden" name="id" value={span.id} />
                  <button
                    type="submit"
                    className="button button--ghost"
                    aria-label={t('ops.driverHours.timeOff.removeLabel', {
                      from: span.from,
                      until: span.until,
                    })}
                  >
                    {t('ops.driverHours.timeOff.remove')}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <h3 id="driver-time-off-add">{t('ops.driverHours.timeOff.addTitle')}</h3>
        <TimeOffAddForm
          key={done === 'timeOffAdded' ? location.key : 'driver-time-off-form'}
          lastResult={resultFor('timeOff')}
          data={data}
        />
      </section>
    </>
  )
}

/** The week: for each weekday a from and an until (or "Not working"), and a second shift. */
function WeeklyHoursForm({
  lastResult,
  data,
}: {
  lastResult: SubmissionResult<string[]> | undefined
  data: DriverHoursData
}) {
  const { t } = useTranslation()
  const text = useDispatchErrorText()
  const [form, fields] = useForm<HoursForm>({
    id: 'driver-hours-form',
    lastResult,
    defaultValue: data.hoursDefaults,
    constraint: getZodConstraint(hoursSchema),
  })
  const days = weekdayNames.map((name) => ({ name, fields: fields[name].getFieldset() }))
  // The summary names each wrong field by its weekday: seven rows share the same labels.
  const summaryFields = days.flatMap((day) => {
    const weekday = t(`ops.driverHours.weekdays.${day.name}`)
    return (
      [
        [day.fields.from, 'ops.driverHours.from'],
        [day.fields.until, 'ops.driverHours.until'],
        [day.fields.from2, 'ops.driverHours.secondFrom'],
        [day.fields.until2, 'ops.driverHours.secondUntil'],
      ] as const
    ).map(([field, label]) => ({ field, label: `${weekday} – ${t(label)}` }))
  })
  useErrorTitle(form.status === 'error')
  const starts = options(data.startTimes)
  const ends = options(data.endTimes)
  const notWorking = t('ops.driverHours.notWorking')
  const none = t('ops.driverHours.noSecond')
  return (
    <Form
      method="post"
      className="form-card ops-form driver-hours-form"
      aria-labelledby="driver-hours"
      {...getFormProps(form, { ariaAttributes: false })}
    >
      {form.status === 'error' ? (
        <FormErrorSummary
          form={form}
          labels={Object.fromEntries(summaryFields.map(({ field, label }) => [field.name, label]))}
          targets={Object.fromEntries(summaryFields.map(({ field }) => [field.name, field.id]))}
          text={text}
        />
      ) : null}
      <input type="hidden" name="intent" value="hours" />
      <p className="field__hint">{t('ops.driverHours.timesHint')}</p>
      {days.map((day) => (
        <fieldset key={day.name} className="form-fieldset driver-hours-day">
          <legend>{t(`ops.driverHours.weekdays.${day.name}`)}</legend>
          <div className="driver-hours-pair">
            <SelectField
              field={day.fields.from}
              label={t('ops.driverHours.from')}
              placeholder={notWorking}
              options={starts}
              text={text}
            />
            <SelectField
              field={day.fields.until}
              label={t('ops.driverHours.until')}
              placeholder={notWorking}
              options={ends}
              text={text}
            />
          </div>
          <div className="driver-hours-pair">
            <SelectField
              field={day.fields.from2}
              label={t('ops.driverHours.secondFrom')}
              placeholder={none}
              options={starts}
              text={text}
            />
            <SelectField
              field={day.fields.until2}
              label={t('ops.driverHours.secondUntil')}
              placeholder={none}
              options={ends}
              text={text}
            />
          </div>
        </fieldset>
      ))}
      <button type="submit" className="button button--accent">
        {t('ops.driverHours.save')}
      </button>
    </Form>
  )
}

/** Adds time off: from a day and time until a day and time, with an optional note. */
function TimeOffAddForm({
  lastResult,
  data,
}: {
  lastResult: SubmissionResult<string[]> | undefined
  data: DriverHoursData
}) {
  const { t } = useTranslation()
  const text = useDispatchErrorText()
  const [form, fields] = useForm<TimeOffForm>({
    id: 'driver-time-off-form',
    lastResult,
    defaultValue: data.timeOffDefaults,
    constraint: getZodConstraint(timeOffSchema),
  })
  const placeholder = t('ops.driverHours.timeOff.timePlaceholder')
  return (
    <Form
      method="post"
      className="form-card ops-form driver-hours-form"
      aria-labelledby="driver-time-off-add"
      {...getFormProps(form, { ariaAttributes: false })}
    >
      <DispatchErrorSummary
        form={form}
        fields={[fields.fromDate, fields.fromTime, fields.untilDate, fields.untilTime, fields.note]}
      />
      <input type="hidden" name="intent" value="addTimeOff" />
      <p className="field__hint">{t('ops.driverHours.timeOff.timesHint')}</p>
      <div className="form-grid">
        <TextField
          type="date"
          autoComplete={undefined}
          field={fields.fromDate}
          label={t('ops.driverHours.timeOff.fromDate')}
          text={text}
        />
        <SelectField
          field={fields.fromTime}
          label={t('ops.driverHours.timeOff.fromTime')}
          placeholder={placeholder}
          options={options(data.startTimes)}
          text={text}
        />
      </div>
      <div className="form-grid">
        <TextField
          type="date"
          autoComplete={undefined}
          field={fields.untilDate}
          label={t('ops.driverHours.timeOff.untilDate')}
          text={text}
        />
        <SelectField
          field={fields.untilTime}
          label={t('ops.driverHours.timeOff.untilTime')}
          placeholder={placeholder}
          options={options(data.endTimes)}
          text={text}
        />
      </div>
      <TextField
        field={fields.note}
        label={t('ops.driverHours.timeOff.note')}
        hint={t('ops.driverHours.timeOff.noteHint')}
        autoComplete="off"
        optional
        text={text}
      />
      <button type="submit" className="button button--accent">
        {t('ops.driverHours.timeOff.add')}
      </button>
    </Form>
  )
}
