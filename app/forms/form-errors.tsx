import type { ReactNode, Ref } from 'react'
import { useTranslation } from '~/i18n/use-translation'

/** Translates error keys from the shared schemas, with the values a key needs. */
export type ErrorText = (key: string) => string

/** The errors of one field, beside it, referenced by the field's aria-describedby. */
export function FieldErrors({
  id,
  errors,
  text,
}: {
  id: string
  errors: string[] | undefined
  text: ErrorText
}) {
  if (!errors?.length) return null
  return (
    <p id={id} className="field__error">
      {[...new Set(errors)].map(text).join(' ')}
    </p>
  )
}

/**
 * A link from an error summary to its field. Without JavaScript the browser
 * follows the fragment and focuses the field; with it the link focuses the
 * field itself, because a fragment navigation is a new location to the router,
 * which drops the action data the refused form is shown from.
 */
export function FieldLink({ target, children }: { target: string; children: ReactNode }) {
  return (
    <a
      href={`#${target}`}
      onClick={(event) => {
        const field = document.getElementById(target)
        if (!field) return
        event.preventDefault()
        field.focus()
      }}
    >
      {children}
    </a>
  )
}

/** One link of an error summary: the field it takes the focus to, and what it says. */
export interface SummaryLink {
  key: string
  target: string
  content: ReactNode
}

/**
 * The errors of a refused form, at its top: errors of the whole form as plain
 * text, then one link per wrong field (FieldLink) under an optional title.
 * With `focus` it is focusable and takes the focus on load (autofocus), for a
 * page the server rendered after a POST without JavaScript.
 */
export function ErrorSummary({
  messages,
  title,
  links,
  focus = false,
  ref,
}: {
  messages: ReactNode[]
  title?: ReactNode
  links: SummaryLink[]
  focus?: boolean
  ref?: Ref<HTMLDivElement>
}) {
  return (
    <div
      className="alert alert--error error-summary"
      role="alert"
      tabIndex={focus ? -1 : undefined}
      autoFocus={focus || undefined}
      ref={ref}
    >
      {messages}
      {links.length ? (
        <>
          {title ? <p>{title}</p> : null}
          <ul>
            {links.map((link) => (
              <li key={link.key}>
                <FieldLink target={link.target}>{link.content}</FieldLink>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  )
}

/**
 * The summary of a conform form: one link per field, named by the field's
 * label and its message, that takes the focus to the field (as the contact
 * page's summary does); errors of the whole form as plain text. It takes the
 * focus on load after a POST without JavaScript; with JavaScript conform
 * focuses the first wrong field.
 */
export function FormErrorSummary({
  form,
  labels,
  targets = {},
  text,
}: {
  /** conform's form metadata: its id and every error by field name. */
  form: { id: string; allErrors: Record<string, string[] | undefined> }
  /** The label of each field, in the form's order. */
  labels: Record<string, string>
  /** The id a field's link goes to when it is not conform's (a radio group: its first radio). */
  targets?: Record<string, string>
  text: ErrorText
}) {
  const { t } = useTranslation()
  const entries = Object.entries(form.allErrors).filter((entry): entry is [string, string[]] =>
    Boolean(entry[1]?.length),
  )
  if (!entries.length) return null
  const fieldErrors = Object.keys(labels).flatMap((name) => {
    const errors = form.allErrors[name]
    return errors?.length ? [{ name, errors: [...new Set(errors)] }] : []
  })
  const formErrors = [
    ...new Set(entries.filter(([name]) => !(name in labels)).flatMap(([, errors]) => errors)),
  ]
  return (
    <ErrorSummary
      focus
      messages={formErrors.map((error) => (
        <p key={error}>{text(error)}</p>
      ))}
      title={t('forms.summaryTitle')}
      links={fieldErrors.map(({ name, errors }) => ({
        key: name,
        target: targets[name] ?? `${form.id}-${name}`,
        content: (
          <>
            {labels[name]}: {errors.map(text).join(' ')}
          </>
        ),
      }))}
    />
  )
}
