/**
 * A date of a period form (reports, settlements: plain GET forms whose period
 * is in the address), its error beside it.
 */
export function PeriodDateField({
  id,
  name,
  label,
  value,
  error,
}: {
  id: string
  name: string
  label: string
  value: string
  error: string | null
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="date"
        required
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
