import { data, redirect, type RouterContextProvider } from 'react-router'
import { parseWithZod } from '@conform-to/zod/v4'
import { markFormRefused, pageContext } from '~/utils/page-context.server'
import { logger } from '~/utils/logger.server'
import { clientAddressContext } from '~/utils/client-address.server'
import { isLanguage, languageSearchParam } from '~/i18n/config'
import { contactSchema, honeypotField } from './contact-schema'
import { receiveContactMessage } from './receive-message.server'

type Context = Readonly<RouterContextProvider>

/**
 * The contact page (/contact) as its route answers it: the form, and the post
 * that keeps a message (or thanks a robot and keeps nothing).
 */

export async function contactPageData(context: Context, request: Request) {
  const { meta } = pageContext(context, request)
  // After a refused POST without JavaScript the title starts with 'Error: ' (markFormRefused).
  return { meta: meta('contact'), sent: new URL(request.url).searchParams.get('sent') === '1' }
}

/** Where a handled message lands (Post/Redirect/Get), in the language it was written in. */
function sentLocation(request: Request): string {
  const target = new URLSearchParams({ sent: '1' })
  const language = new URL(request.url).searchParams.get(languageSearchParam)
  if (isLanguage(language)) target.set(languageSearchParam, language)
  return `/contact?${target.toString()}`
}

export async function contactPageAction(context: Context, request: Request) {
  const { language } = pageContext(context, request)
  const formData = await request.formData()

  // Only robots fill the hidden field: they are thanked like anyone else, and nothing is kept.
  if (String(formData.get(honeypotField) ?? '').trim() !== '') {
    logger.info('contact.honeypot', { language })
    return redirect(sentLocation(request), 303)
  }

  const submission = parseWithZod(formData, { schema: contactSchema })
  if (submission.status !== 'success') {
    markFormRefused(context)
    return data({ result: submission.reply() }, { status: 400 })
  }

  const outcome = await receiveContactMessage(
    submission.value,
    language,
    context.get(clientAddressContext),
    new Date(),
  )
  if (!outcome.stored) {
    logger.warn('contact.rate_limited', { language })
    markFormRefused(context)
    return data(
      { result: submission.reply({ formErrors: ['contact.errors.rateLimited'] }) },
      { status: 429 },
    )
  }
  logger.info('contact.stored', { id: outcome.id, language })
  return redirect(sentLocation(request), 303)
}
