import { useTranslation } from '~/i18n/use-translation'
import { describedBy, Hint } from '~/forms/fields'
import { errorId } from '~/forms/error-markup'
import { FieldErrors } from '~/forms/form-errors'
import type { ErrorText } from '~/forms/form-errors'
import type { NameErrors, PostedName } from '~/booking/passenger-names-form'
import { TURKEY } from '~/domain/identity/travel-identity'

/**
 * One passenger's nationality and document number on the received page's
 * names form: a T.C. identity number for a Turkish citizen, a passport
 * number for anyone else (the server keeps the one the nationality needs).
 * Both stand without JavaScript, each saying whom it is for. A number given
 * before is never shown back: its field says so, and left empty keeps it.
 */
export function PassengerIdentityFields({
  index,
  passenger,
  given,
  errors,
  nationalities,
  text,
}: {
  index: number
  passenger: PostedName
  given: boolean
  errors: NameErrors | undefined
  nationalities: { value: string; label: string }[]
  text: ErrorText
}) {
  const { t } = useTranslation()
  const number = index + 1
  const id = (part: string) => `passenger-${index}-${part}`
  const nationalityError = errors?.nationality
  return (
    <>
      <div className="field">
        <label htmlFor={id('nationality')}>{t('received.nationality', { number })}</label>
        <select
          id={id('nationality')}
          name="nationality"
          defaultValue={passenger.nationality}
          required
          aria-invalid={nationalityError ? true : undefined}
          aria-describedby={nationalityError ? errorId(id('nationality')) : undefined}
        >
          <option value="">{t('received.nationalityPlaceholder')}</option>
          {nationalities.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <FieldErrors
          id={errorId(id('nationality'))}
          errors={nationalityError ? [nationalityError] : undefined}
          text={text}
        />
      </div>
      {(['identityNumber', 'passportNumber'] as const).map((part) => {
        const fieldId = id(part)
        const hintId = `${fieldId}-hint`
        const error = errors?.[part]
        // The number stored is the one its nationality needs: only that field says so.
        const kept = given && (part === 'identityNumber') === (passenger.nationality === TURKEY)
        return (
          <div className="field" key={part}>
            <label htmlFor={fieldId}>{t(`received.${part}`, { number })}</label>
            <input
              id={fieldId}
              name={part}
              defaultValue={passenger[part]}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              inputMode={part === 'identityNumber' ? 'numeric' : undefined}
              dir="ltr"
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy(hintId, error ? errorId(fieldId) : undefined)}
            />
            <Hint
              id={hintId}
              text={`${t(`received.${part}Hint`)}${kept ? ` ${t('received.numberGiven')}` : ''}`}
            />
            <FieldErrors id={errorId(fieldId)} errors={error ? [error] : undefined} text={text} />
          </div>
        )
      })}
    </>
  )
}
