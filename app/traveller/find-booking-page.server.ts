import { data, redirect, type RouterContextProvider } from 'react-router'
import { parseWithZod } from '@conform-to/zod/v4'
import { markFormRefused, pageContext } from '~/utils/page-context.server'
import { clientAddressContext } from '~/utils/client-address.server'
import { logger } from '~/utils/logger.server'
import { isLanguage, languageSearchParam } from '~/i18n/config'
import { honeypotField } from '~/contact/contact-schema'
import { findBookingSchema } from './find-booking-form'
import { requestBookingLink } from './find-booking.server'

type Context = Readonly<RouterContextProvider>

/**
 * Find my booking: a booking reference and the e-mail address it was made
 * with. The answer is the same whether they match or not (the link goes only
 * to the booking's own address), so the page never tells anyone whether a
 * booking exists.
 */
export async function findBookingPageData(context: Context, request: Request) {
  const { meta } = pageContext(context, request)
  return {
    meta: meta('manage-booking'),
    sent: new URL(request.url).searchParams.get('sent') === '1',
  }
}

/** Where every handled request lands (Post/Redirect/Get), matched or not, in its language. */
function sentLocation(request: Request): string {
  const target = new URLSearchParams({ sent: '1' })
  const language = new URL(request.url).searchParams.get(languageSearchParam)
  if (isLanguage(language)) target.set(languageSearchParam, language)
  return `/manage-booking?${target.toString()}`
}

export async function findBookingPageAction(context: Context, request: Request) {
  const formData = await request.formData()
  // Only robots fill the hidden field: they get everyone's answer, and nothing is looked up.
  if (String(formData.get(honeypotField) ?? '').trim() !== '') {
    logger.info('booking.find_honeypot')
    return redirect(sentLocation(request), 303)
  }
  const submission = parseWithZod(formData, { schema: findBookingSchema })
  if (submission.status !== 'success') {
    markFormRefused(context)
    return data({ result: submission.reply() }, { status: 400 })
  }
  const outcome = await requestBookingLink(
    { ...submission.value, clientAddress: context.get(clientAddressContext) },
    new Date(),
  )
  if (outcome.kind === 'rate-limited') {
    markFormRefused(context)
    return data(
      { result: submission.reply({ formErrors: ['traveller.find.errors.rateLimited'] }) },
      { status: 429 },
    )
  }
  return redirect(sentLocation(request), 303)
}
