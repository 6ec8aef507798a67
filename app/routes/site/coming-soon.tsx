import { useEffect, useState } from 'react'
import { Form, data } from 'react-router'
import { useTranslation } from '~/i18n/use-translation'
import { z } from 'zod'
import type { Route } from './+types/coming-soon'
import { pageContext } from '~/utils/page-context.server'
import { metaDescriptors } from '~/seo/meta'
import { remainingUntil } from '~/content/countdown'
import { SocialLinks } from '~/components/site-footer'
import type { RenderOnceHandle } from '~/server/page-cache.server'
import { loadAsDocument, type HydrateHandle } from '~/utils/hydrate-handle'

export async function loader({ context, request }: Route.LoaderArgs) {
  const { site, meta } = pageContext(context, request)
  return {
    meta: meta('coming-soon'),
    site,
    launchAt: site.launchDate,
    remaining: remainingUntil(new Date(site.launchDate), new Date()),
  }
}

/** The countdown is rendered to the second: never served from the render-once cache. */
export const handle: RenderOnceHandle & HydrateHandle = { renderOnce: false, hydrate: false }
// Not hydrated: app/enhancements/countdown.ts keeps the countdown going.
export const clientLoader = loadAsDocument

const newsletterSchema = z.object({ email: z.email() })

/**
 * The newsletter box checks the address, but no list exists yet to store it in:
 * the answer says so rather than pretending to have subscribed anyone.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData()
  const email = String(form.get('email') ?? '')
  const valid = newsletterSchema.safeParse({ email }).success
  return data({ email, valid }, { status: valid ? 200 : 400 })
}

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta)

function useCountdown(launchAt: string, initial: ReturnType<typeof remainingUntil>) {
  const [remaining, setRemaining] = useState(initial)
  useEffect(() => {
    const target = new Date(launchAt)
    const tick = () => setRemaining(remainingUntil(target, new Date()))
    tick()
    const timer = window.setInterval(tick, 1000)
    return () => window.clearInterval(timer)
  }, [launchAt])
  return remaining
}

export default function ComingSoon({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const remaining = useCountdown(loaderData.launchAt, loaderData.remaining)
  const units = ['days', 'hours', 'minutes', 'seconds'] as const
  return (
    <section className="coming-soon" aria-labelledby="coming-soon-title">
      <div className="container coming-soon__inner">
        <p className="eyebrow eyebrow--light">{loaderData.site.brand}</p>
        <h1 id="coming-soon-title">
          {remaining.done ? t('comingSoon.done') : t('comingSoon.title')}
        </h1>
        <p className="coming-soon__lead">{t('comingSoon.lead')}</p>
        {remaining.done ? null : (
          <div
            className="countdown"
            role="timer"
            aria-label={t('comingSoon.timerLabel')}
            data-countdown={loaderData.launchAt}
            data-done={t('comingSoon.done')}
            data-heading="coming-soon-title"
          >
            {units.map((unit) => (
              <div key={unit} className="countdown__unit">
                <span className="countdown__value" data-unit={unit} suppressHydrationWarning>
                  {String(remaining[unit]).padStart(2, '0')}
                </span>
                <span className="countdown__label">{t(`comingSoon.${unit}`)}</span>
              </div>
            ))}
          </div>
        )}
        <Form
          method="post"
          noValidate
          className="newsletter"
          aria-label={t('comingSoon.newsletterLabel')}
        >
          <label htmlFor="newsletter-email" className="visually-hidden">
            {t('account.email')}
          </label>
          <input
            id="newsletter-email"
            name="email"
            type="email"
            required
            autoComplete="email"
            placeholder={t('comingSoon.emailPlaceholder')}
            defaultValue={actionData?.email}
            aria-invalid={actionData && !actionData.valid ? true : undefined}
            aria-describedby={actionData ? 'newsletter-message' : undefined}
          />
          <button type="submit" className="button button--accent">
            {t('comingSoon.notify')}
          </button>
        </Form>
        {actionData ? (
          <p
            id="newsletter-message"
            className={`newsletter__message${actionData.valid ? '' : ' is-error'}`}
            role="status"
          >
            {actionData.valid ? t('comingSoon.notYet') : t('comingSoon.invalidEmail')}
          </p>
        ) : null}
        <SocialLinks site={loaderData.site} className="social-tiles social-tiles--center" />
      </div>
    </section>
  )
}
