import { deleteAccountAction } from './delete-account-action.server'
import { yourDataDownloadResponse } from './your-data-download.server'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { parseWithZod } from '@conform-to/zod/v4'
import { getEnv } from '~/config/env.server'
import { getDatabase } from '~/db/db.server'
import { bookingLink } from '~/booking/booking-access.server'
import { rideLine } from '~/booking/ride-label'
import { hireOf } from '~/booking/booking-view.server'
import { listVehicleClasses } from '~/content/fleet.server'
import { istanbulClock } from '~/domain/booking-window'
import { bookingPickupInstant, pickupCalendarDate } from '~/domain/trip-search'
import { isLinkExpired } from '~/domain/booking/traveller-rules'
import { isLanguage, languageSearchParam } from '~/i18n/config'
import type { BookingRow } from '~/db/schema'
import { clientAddressContext } from '~/utils/client-address.server'
import { formatDate } from '~/utils/format'
import { logger } from '~/utils/logger.server'
import { markFormRefused, pageContext } from '~/utils/page-context.server'
import { refuseCrossOrigin, retryAfter } from '~/utils/same-origin.server'
import {
  emailOnlySchema,
  newPasswordSchema,
  registerSchema,
  savedDetailsSchema,
  signInSchema,
} from './account-forms'
import { listAccountBookings } from './my-bookings.server'
import { hasRecentProof, proofView } from './account-proof'
import {
  accountPageHeaders,
  accountReturnPath,
  readSignedInTraveller,
  requireTraveller,
  type SignedInTraveller,
} from './signed-in.server'
import { saveTravellerDetails, savedDetailsOf } from './traveller-accounts.server'
import { updatesChoices } from '~/booking/updates-options.server'
import {
  clearedTravellerCookieHeader,
  readTravellerToken,
  travellerCookieHeader,
} from './traveller-cookie.server'
import { revokeTravellerSession } from './traveller-sessions.server'
import {
  openTravellerLink,
  registerTraveller,
  requestTravellerLink,
  resetTravellerPassword,
  confirmTravellerPassword,
  signInTraveller,
  type ClientFacts,
} from './traveller-sign-in.server'
import { peekTravellerToken } from './traveller-tokens.server'

/**
 * What the account pages do (/login, /register, /account and its pages), so
 * their route modules hold only loader, action, component and meta. Every
 * answer is private (no-store); every POST must come from this site.
 */

type Context = Readonly<RouterContextProvider>

function clientFacts(context: Context, request: Request): ClientFacts {
  return {
    clientAddress: context.get(clientAddressContext),
    userAgent: request.headers.get('user-agent'),
    secret: getEnv().SESSION_SECRET[0]!,
  }
}

/** A path on this site in the page's language (?lng= kept across Post/Redirect/Get). */
function inLanguage(request: Request, path: string, query: Record<string, string> = {}) {
  const params = new URLSearchParams(query)
  const language = new URL(request.url).searchParams.get(languageSearchParam)
  if (isLanguage(language)) params.set(languageSearchParam, language)
  const search = params.toString()
  return search ? `${path}?${search}` : path
}

function tooMany(context: Context, reply: unknown, retryAt: Date) {
  markFormRefused(context)
  return data(
    { result: reply, retryAt: istanbulClock(retryAt) },
    { status: 429, headers: { ...accountPageHeaders, 'Retry-After': retryAfter(retryAt) } },
  )
}

function signedInRedirect(to: string, token: string, remember: boolean) {
  return travellerCookieHeader(token, remember).then((cookie) =>
    redirect(to, { status: 303, headers: { ...accountPageHeaders, 'Set-Cookie': cookie } }),
  )
}

const formField = (form: FormData, name: string) => {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}

// ---------------------------------------------------------------- /login

export async function loginPageData(context: Context, request: Request) {
  const url = new URL(request.url)
  const next = accountReturnPath(url.searchParams.get('next'))
  if (await readSignedInTraveller(request)) throw redirect(next, { headers: accountPageHeaders })
  const { meta } = pageContext(context, request)
  return data(
    {
      meta: meta('login'),
      next,
      /** 'link': a sign-in link was asked for; 'out': signed out; 'deleted': the account is gone. */
      notice:
        url.searchParams.get('sent') === '1'
          ? 'link'
          : url.searchParams.get('signedOut') === '1'
            ? 'out'
            : url.searchParams.get('deleted') === '1'
              ? 'deleted'
              : null,
    },
    { headers: accountPageHeaders },
  )
}

/**
 * Signs in with the password, or (the second button, intent=link) e-mails a
 * sign-in link. One answer for every refused password; a link is "sent"
 * whether or not the address has an account.
 */
export async function loginPageAction(context: Context, request: Request) {
  refuseCrossOrigin(request)
  const form = await request.formData()
  const intent = formField(form, 'intent') === 'link' ? 'link' : 'password'
  const next = accountReturnPath(formField(form, 'next'))
  const submission = parseWithZod(form, { schema: signInSchema })
  if (submission.status !== 'success') {
    markFormRefused(context)
    return data({ result: submission.reply() }, { status: 400, headers: accountPageHeaders })
  }
  const handle = await getDatabase()
  const client = clientFacts(context, request)
  const now = new Date()
  if (intent === 'link') {
    const outcome = await requestTravellerLink(
      handle,
      submission.value.email,
      'sign-in',
      client,
      now,
    )
    if (outcome.kind === 'rate-limited') {
      return tooMany(
        context,
        submission.reply({ formErrors: ['travellerAccount.errors.tooManyMails'] }),
        outcome.retryAt,
      )
    }
    return redirect(inLanguage(request, '/login', { sent: '1' }), {
      status: 303,
      headers: accountPageHeaders,
    })
  }
  const password = formField(form, 'password')
  if (!password) {
    markFormRefused(context)
    return data(
      {
        result: submission.reply({
          fieldErrors: { password: ['travellerAccount.errors.passwordRequired'] },
        }),
      },
      { status: 400, headers: accountPageHeaders },
    )
  }
  const remember = submission.value.remember === true
  const outcome = await signInTraveller(
    handle,
    { email: submission.value.email, password, remember },
    client,
    now,
  )
  if (!outcome.signedIn && outcome.reason === 'address-locked') {
    return tooMany(
      context,
      submission.reply({
        formErrors: ['travellerAccount.errors.tooManyAttempts'],
        hideFields: ['password'],
      }),
      outcome.retryAt,
    )
  }
  if (!outcome.signedIn) {
    markFormRefused(context)
    return data(
      {
        result: submission.reply({
          formErrors: ['travellerAccount.errors.signInFailed'],
          hideFields: ['password'],
        }),
      },
      { status: 400, headers: accountPageHeaders },
    )
  }
  return signedInRedirect(inLanguage(request, next), outcome.token, remember)
}

// ---------------------------------------------------------------- /register

export async function registerPageData(context: Context, request: Request) {
  const { meta } = pageContext(context, request)
  return data(
    {
      meta: meta('register'),
      sent: new URL(request.url).searchParams.get('sent') === '1',
    },
    { headers: accountPageHeaders },
  )
}

export async function registerPageAction(context: Context, request: Request) {
  refuseCrossOrigin(request)
  const form = await request.formData()
  const submission = parseWithZod(form, { schema: registerSchema })
  if (submission.status !== 'success') {
    markFormRefused(context)
    return data(
      { result: submission.reply({ hideFields: ['password', 'confirmPassword'] }) },
      { status: 400, headers: accountPageHeaders },
    )
  }
  const { language } = pageContext(context, request)
  const outcome = await registerTraveller(
    await getDatabase(),
    { email: submission.value.email, password: submission.value.password, language },
    clientFacts(context, request),
    new Date(),
  )
  if (outcome.kind === 'rate-limited') {
    return tooMany(
      context,
      submission.reply({
        formErrors: ['travellerAccount.errors.tooManyMails'],
        hideFields: ['password', 'confirmPassword'],
      }),
      outcome.retryAt,
    )
  }
  return redirect(inLanguage(request, '/register', { sent: '1' }), {
    status: 303,
    headers: accountPageHeaders,
  })
}

// ---------------------------------------------------------------- /account/forgot-password

export async function forgotPageData(context: Context, request: Request) {
  const { meta } = pageContext(context, request)
  return data(
    {
      meta: meta('forgot-password', { noindex: true }),
      sent: new URL(request.url).searchParams.get('sent') === '1',
    },
    { headers: accountPageHeaders },
  )
}

export async function forgotPageAction(context: Context, request: Request) {
  refuseCrossOrigin(request)
  const submission = parseWithZod(await request.formData(), { schema: emailOnlySchema })
  if (submission.status !== 'success') {
    markFormRefused(context)
    return data({ result: submission.reply() }, { status: 400, headers: accountPageHeaders })
  }
  const outcome = await requestTravellerLink(
    await getDatabase(),
    submission.value.email,
    'reset',
    clientFacts(context, request),
    new Date(),
  )
  if (outcome.kind === 'rate-limited') {
    return tooMany(
      context,
      submission.reply({ formErrors: ['travellerAccount.errors.tooManyMails'] }),
      outcome.retryAt,
    )
  }
  return redirect(inLanguage(request, '/account/forgot-password', { sent: '1' }), {
    status: 303,
    headers: accountPageHeaders,
  })
}

// ---------------------------------------------------------------- /account/link

/**
 * A link from an e-mail opens a page with one button (or the new password's
 * form): the link is used by that POST, never by the GET, so a mail
 * scanner that fetches every link in a message does not spend it.
 */
export async function linkPageData(context: Context, request: Request) {
  const { meta } = pageContext(context, request)
  const token = new URL(request.url).searchParams.get('token')
  const found = await peekTravellerToken((await getDatabase()).db, token, new Date())
  return data(
    {
      meta: meta('account-link', { noindex: true }),
      purpose: found?.purpose ?? null,
      token: found ? token : null,
    },
    { headers: { ...accountPageHeaders, 'Referrer-Policy': 'same-origin' } },
  )
}

export async function linkPageAction(context: Context, request: Request) {
  refuseCrossOrigin(request)
  const form = await request.formData()
  const token = formField(form, 'token')
  const remember = formField(form, 'remember') === 'on'
  const handle = await getDatabase()
  const options = { remember, userAgent: request.headers.get('user-agent') }
  const now = new Date()
  const purpose = formField(form, 'purpose')
  if (purpose === 'reset') {
    const submission = parseWithZod(form, { schema: newPasswordSchema })
    if (submission.status !== 'success') {
      markFormRefused(context)
      return data(
        {
          result: submission.reply({ hideFields: ['password', 'confirmPassword'] }),
          expired: false,
        },
        { status: 400, headers: accountPageHeaders },
      )
    }
    const outcome = await resetTravellerPassword(
      handle,
      token,
      submission.value.password,
      options,
      now,
    )
    if (!outcome.done) {
      return data({ result: null, expired: true }, { status: 410, headers: accountPageHeaders })
    }
    return signedInRedirect(
      inLanguage(request, '/account', { reset: '1' }),
      outcome.token,
      remember,
    )
  }
  if (purpose !== 'verify' && purpose !== 'sign-in') {
    return data({ result: null, expired: true }, { status: 410, headers: accountPageHeaders })
  }
  const outcome = await openTravellerLink(handle, token, purpose, options, now)
  if (!outcome.done) {
    return data({ result: null, expired: true }, { status: 410, headers: accountPageHeaders })
  }
  return signedInRedirect(inLanguage(request, '/account'), outcome.token, remember)
}

// ---------------------------------------------------------------- /account

export interface AccountBookingItem {
  reference: string
  returnRide: boolean
  date: string
  time: string
  route: string
  vehicle: string
  status: string
  /** The booking's own page through its signed link, while its links are open. */
  href: string | null
}

/** The notices the account page shows after a Post/Redirect/Get, by their query flag. */
const accountNotices = ['saved', 'verifySent', 'reset', 'confirmed', 'confirmSent'] as const

export async function accountPageData(context: Context, request: Request) {
  const signedIn = await requireTraveller(request)
  const { account } = signedIn
  const { language, site, t, meta } = pageContext(context, request)
  const handle = await getDatabase()
  const now = new Date()
  const bookings = await listAccountBookings(handle.db, account, now)
  const vehicles = new Map(
    listVehicleClasses(language, site).map((item) => [item.code, item.title]),
  )
  const item = (booking: BookingRow): AccountBookingItem => ({
    reference: booking.reference,
    returnRide: booking.outbound_booking_id !== null,
    date: formatDate(pickupCalendarDate(booking.trip_date, booking.trip_time), language),
    time: booking.trip_time,
    route: rideLine(t, {
      from: booking.pickup_text,
      to: booking.destination_text,
      hire: hireOf(booking),
    }),
    vehicle: vehicles.get(booking.vehicle_class as never) ?? booking.vehicle_class,
    status: booking.status,
    href: isLinkExpired(bookingPickupInstant(booking), now)
      ? null
      : bookingLink(booking.id).slice(getEnv().PUBLIC_BASE_URL.length),
  })
  const query = new URL(request.url).searchParams
  const verified = account.email_verified_at !== null
  return data(
    {
      meta: meta('account', { noindex: true }),
      email: account.email,
      verified,
      upcoming: bookings.upcoming.map(item),
      past: bookings.past.map(item),
      // Saved details are offered once the address is proved (account-proof.ts).
      saved: verified ? savedDetailsOf(account) : {},
      /** The ride-update channels this site offers: e-mail alone without a provider. */
      updatesChoices: updatesChoices(),
      proof: proofView(signedIn.session, account, now),
      /** Sent back here from the download: the page says why it asks to confirm first. */
      proofAsked: query.get('confirm') === 'download',
      notice: accountNotices.find((name) => query.get(name) === '1') ?? null,
    },
    { headers: accountPageHeaders },
  )
}

/** The account page's answer to a refused POST: what its forms show again. */
interface AccountActionAnswer {
  result: unknown
  verifyError: string | null
  retryAt: string | null
  deleteRefused?: { typed: string; errors: Record<string, string[]> }
  /** The password confirmation refused: the message beside its field. */
  confirmError?: string
  /** The sign-in link to confirm with refused (too many asked): the message beside its button. */
  linkError?: string
  /** Downloading or deleting was asked for without a recent proof. */
  proofAsked?: boolean
}

function refusedAnswer(
  context: Context,
  answer: Partial<AccountActionAnswer>,
  status: number,
  retryAtDate?: Date,
) {
  markFormRefused(context)
  const headers: Record<string, string> = { ...accountPageHeaders }
  if (retryAtDate) headers['Retry-After'] = retryAfter(retryAtDate)
  return data<AccountActionAnswer>(
    {
      result: null,
      verifyError: null,
      retryAt: retryAtDate ? istanbulClock(retryAtDate) : null,
      ...answer,
    },
    { status, headers },
  )
}

export async function accountPageAction(context: Context, request: Request) {
  refuseCrossOrigin(request)
  const signedIn = await requireTraveller(request)
  const { account } = signedIn
  const form = await request.formData()
  const intent = formField(form, 'intent')
  const now = new Date()
  if (intent === 'deleteAccount') {
    if (!hasRecentProof(signedIn.session, now)) {
      return refusedAnswer(context, { proofAsked: true }, 403)
    }
    return deleteAccountPageAction(context, request, account, form)
  }
  if (intent === 'confirmIdentity') return confirmIdentityAction(context, request, signedIn, form)
  if (intent === 'confirmByLink') {
    return mailAccountLink(context, request, account.email, 'sign-in', 'linkError', 'confirmSent')
  }
  if (intent === 'resendVerification') {
    return mailAccountLink(context, request, account.email, 'verify', 'verifyError', 'verifySent')
  }
  if (intent !== 'saveDetails') return refusedAnswer(context, {}, 400)
  // Details are saved to an account once its address is proved (account-proof.ts).
  if (!account.email_verified_at) return refusedAnswer(context, {}, 403)
  const submission = parseWithZod(form, { schema: savedDetailsSchema })
  if (submission.status !== 'success') {
    return refusedAnswer(context, { result: submission.reply() }, 400)
  }
  // A channel this site does not offer (no messaging provider) is not kept as a choice.
  const { updates } = submission.value
  const offered = updates && updatesChoices().includes(updates) ? updates : undefined
  const details = { ...submission.value, updates: offered }
  await saveTravellerDetails(await getDatabase(), account.id, details, now)
  logger.info('traveller.details_saved', { accountId: account.id })
  return redirect(inLanguage(request, '/account', { saved: '1' }), {
    status: 303,
    headers: accountPageHeaders,
  })
}

/**
 * E-mails the signed-in account a link (to prove the address again, or to
 * sign in anew as a proof of the person) and comes back to the page saying
 * so; past the account e-mails' limits, the message stands in `errorField`.
 */
async function mailAccountLink(
  context: Context,
  request: Request,
  email: string,
  purpose: 'verify' | 'sign-in',
  errorField: 'verifyError' | 'linkError',
  notice: (typeof accountNotices)[number],
) {
  const outcome = await requestTravellerLink(
    await getDatabase(),
    email,
    purpose,
    clientFacts(context, request),
    new Date(),
  )
  if (outcome.kind === 'rate-limited') {
    return refusedAnswer(
      context,
      { [errorField]: 'travellerAccount.errors.tooManyMails' },
      429,
      outcome.retryAt,
    )
  }
  return redirect(inLanguage(request, '/account', { [notice]: '1' }), {
    status: 303,
    headers: accountPageHeaders,
  })
}

/**
 * "Confirm it is you" with the password, before downloading or deleting:
 * confirmed, the page shows both until the proof is no longer recent.
 */
async function confirmIdentityAction(
  context: Context,
  request: Request,
  signedIn: SignedInTraveller,
  form: FormData,
) {
  const password = formField(form, 'password')
  if (!password) {
    return refusedAnswer(context, { confirmError: 'travellerAccount.errors.passwordRequired' }, 400)
  }
  const outcome = await confirmTravellerPassword(
    await getDatabase(),
    signedIn,
    password,
    clientFacts(context, request),
    new Date(),
  )
  if (!outcome.confirmed && outcome.reason === 'address-locked') {
    return refusedAnswer(
      context,
      { confirmError: 'travellerAccount.errors.tooManyAttempts' },
      429,
      outcome.retryAt,
    )
  }
  if (!outcome.confirmed) {
    return refusedAnswer(context, { confirmError: 'yourData.errors.passwordWrong' }, 400)
  }
  return redirect(inLanguage(request, '/account', { confirmed: '1' }), {
    status: 303,
    headers: accountPageHeaders,
  })
}

/**
 * "Delete my account": confirmed by typing the account's e-mail, refused while
 * a ride is to come. Deleted, the account's sessions went with it; the browser's
 * cookie is cleared and the traveller lands on the sign-in page, told so.
 */
async function deleteAccountPageAction(
  context: Context,
  request: Request,
  account: { id: number; email: string },
  form: FormData,
) {
  const { language } = pageContext(context, request)
  const answer = await deleteAccountAction(await getDatabase(), account, form, language, new Date())
  if (answer.kind === 'refused') {
    return refusedAnswer(
      context,
      { deleteRefused: { typed: answer.typed, errors: answer.errors } },
      400,
    )
  }
  return redirect(inLanguage(request, '/login', { deleted: '1' }), {
    status: 303,
    headers: { ...accountPageHeaders, 'Set-Cookie': await clearedTravellerCookieHeader() },
  })
}

/**
 * /account/your-data.json: everything held about the signed-in traveller, as a
 * download. A visitor not signed in is sent to sign in first; an account whose
 * address is not proved has nothing to download, and one whose holder has not
 * proved who they are recently is sent to confirm it first (account-proof.ts).
 */
export async function yourDataDownload(request: Request) {
  const signedIn = await requireTraveller(request)
  if (!signedIn.account.email_verified_at) {
    return redirect(inLanguage(request, '/account'), { status: 303, headers: accountPageHeaders })
  }
  const now = new Date()
  if (!hasRecentProof(signedIn.session, now)) {
    return redirect(inLanguage(request, '/account', { confirm: 'download' }), {
      status: 303,
      headers: accountPageHeaders,
    })
  }
  return yourDataDownloadResponse(await getDatabase(), signedIn.account.id, now)
}

// ---------------------------------------------------------------- sign out

export async function signOutAction(request: Request) {
  refuseCrossOrigin(request)
  const token = await readTravellerToken(request)
  if (token) await revokeTravellerSession(await getDatabase(), token, new Date())
  logger.info('traveller.signed_out')
  return redirect(inLanguage(request, '/login', { signedOut: '1' }), {
    status: 303,
    headers: { ...accountPageHeaders, 'Set-Cookie': await clearedTravellerCookieHeader() },
  })
}
