/**
 * A posted form as the plain object the zod schemas parse: each name's first
 * value, as FormData.get reads it (a repeated name does not let its last copy
 * win). Names that hold a list (the received page's names) are read with
 * getAll by their form.
 */
export function formValues(form: FormData): Record<string, FormDataEntryValue> {
  const values: Record<string, FormDataEntryValue> = {}
  for (const [name, value] of form) if (!(name in values)) values[name] = value
  return values
}
