import { FieldErrors } from '~/forms/form-errors'

/** A new password: never given back after a refused form, its rule as a hint. */
export function PasswordField({
  id,
  name,
  errorId,
  errors,
  label,
  hint,
  text,
}: {
  id: string
  name: string
  errorId: string
  errors: string[] | undefined
  label: string
  hint: string
  text: (error: string) => string
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="password"
        autoComplete="new-password"
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={[`${id}-hint`, errors?.length ? errorId : ''].filter(Boolean).join(' ')}
      />
      <p id={`${id}-hint`} className="field__hint">
        {hint}
      </p>
      <FieldErrors id={errorId} errors={errors} text={text} />
    </div>
  )
}
