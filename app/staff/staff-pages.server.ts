import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { getDatabase } from '~/db/db.server'
import { rolesThatMay, type DisableRefusal } from '~/domain/staff/roles'
import { markFormRefused, pageContext } from '~/utils/page-context.server'
import {
  createStaffAccount,
  disableStaffAccountAsAdmin,
  enableStaffAccount,
  endStaffSessions,
  findStaffAccount,
  listStaffAccounts,
  resetStaffPassword,
  StaffAccountError,
} from './accounts.server'
import { refuseCrossOrigin, requireStaff, staffPageHeaders } from './guard.server'
import { removeSecondFactor } from './second-factor.server'
import { listLiveStaffSessions } from './sessions.server'
import { addStaffSchema, newPasswordSchema, staffAccountIntents } from './staff-forms'
import { instantFormatter, staffMeta } from './ops-pages.server'

/**
 * The staff console (/ops/staff): admins list the accounts, add one, and on an
 * account's page disable or enable it, end its sessions or give it a new
 * password. Every change goes to the audit log with the admin who made it.
 */

type Context = Readonly<RouterContextProvider>

async function requireAdmin(request: Request) {
  return requireStaff(request, rolesThatMay('staff.manage'))
}

export async function staffListPageData(context: Context, request: Request) {
  await requireAdmin(request)
  const { t, language } = pageContext(context, request)
  const handle = await getDatabase()
  const now = new Date()
  const at = instantFormatter(language)
  const accounts = await listStaffAccounts(handle)
  const added = new URL(request.url).searchParams.get('added')
  return {
    meta: staffMeta(context, request, t('ops.staff.title')),
    added: accounts.find((account) => String(account.id) === added)?.email ?? null,
    accounts: await Promise.all(
      accounts.map(async (account) => ({
        id: account.id,
        name: account.name,
        email: account.email,
        role: account.role,
        disabled: account.disabled_at !== null,
        sessions: (await listLiveStaffSessions(handle, account.id, now)).length,
        since: at(account.created_at),
      })),
    ),
  }
}

/** Adds an account; a refused form comes back with what was typed (the password is not kept). */
export async function addStaffAction(context: Context, request: Request) {
  const admin = await requireAdmin(request)
  refuseCrossOrigin(request)
  const submission = parseWithZod(await request.formData(), { schema: addStaffSchema })
  if (submission.status !== 'success') {
    markFormRefused(context)
    return data(
      { result: submission.reply({ hideFields: ['password'] }) },
      { status: 400, headers: staffPageHeaders },
    )
  }
  try {
    const account = await createStaffAccount(await getDatabase(), submission.value, new Date(), {
      accountId: admin.account.id,
    })
    return redirect(`/ops/staff?added=${account.id}`, { status: 303, headers: staffPageHeaders })
  } catch (error) {
    if (!(error instanceof StaffAccountError) || error.problem !== 'email-taken') throw error
    markFormRefused(context)
    return data(
      {
        result: submission.reply({
          fieldErrors: { email: ['ops.staff.errors.emailTaken'] },
          hideFields: ['password'],
        }),
      },
      { status: 400, headers: staffPageHeaders },
    )
  }
}

async function accountById(id: string) {
  const account = /^\d{1,9}$/.test(id)
    ? await findStaffAccount(await getDatabase(), Number(id))
    : undefined
  if (!account) throw data('Not found', { status: 404, headers: staffPageHeaders })
  return account
}

export async function staffAccountPageData(context: Context, request: Request, id: string) {
  const admin = await requireAdmin(request)
  const account = await accountById(id)
  const { t, language } = pageContext(context, request)
  const at = instantFormatter(language)
  const sessions = await listLiveStaffSessions(await getDatabase(), account.id, new Date())
  const done = new URL(request.url).searchParams.get('done')
  return {
    meta: staffMeta(context, request, t('ops.staff.accountTitle', { name: account.name })),
    self: account.id === admin.account.id,
    done: staffAccountIntents.find((intent) => intent === done) ?? null,
    account: {
      id: account.id,
      name: account.name,
      email: account.email,
      role: account.role,
      disabled: account.disabled_at !== null,
      disabledAt: at(account.disabled_at),
      secondFactor: account.totp_enabled_at !== null,
      since: at(account.created_at),
    },
    sessions: sessions.map((session) => ({
      started: at(session.created_at),
      lastSeen: at(session.last_seen_at),
      userAgent: session.user_agent,
    })),
  }
}

/** One of the account page's buttons (disable refused by the domain's disableRefusal, in the write). */
export async function staffAccountAction(context: Context, request: Request, id: string) {
  const admin = await requireAdmin(request)
  refuseCrossOrigin(request)
  const account = await accountById(id)
  const form = await request.formData()
  const intent = staffAccountIntents.find((value) => value === form.get('intent'))
  if (!intent) throw data('Unknown action', { status: 400, headers: staffPageHeaders })
  const handle = await getDatabase()
  const now = new Date()
  const actor = { accountId: admin.account.id }
  const refuse = (refusal: DisableRefusal) => {
    markFormRefused(context)
    return data({ intent, refusal, result: undefined }, { status: 409, headers: staffPageHeaders })
  }

  if (intent === 'disable') {
    const outcome = await disableStaffAccountAsAdmin(handle, account.email, now, actor)
    if (outcome.kind === 'refused') return refuse(outcome.refusal)
  } else if (intent === 'enable') {
    await enableStaffAccount(handle, account.email, now, actor)
  } else if (intent === 'endSessions') {
    await endStaffSessions(handle, account.email, now, actor)
  } else if (intent === 'removeSecondFactor') {
    await removeSecondFactor(handle, account.email, now, actor)
  } else {
    const submission = parseWithZod(form, { schema: newPasswordSchema })
    if (submission.status !== 'success') {
      markFormRefused(context)
      return data(
        { intent, refusal: undefined, result: submission.reply({ hideFields: ['password'] }) },
        { status: 400, headers: staffPageHeaders },
      )
    }
    await resetStaffPassword(handle, account.email, submission.value.password, now, actor)
  }
  // A reset or session end of one's own account signs this browser out too.
  const signedOut =
    account.id === admin.account.id && (intent === 'endSessions' || intent === 'resetPassword')
  return redirect(signedOut ? '/ops/sign-in' : `/ops/staff/${account.id}?done=${intent}`, {
    status: 303,
    headers: staffPageHeaders,
  })
}
