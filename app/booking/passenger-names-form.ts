import { z } from 'zod'
import {
  checkIdentity,
  type CountryCode,
  type IdentityField,
  type IdentityProblem,
  type PassengerIdentity,
} from '~/domain/identity/travel-identity'
import { passengerNameSchema } from './booking-forms'

/**
 * The passenger-names form of the received page: for each passenger a first
 * and last name, a nationality and a T.C. identity number (Turkish citizens)
 * or a passport number (anyone else), and two buttons, '+ Add Passenger'
 * (intent 'add': the list gets one more blank entry) and 'Complete
 * Reservation' (intent 'complete': the passengers are stored). Every name
 * follows the passenger forms' rules (normalised, required, refused rather
 * than cut); the list holds 1 to the booking's passenger count; identities
 * follow app/domain/identity/travel-identity.ts. A number left empty where
 * one of the same nationality was given before keeps it: the page never
 * shows a stored number back.
 */

export type NamePart = 'firstname' | 'lastname'
export type PassengerPart = NamePart | IdentityField
export type PostedName = Record<PassengerPart, string>
export type NameErrors = Partial<Record<PassengerPart, string>>

/** A name as it is shown again: normalised when it passes, as typed when it is refused. */
const shownName = z.catch(passengerNameSchema, ({ value }) => String(value ?? ''))
/** An identity field as typed: the identity rules judge it after the names. */
const typed = z.catch(z.string(), '')

const identityParts = {
  nationality: typed,
  identityNumber: typed,
  passportNumber: typed,
}
const shownNamesSchema = z.array(
  z.object({ firstname: shownName, lastname: shownName, ...identityParts }),
)

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
          .array(
            z.object({
              firstname: passengerNameSchema,
              lastname: passengerNameSchema,
              ...identityParts,
            }),
          )
          .min(1)
          .max(max),
      }),
    ]),
  )
}
export type PassengerNamesPost = z.infer<ReturnType<typeof passengerNamesFormSchema>>

/** The post as the schema reads it: the n-th of each field goes with the n-th first name. */
export function passengerNamesPost(form: FormData): { intent: unknown; names: PostedName[] } {
  const column = (name: PassengerPart) => form.getAll(name).map(String)
  const [lastNames, nationalities, identityNumbers, passportNumbers] = [
    column('lastname'),
    column('nationality'),
    column('identityNumber'),
    column('passportNumber'),
  ]
  return {
    intent: form.get('intent'),
    names: column('firstname').map((firstname, index) => ({
      firstname,
      lastname: lastNames[index] ?? '',
      nationality: nationalities[index] ?? '',
      identityNumber: identityNumbers[index] ?? '',
      passportNumber: passportNumbers[index] ?? '',
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

/** A stored passenger's identity, as the form may keep it: its nationality alone is shown. */
export interface StoredIdentity {
  nationality: CountryCode
}

/** What Complete Reservation stores for one passenger. */
export type IdentityToStore = PassengerIdentity | { keep: CountryCode }

const identityError = (field: IdentityField, problem: IdentityProblem) =>
  `received.errors.${field}.${problem}`

/**
 * Each passenger's identity as stored, or the messages beside the wrong
 * fields. A number left empty keeps the one given before for that passenger
 * (by position) when its nationality is unchanged.
 */
export function passengerIdentities(
  names: PostedName[],
  stored: (StoredIdentity | null)[],
  countries: ReadonlySet<CountryCode>,
): { ok: true; identities: IdentityToStore[] } | { ok: false; errors: NameErrors[] } {
  const identities: IdentityToStore[] = []
  const errors = names.map((): NameErrors => ({}))
  let refused = false
  for (const [index, name] of names.entries()) {
    const before = stored[index]
    const nationality = name.nationality.trim().toUpperCase()
    const numberLeftEmpty = name.identityNumber.trim() === '' && name.passportNumber.trim() === ''
    if (before && nationality === before.nationality && numberLeftEmpty) {
      identities.push({ keep: nationality })
      continue
    }
    const checked = checkIdentity(name, countries)
    if (checked.ok) {
      identities.push(checked.identity)
      continue
    }
    refused = true
    for (const [field, problem] of Object.entries(checked.problems) as [
      IdentityField,
      IdentityProblem,
    ][]) {
      errors[index]![field] = identityError(field, problem)
    }
  }
  return refused ? { ok: false, errors } : { ok: true, identities }
}
