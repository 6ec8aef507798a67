import { data, redirect } from 'react-router'
import { parseWithZod } from '@conform-to/zod/v4'
import type * as z from 'zod/mini'
import { getDatabase } from '~/db/db.server'
import type { DatabaseHandle } from '~/db/connect.server'
import { markFormRefused } from '~/utils/page-context.server'
import { logger } from '~/utils/logger.server'
import { refuseCrossOrigin, staffPageHeaders } from './guard.server'
import { notFound, requireDispatcher, type Context } from './dispatch-shared.server'

/** What adding or changing a driver or a vehicle answers. */
type RecordOutcome = { ok: true; id: number } | { ok: false; refusal: string }

/**
 * A dispatch record's form: what the drivers' and vehicles' pages each say
 * differently, their one flow being recordFormAction's.
 */
export type RecordForm<Schema extends z.ZodMiniType, Input> = {
  /** 'driver' or 'vehicle': the log's events and field, and the list page (/ops/drivers). */
  kind: 'driver' | 'vehicle'
  schema: Schema
  /** The use case's input from the form's values; a new record is active. */
  input: (value: z.output<Schema>, isNew: boolean) => Input
  add: (handle: DatabaseHandle, input: Input, by: number, now: Date) => Promise<RecordOutcome>
  change: (
    handle: DatabaseHandle,
    id: number,
    input: Input,
    by: number,
    now: Date,
  ) => Promise<RecordOutcome>
  /** The field and message of the write's one refusal besides a record gone (notFound). */
  conflict: { field: string; error: string }
}

/**
 * The add form (no id) or the edit form of a driver or a vehicle: a
 * dispatcher's same-site POST is checked, written, logged and answered with
 * the list page (?added= the new id, or ?saved=1); a refused form comes back
 * with its values and a message beside the wrong field.
 */
export async function recordFormAction<Schema extends z.ZodMiniType, Input>(
  context: Context,
  request: Request,
  form: RecordForm<Schema, Input>,
  id?: number,
) {
  const staff = await requireDispatcher(request)
  refuseCrossOrigin(request)
  const submission = parseWithZod(await request.formData(), { schema: form.schema })
  const refuse = (reply: ReturnType<typeof submission.reply>) => {
    markFormRefused(context)
    return data({ result: reply }, { status: 400, headers: staffPageHeaders })
  }
  if (submission.status !== 'success') return refuse(submission.reply())
  const handle = await getDatabase()
  const input = form.input(submission.value, id === undefined)
  const outcome =
    id === undefined
      ? await form.add(handle, input, staff.account.id, new Date())
      : await form.change(handle, id, input, staff.account.id, new Date())
  if (!outcome.ok) {
    if (outcome.refusal === 'notFound') throw notFound()
    return refuse(
      submission.reply({ fieldErrors: { [form.conflict.field]: [form.conflict.error] } }),
    )
  }
  logger.info(`dispatch.${form.kind}_${id === undefined ? 'added' : 'changed'}`, {
    [form.kind]: outcome.id,
    by: staff.account.id,
  })
  const list = `/ops/${form.kind}s`
  return redirect(id === undefined ? `${list}?added=${outcome.id}` : `${list}?saved=1`, {
    status: 303,
    headers: staffPageHeaders,
  })
}
