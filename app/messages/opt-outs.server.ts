import type { Executor } from '~/db/executor'
import type { MessageChannel } from '~/db/schema'

/**
 * Numbers that said STOP. A recipient who writes STOP (or the provider's
 * "unsubscribed recipient" refusal) is never written to again on that
 * channel; START undoes it. Kept per channel, because the provider reports an
 * SMS opt-out for SMS only, while a traveller who writes STOP on either means
 * both (the inbound handler records both).
 */
export type OptOutSource = 'inbound' | 'provider'

export async function isOptedOut(
  executor: Executor,
  recipient: string,
  channel: MessageChannel,
): Promise<boolean> {
  const row = await executor
    .selectFrom('message_opt_outs')
    .select('recipient')
    .where('recipient', '=', recipient)
    .where('channel', '=', channel)
    .executeTakeFirst()
  return row !== undefined
}

export async function recordOptOut(
  executor: Executor,
  recipient: string,
  channels: MessageChannel[],
  source: OptOutSource,
  at: Date,
): Promise<void> {
  for (const channel of channels) {
    await executor
      .insertInto('message_opt_outs')
      .values({ recipient, channel, source, created_at: at.toISOString() })
      .onConflict((conflict) => conflict.columns(['recipient', 'channel']).doNothing())
      .execute()
  }
}

export async function clearOptOut(
  executor: Executor,
  recipient: string,
  channels: MessageChannel[],
): Promise<void> {
  await executor
    .deleteFrom('message_opt_outs')
    .where('recipient', '=', recipient)
    .where('channel', 'in', channels)
    .execute()
}
