import { z } from 'zod'
import { passengerNameSchema } from './booking-forms'

/**
 * The passenger-names form of the received page: a list of first and last
 * names and two buttons, '+ Add Passenger' (intent 'add': the list gets one
 * more blank entry) and 'Complete Reservation' (intent 'complete': the names
 * are stored). Every name follows the passenger forms' rules (normalised,
 * required, refused rather than cut); the list holds 1 to the booking's
 * passenger count.
 */

export type NamePart = 'firstname' | 'lastname'
export type PostedName = Record<NamePart, string>
export type NameErrors = Partial<Record<NamePart, string>>

/** A name as it is shown again: normalised when it passes, as typed when it is refused. */
const shownName = z.catch(passengerNameSchema, ({ value }) => String(value ?? ''))

const shownNamesSchema = z.array(z.object({ firstname: shownName, lastname: shownName }))

/** The form for a booking of `max` passengers. */
export function passengerNamesFormSchema(max: number) {
  return z.preprocess(
    // A post names 'add' or is a Complete Reservation, as the form's second button is.
    (post) =>
      post && typeof post === 'object' && 'intent' in post && post.intent === 'add'
        ? post
        : { ...(post as object), intent: 'complete' },
    z.discriminatedUnion('intent', [
      // Adding an entry checks nothing yet: what was typed comes back, normalised where it passes.
      z.object({ intent: z.literal('add'), names: shownNamesSchema }),
      z.object({
        intent: z.literal('complete'),
        names: z
          .array(z.object({ firstname: passengerNameSchema, lastname: passengerNameSchema }))
          .min(1)
          .max(max),
      }),
    ]),
  )
}
export type PassengerNamesPost = z.infer<ReturnType<typeof passengerNamesFormSchema>>

/** The post as the schema reads it: the n-th first name goes with the n-th last name. */
export function passengerNamesPost(form: FormData): { intent: unknown; names: PostedName[] } {
  const lastNames = form.getAll('lastname').map(String)
  return {
    intent: form.get('intent'),
    names: form.getAll('firstname').map((firstname, index) => ({
      firstname: String(firstname),
      lastname: lastNames[index] ?? '',
    })),
  }
}

/**
 * A refused Complete Reservation: the names shown again (normalised where they
 * pass, as typed where not) and, by position, each refused name's message.
 * Too many or no names is refused without a message of its own.
 */
export function refusedNames(
  names: PostedName[],
  error: z.ZodError,
): { names: PostedName[]; errors: NameErrors[] } {
  const errors = names.map((): NameErrors => ({}))
  for (const issue of error.issues) {
    const [list, index, part] = issue.path
    if (list !== 'names' || typeof index !== 'number') continue
    if (part !== 'firstname' && part !== 'lastname') continue
    errors[index]![part] ??= issue.message
  }
  return { names: shownNamesSchema.parse(names), errors }
}
