import { createElement, type ReactNode } from 'react'
import { useTranslation } from '~/i18n/use-translation'
import {
  fieldErrorElement,
  fieldId,
  summaryContent,
  summaryElement,
  type ErrorElement,
  type ErrorText,
  type SummaryContent,
} from './error-markup'

export type { ErrorText } from './error-markup'

/**
 * The server's renderer of the error markup that error-markup.ts describes;
 * the browser's check of a form builds the same description with DOM calls
 * (app/enhancements/error-dom.ts), so both render one structure.
 */
function Markup({ element }: { element: ErrorElement }): ReactNode {
  const { tag, attributes, children } = element
  const content = children.map((child, index) =>
    typeof child === 'string' ? child : <Markup key={index} element={child} />,
  )
  if (tag === 'a' && attributes.href?.startsWith('#')) {
    return <FieldLink target={attributes.href.slice(1)}>{content}</FieldLink>
  }
  return createElement(tag, reactProps(attributes), ...content)
}

/** HTML attribute names as React spells them. */
function reactProps(attributes: Record<string, string>) {
  const props: Record<string, string | number | boolean> = {}
  for (const [name, value] of Object.entries(attributes)) {
    if (name === 'class') props.className = value
    else if (name === 'tabindex') props.tabIndex = Number(value)
    else if (name === 'autofocus') props.autoFocus = true
    else props[name] = value
  }
  return props
}

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
  const element = fieldErrorElement(id, errors, text)
  return element ? <Markup element={element} /> : null
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

/**
 * The errors of a refused form, at its top (summaryContent says what it
 * holds). With `focus` it is focusable and takes the focus on load
 * (autofocus), for a page the server rendered after a POST without JavaScript.
 */
export function ErrorSummary({
  content,
  focus = false,
}: {
  content: SummaryContent | null
  focus?: boolean
}) {
  if (!content) return null
  return <Markup element={summaryElement(content, { focusable: focus, autofocus: focus })} />
}

/**
 * The summary of a conform form: one link per field, named by the field's
 * label and its message, that takes the focus to the field; errors of the
 * whole form as plain text. It takes the focus on load after a POST without
 * JavaScript; with JavaScript conform focuses the first wrong field.
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
  return (
    <ErrorSummary
      focus
      content={summaryContent({
        errors: Object.entries(form.allErrors),
        fields: Object.entries(labels).map(([name, label]) => ({
          name,
          label,
          target: targets[name] ?? fieldId(form.id, name),
        })),
        mode: 'fields',
        title: t('forms.summaryTitle'),
        text,
      })}
    />
  )
}
