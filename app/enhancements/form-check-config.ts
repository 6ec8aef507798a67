/** What the server renders for form-check.ts (app/forms/form-check.tsx), as JSON. */
export interface FormCheckConfig {
  /** The name of the schema in form-schemas.ts. */
  schema: string
  /** What that schema is made with (a vehicle's capacity, say). */
  params?: unknown
  /** The page's language: plurals and numbers in the messages follow it. */
  language: string
  /** Translation templates by key, i18next's ('{{max, number}}', 'key_one'). */
  templates: Record<string, string>
  /** Values the page adds to the messages: '*' for every key, else by key. */
  values: Record<string, Record<string, string | number>>
  summary: FormCheckSummary
  /** 'Error: ' in the page's language, which the title starts with while errors show. */
  errorPrefix: string
  keepErrorTitle: boolean
}

export interface FormCheckSummary {
  /**
   * 'fields': the summary shows while any field shows an error, one link per
   * field named by its label (FormErrorSummary); 'submit': it shows after a
   * refused submission, one link per error (the contact form's ErrorSummary);
   * 'none': the form has no summary, its title still says 'Error: ' while
   * errors show.
   */
  mode: 'fields' | 'submit' | 'none'
  title?: string
  /** The summary can take the focus (tabindex -1), as the server renders it. */
  focusable?: boolean
  /** The label of each field, in the form's order (mode 'fields'). */
  labels?: Record<string, string>
  /** The id a field's link goes to when it is not `<form id>-<name>` (a radio group). */
  targets?: Record<string, string>
}
