import { randomUUID } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { logger } from '~/utils/logger.server'
import { MessageSendError, type Messenger } from './messenger'

/**
 * The default messenger: each SMS or WhatsApp message becomes one JSON file in
 * `<outboxDir>/messages/`, beside the e-mails' .eml files. Nothing is delivered,
 * so no delivery is ever reported: a message written here stays `sent`.
 */
export function createOutboxMessenger(outboxDir: string): Messenger {
  const folder = path.join(outboxDir, 'messages')
  return {
    transport: 'outbox',
    reportsDelivery: false,
    async send(message) {
      const providerId = `outbox-${randomUUID()}`
      const stamp = new Date().toISOString().replace(/[:.]/g, '-')
      const file = `${stamp}-${message.channel}-${providerId}.json`
      const record = {
        channel: message.channel,
        to: message.to,
        body: message.body,
        reference: message.reference ?? null,
        language: message.language,
        ...(message.template ? { template: message.template } : {}),
      }
      try {
        await mkdir(folder, { recursive: true })
        // 'wx': never overwrite a message already in the outbox.
        await writeFile(path.join(folder, file), `${JSON.stringify(record, null, 2)}\n`, {
          flag: 'wx',
        })
      } catch (error) {
        throw new MessageSendError('unavailable', undefined, undefined, error)
      }
      // The file name only: the number and the text stay out of the logs.
      logger.info('message.outbox', { file, channel: message.channel })
      return { providerId, status: 'written', transport: 'outbox' }
    },
  }
}
