import { OpsTable } from '~/components/ops/ops-table'
import { getInputProps, type FieldMetadata } from '@conform-to/react'
import { useTranslation } from '~/i18n/use-translation'
import { vehicleClassCodes, type VehicleClassCode } from '~/domain/booking/vehicle-classes'
import { FieldErrors } from '~/forms/form-errors'
import type { ErrorText } from '~/forms/error-markup'

/**
 * A price list's figures as tables: the class figures (one row per figure, one
 * column per class), the rules' single figures, and the airport fares (one row
 * per place, IST's four classes then SAW's). Read-only for a version, inputs
 * for the draft; each input is named by its row and column headers, and its
 * message shows below it.
 */

type Fields = Record<string, FieldMetadata<string | undefined>>

/** The classes' titles, as the fleet names them. */
export type ClassTitles = Record<VehicleClassCode, string>

export interface FigureSource {
  /** The figure as text (a version), or the field to type it in (the draft). */
  fields?: Fields
  values: Record<string, string>
  text?: ErrorText
}

const airports = ['iga', 'saw'] as const

function Cell({
  name,
  labelledBy,
  source,
}: {
  name: string
  labelledBy: string
  source: FigureSource
}) {
  const field = source.fields?.[name]
  if (!field || !source.text) return <>{source.values[name]}</>
  const { key, ...props } = getInputProps(field, { type: 'text' })
  return (
    <>
      <input
        key={key}
        {...props}
        aria-labelledby={labelledBy}
        inputMode="decimal"
        autoComplete="off"
        className="ops-number ops-price-input"
      />
      <FieldErrors id={field.errorId} errors={field.errors} text={source.text} />
    </>
  )
}

export function ClassFigures({
  source,
  titles,
  idPrefix,
}: {
  source: FigureSource
  titles: ClassTitles
  idPrefix: string
}) {
  const { t } = useTranslation()
  const rows = ['classMinimum', 'airportToAirport', 'intercityBase', 'intercityKm', 'hour'] as const
  const column = (code: VehicleClassCode) => `${idPrefix}-class-${code}`
  return (
    <OpsTable id={`${idPrefix}-classes`} caption={t('ops.prices.classes.caption')}>
      <thead>
        <tr>
          <th scope="col">{t('ops.prices.classes.figure')}</th>
          {vehicleClassCodes.map((code) => (
            <th key={code} scope="col" id={column(code)}>
              {titles[code]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row}>
            <th scope="row" id={`${idPrefix}-row-${row}`}>
              {t(`ops.prices.classes.${row}`)}
            </th>
            {vehicleClassCodes.map((code) => (
              <td key={code}>
                <Cell
                  name={`${row}_${code}`}
                  labelledBy={`${idPrefix}-row-${row} ${column(code)}`}
                  source={source}
                />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </OpsTable>
  )
}

/** The single figures, each with its label: per-km rates, peak windows, hours, extras, deposit. */
export function RuleFigures({ source, idPrefix }: { source: FigureSource; idPrefix: string }) {
  const { t } = useTranslation()
  const names = [
    'withinCityKm',
    'airportExtraKm',
    ...airports.flatMap((airport) => [
      `peak_${airport}_from`,
      `peak_${airport}_to`,
      `peak_${airport}_extraKm`,
      `peak_${airport}_percent`,
    ]),
    'hourIncludedKm',
    'hourExtraKm',
    'extra_childSeat',
    'extra_boosterSeat',
    'depositPercent',
  ]
  return (
    <OpsTable id={`${idPrefix}-rules`} caption={t('ops.prices.rules.caption')}>
      <tbody>
        {names.map((name) => (
          <tr key={name}>
            <th scope="row" id={`${idPrefix}-rule-${name}`}>
              {t(`ops.prices.rules.${name}`)}
            </th>
            <td>
              <Cell name={name} labelledBy={`${idPrefix}-rule-${name}`} source={source} />
            </td>
          </tr>
        ))}
      </tbody>
    </OpsTable>
  )
}

export function AirportFares({
  source,
  places,
  titles,
  idPrefix,
}: {
  source: FigureSource
  places: { placeId: string; name: string }[]
  titles: ClassTitles
  idPrefix: string
}) {
  const { t } = useTranslation()
  return (
    <OpsTable
      id={`${idPrefix}-fares`}
      caption={t('ops.prices.fares.caption')}
      className="ops-fares"
    >
      <thead>
        <tr>
          <td />
          {airports.map((airport) => (
            <th key={airport} scope="colgroup" colSpan={4} id={`${idPrefix}-airport-${airport}`}>
              {t(`ops.prices.fares.from.${airport}`)}
            </th>
          ))}
        </tr>
        <tr>
          <th scope="col">{t('ops.prices.fares.place')}</th>
          {airports.flatMap((airport) =>
            vehicleClassCodes.map((code) => (
              <th key={`${airport}-${code}`} scope="col" id={`${idPrefix}-${airport}-${code}`}>
                {titles[code]}
              </th>
            )),
          )}
        </tr>
      </thead>
      <tbody>
        {places.map(({ placeId, name }) => (
          <tr key={placeId}>
            <th scope="row" id={`${idPrefix}-place-${placeId}`}>
              {name}
            </th>
            {airports.flatMap((airport) =>
              vehicleClassCodes.map((code) => (
                <td key={`${airport}-${code}`}>
                  <Cell
                    name={`fare_${placeId}_${airport}_${code}`}
                    labelledBy={`${idPrefix}-place-${placeId} ${idPrefix}-airport-${airport} ${idPrefix}-${airport}-${code}`}
                    source={source}
                  />
                </td>
              )),
            )}
          </tr>
        ))}
      </tbody>
    </OpsTable>
  )
}
