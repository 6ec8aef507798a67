import { Form, data } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/contact'
import { pageContext } from '~/utils/page-context.server'
import { metaDescriptors } from '~/seo/meta'
import { phoneHref } from '~/config/site'
import { PageHero } from '~/components/page-hero'
import { Icon } from '~/components/icons'
import { useSite } from '~/utils/root-data'

export async function loader({ context, request }: Route.LoaderArgs) {
  const { meta } = pageContext(context, request)
  return { meta: meta('contact') }
}

/**
 * The contact form is laid out here; storing and mailing its messages is the
 * booking issue's work. Until then a submission is answered honestly: nothing is
 * sent, and the traveller is pointed to the phone and e-mail that do work.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData()
  const values = Object.fromEntries(
    ['fullName', 'email', 'subject', 'message'].map((name) => [name, String(form.get(name) ?? '')]),
  )
  return data({ notYetAvailable: true, values }, { status: 503 })
}

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta)

export default function Contact({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const root = useSite()
  const values = actionData?.values
  const mapsQuery = encodeURIComponent(root.address)
  return (
    <>
      <PageHero
        title={t('contact.title')}
        lead={t('contact.lead')}
        crumbs={[{ label: t('contact.title') }]}
      />
      <section className="section" aria-labelledby="offices-title">
        <div className="container contact-grid">
          <div>
            <h2 id="offices-title">{t('contact.officesTitle')}</h2>
            <article className="card office">
              <div className="card__body">
                <h3>{t('contact.istanbulOffice')}</h3>
                <ul className="contact-list">
                  <li>
                    <Icon name="pin" />
                    <span>{root.address}</span>
                  </li>
                  <li>
                    <Icon name="phone" />
                    <a href={phoneHref(root.phone)}>{root.phone}</a>
                  </li>
                  <li>
                    <Icon name="mail" />
                    <a href={`mailto:${root.email}`}>{root.email}</a>
                  </li>
                  <li>
                    <Icon name="clock" />
                    <span>{t('contact.hours', { hours: root.officeHours })}</span>
                  </li>
                  <li>
                    <Icon name="whatsapp" />
                    <a href={`https://wa.me/${root.whatsappNumber}`} rel="noopener noreferrer">
                      {t('contact.whatsapp')}
                    </a>
                  </li>
                </ul>
              </div>
            </article>
            <div className="map-box">
              {root.mapsBrowserKey ? (
                <iframe
                  title={t('contact.mapTitle')}
                  loading="lazy"
                  referrerPolicy="no-referrer-when-downgrade"
                  src={`https://www.google.com/maps/embed/v1/place?key=${encodeURIComponent(root.mapsBrowserKey)}&q=${mapsQuery}`}
                />
              ) : (
                <div className="map-box__fallback">
                  <Icon name="pin" size={32} />
                  <p>{root.address}</p>
                  <a
                    className="button button--ghost"
                    href={`https://www.google.com/maps/search/?api=1&query=${mapsQuery}`}
                    rel="noopener noreferrer"
                  >
                    {t('contact.openInMaps')}
                  </a>
                </div>
              )}
            </div>
          </div>
          <div>
            <h2 id="form-title">{t('contact.formTitle')}</h2>
            <p>{t('contact.formLead')}</p>
            {actionData?.notYetAvailable ? (
              <p className="alert alert--info" role="status">
                {t('contact.notYetAvailable', { phone: root.phone, email: root.email })}
              </p>
            ) : null}
            <Form method="post" className="form-card" aria-labelledby="form-title">
              <div className="field">
                <label htmlFor="contact-name">{t('contact.fullName')}</label>
                <input
                  id="contact-name"
                  name="fullName"
                  autoComplete="name"
                  required
                  defaultValue={values?.fullName}
                />
              </div>
              <div className="field">
                <label htmlFor="contact-email">{t('contact.email')}</label>
                <input
                  id="contact-email"
                  name="email"
                  type="email"
                  autoComplete="email"
                  required
                  defaultValue={values?.email}
                />
              </div>
              <div className="field">
                <label htmlFor="contact-subject">{t('contact.subject')}</label>
                <input
                  id="contact-subject"
                  name="subject"
                  required
                  defaultValue={values?.subject}
                />
              </div>
              <div className="field">
                <label htmlFor="contact-message">{t('contact.message')}</label>
                <textarea
                  id="contact-message"
                  name="message"
                  rows={6}
                  required
                  defaultValue={values?.message}
                />
              </div>
              <button type="submit" className="button button--accent">
                {t('contact.submit')}
              </button>
            </Form>
          </div>
        </div>
      </section>
    </>
  )
}
