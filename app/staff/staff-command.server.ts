import { parseArgs } from 'node:util'
import type { DatabaseHandle } from '~/db/connect.server'
import { isStaffRole, staffRoles, type StaffRole } from '~/domain/staff/roles'
import { staffPasswordMinLength } from '~/domain/staff/password'
import {
  StaffAccountError,
  createStaffAccount,
  disableStaffAccount,
  resetStaffPassword,
  type StaffAccountProblem,
} from './accounts.server'

/**
 * `npm run staff -- …`: the command line that creates the first admin, and
 * adds, disables and resets any account (scripts/staff.mjs).
 *
 *   add --email E --name N --role admin|dispatcher|driver   (password on stdin)
 *   --disable --email E
 *   --reset --email E                                       (new password on stdin)
 */
export type StaffCommand =
  | { action: 'add'; email: string; name: string; role: StaffRole }
  | { action: 'disable'; email: string }
  | { action: 'reset'; email: string }

export const staffUsage = [
  'usage:',
  `  npm run staff -- add --email E --name N --role ${staffRoles.join('|')}   (password on standard input)`,
  '  npm run staff -- --disable --email E',
  '  npm run staff -- --reset --email E   (new password on standard input)',
].join('\n')

export function parseStaffCommand(argv: string[]): StaffCommand | { error: string } {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        role: { type: 'string' },
        disable: { type: 'boolean' },
        reset: { type: 'boolean' },
      },
    })
  } catch (error) {
    return { error: (error as Error).message }
  }
  const { values, positionals } = parsed
  // `disable` and `reset` are accepted as words too, like `add`.
  const actions = [
    ...positionals,
    ...(values.disable ? ['disable'] : []),
    ...(values.reset ? ['reset'] : []),
  ]
  if (actions.length !== 1) return { error: 'name one action: add, --disable or --reset' }
  const email = values.email?.trim()
  if (!email) return { error: '--email is required' }
  const [action] = actions
  if (action === 'add') {
    const name = values.name?.trim()
    if (!name) return { error: '--name is required' }
    if (!isStaffRole(values.role))
      return { error: `--role must be one of ${staffRoles.join(', ')}` }
    return { action, email, name, role: values.role }
  }
  if (action === 'disable' || action === 'reset') return { action, email }
  return { error: `unknown action: ${action}` }
}

/** Whether the command reads a password from standard input. */
export function needsPassword(command: StaffCommand): boolean {
  return command.action !== 'disable'
}

const problemText: Record<StaffAccountProblem, string> = {
  'too-short': `the password must be at least ${staffPasswordMinLength} characters`,
  'too-long': 'the password is too long',
  'email-taken': 'an account with this e-mail already exists',
  'not-found': 'no account has this e-mail',
  'invalid-email': 'the e-mail is not valid',
}

export interface StaffCommandResult {
  ok: boolean
  message: string
}

export async function runStaffCommand(
  handle: DatabaseHandle,
  command: StaffCommand,
  password: string,
  now: Date,
): Promise<StaffCommandResult> {
  try {
    if (command.action === 'add') {
      const account = await createStaffAccount(handle, { ...command, password }, now)
      return { ok: true, message: `added ${account.role} ${account.email} (id ${account.id})` }
    }
    if (command.action === 'disable') {
      const account = await disableStaffAccount(handle, command.email, now)
      return { ok: true, message: `disabled ${account.email}; its sessions are ended` }
    }
    const account = await resetStaffPassword(handle, command.email, password, now)
    return { ok: true, message: `new password set for ${account.email}; its sessions are ended` }
  } catch (error) {
    if (error instanceof StaffAccountError) {
      return { ok: false, message: problemText[error.problem] }
    }
    throw error
  }
}
