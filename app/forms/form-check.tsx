import type { i18n as I18n } from 'i18next'
import { useTranslation } from '~/i18n/use-translation'
import { withDefaultVariables } from './error-text'
import type { FormCheckConfig, FormCheckSummary } from '~/enhancements/form-check-config'

/**
 * What app/enhancements/form-check.ts needs to check a form in the browser the
 * way the server does, on a page React does not hydrate: which of the shared
 * schemas (app/enhancements/form-schemas.ts) and with which arguments, the
 * translated texts of the errors it may produce (the raw templates of the
 * translation sections named, in the page's language, so that a message
 * carrying a value, 'forms.errors.tooLong?max=50', reads as the server's), the
 * values the page adds to them, and how the form's error summary reads.
 * Rendered inside the form as a JSON script, which nothing executes.
 */
export function FormCheck({
  schema,
  params,
  sections,
  values = {},
  summary,
  keepErrorTitle = false,
}: {
  schema: string
  params?: unknown
  /** Translation sections holding the form's error texts, such as 'booking.errors'. */
  sections: string[]
  /** Values the page adds to its messages: '*' for all, else by key. */
  values?: Record<string, Record<string, string | number>>
  summary: FormCheckSummary
  /** The page shows a warning notice: its title keeps 'Error: ' whatever the fields say. */
  keepErrorTitle?: boolean
}) {
  const { i18n, t } = useTranslation()
  const config: FormCheckConfig = {
    schema,
    params,
    language: i18n.language,
    templates: errorTemplates(i18n, sections),
    // The browser fills the templates itself, with the values the server uses.
    values: withDefaultVariables(i18n, values),
    summary,
    errorPrefix: t('meta.errorPrefix'),
    keepErrorTitle,
  }
  return (
    <script
      type="application/json"
      data-form-check=""
      // A JSON script is data: escaping '<' keeps a '</script>' in a text from ending it.
      dangerouslySetInnerHTML={{ __html: JSON.stringify(config).replace(/</g, '\\u003c') }}
    />
  )
}

/** The raw templates of these sections (and the shared 'forms.errors'), by full key. */
export function errorTemplates(i18n: I18n, sections: string[]): Record<string, string> {
  const templates: Record<string, string> = {}
  for (const section of [...new Set(['forms.errors', ...sections])]) {
    const found: unknown = i18n.getResource(i18n.language, 'translation', section)
    if (found && typeof found === 'object')
      flatten(found as Record<string, unknown>, section, templates)
  }
  return templates
}

function flatten(tree: Record<string, unknown>, prefix: string, into: Record<string, string>) {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') into[`${prefix}.${key}`] = value
    else if (value && typeof value === 'object') {
      flatten(value as Record<string, unknown>, `${prefix}.${key}`, into)
    }
  }
}
