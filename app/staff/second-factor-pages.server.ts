import { data, redirect, type RouterContextProvider } from 'react-router'
import { getEnv } from '~/config/env.server'
import { getSiteSettings } from '~/config/site.server'
import { getDatabase } from '~/db/db.server'
import { rolesThatMay } from '~/domain/staff/roles'
import { clientAddressContext } from '~/utils/client-address.server'
import { markFormRefused, pageContext } from '~/utils/page-context.server'
import { findStaffAccount } from './accounts.server'
import {
  currentStaff,
  refuseCrossOrigin,
  requireStaff,
  signInPath,
  staffPageHeaders,
  staffReturnPath,
} from './guard.server'
import { instantFormatter, staffMeta } from './ops-pages.server'
import { confirmSecondFactor, secondFactorSetupSecret } from './second-factor.server'
import { signInWithCode } from './sign-in.server'
import { clearedCodeStepCookieHeader, readCodeStep, staffCookieHeader } from './staff-cookie.server'
import { totpQrSvg, totpUri } from './totp.server'

/**
 * The pages of the second factor: the code asked after a right password
 * (/ops/sign-in/code), and a person's own setting (/ops/security), where
 * admins and dispatchers turn it on.
 */

type Context = Readonly<RouterContextProvider>

function formText(form: FormData, name: string): string {
  const value = form.get(name)
  return typeof value === 'string' ? value.slice(0, 32) : ''
}

// ---------------------------------------------------------------- the code step

/** Without an open code step (expired, or never started) the password comes first. */
async function requireCodeStep(request: Request, now: Date) {
  const step = await readCodeStep(request, now)
  if (!step) {
    throw redirect(signInPath, {
      headers: { ...staffPageHeaders, 'Set-Cookie': await clearedCodeStepCookieHeader() },
    })
  }
  return step
}

export async function codeStepPageData(context: Context, request: Request) {
  const next = staffReturnPath(new URL(request.url).searchParams.get('next'))
  if (await currentStaff(request)) throw redirect(next, { headers: staffPageHeaders })
  await requireCodeStep(request, new Date())
  const { t } = pageContext(context, request)
  return { meta: staffMeta(context, request, t('ops.secondFactor.codeTitle')), next }
}

export async function codeStepAction(context: Context, request: Request) {
  refuseCrossOrigin(request)
  const now = new Date()
  const step = await requireCodeStep(request, now)
  const form = await request.formData()
  const next = staffReturnPath(formText(form, 'next') || null)
  const outcome = await signInWithCode(
    await getDatabase(),
    {
      accountId: step.accountId,
      code: formText(form, 'code'),
      clientAddress: context.get(clientAddressContext),
      userAgent: request.headers.get('user-agent'),
      secret: getEnv().SESSION_SECRET[0]!,
    },
    now,
  )
  if (!outcome.signedIn) {
    markFormRefused(context)
    return data({ failed: true as const }, { status: 400, headers: staffPageHeaders })
  }
  const headers = new Headers(staffPageHeaders)
  headers.append('Set-Cookie', await staffCookieHeader(outcome.token))
  headers.append('Set-Cookie', await clearedCodeStepCookieHeader())
  return redirect(next, { status: 303, headers })
}

// ---------------------------------------------------------------- one's own setting

export async function securityPageData(context: Context, request: Request) {
  const staff = await requireStaff(request, rolesThatMay('bookings.view'))
  const { t, language } = pageContext(context, request)
  const handle = await getDatabase()
  const account = (await findStaffAccount(handle, staff.account.id))!
  const meta = staffMeta(context, request, t('ops.secondFactor.title'))
  if (account.totp_enabled_at) {
    return {
      meta,
      enabledAt: instantFormatter(language)(account.totp_enabled_at),
      setup: null,
    }
  }
  const secret = (await secondFactorSetupSecret(handle, account.id))!
  const uri = totpUri(secret, account.email, getSiteSettings().brand)
  return {
    meta,
    enabledAt: null,
    // The secret in groups of four, as people type it into an app.
    setup: { secret: secret.replace(/(.{4})/g, '$1 ').trim(), qrSvg: totpQrSvg(uri) },
  }
}

export async function securityAction(context: Context, request: Request) {
  const staff = await requireStaff(request, rolesThatMay('bookings.view'))
  refuseCrossOrigin(request)
  const form = await request.formData()
  const turnedOn = await confirmSecondFactor(
    await getDatabase(),
    staff.account.id,
    formText(form, 'code'),
    new Date(),
  )
  if (!turnedOn) {
    markFormRefused(context)
    return data({ failed: true as const }, { status: 400, headers: staffPageHeaders })
  }
  return redirect('/ops/security?done=1', { status: 303, headers: staffPageHeaders })
}
