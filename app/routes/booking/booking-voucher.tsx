import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/booking-voucher'
import { pageContext } from '~/utils/page-context.server'
import { metaDescriptors } from '~/seo/meta'
import { requirePaidBooking } from '~/booking/paid-booking.server'
import { driverVoucher } from '~/booking/booking-view.server'
import { DriverVoucher } from '~/components/driver-voucher'
import { PrintToolbar } from '~/components/print-button'
import { loadAsDocument, staticPageHandle } from '~/utils/hydrate-handle'

// Not hydrated: app/enhancements/print-button.ts shows its print button.
export const handle = staticPageHandle
export const clientLoader = loadAsDocument

/**
 * The driver's voucher of a paid booking on a page of its own, laid out for
 * printing: it works without JavaScript (the browser's Print command), and
 * the booking page links here. Guarded like the invoice: only the browser
 * that made the booking or the holder of the e-mail's signed link; anyone
 * else, and any booking not paid, gets the not-found page.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { language, site, meta } = pageContext(context, request)
  const { booking, view, linkTo } = await requirePaidBooking(request, { language, site })
  return {
    language,
    voucher: driverVoucher(booking, view, site),
    backHref: linkTo('/booking-received'),
    meta: meta('booking-voucher', { noindex: true }),
  }
}

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta)

export default function BookingVoucher({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  return (
    <div className="invoice-page voucher-page">
      <div className="container invoice-page__body voucher-page__body">
        <PrintToolbar
          printLabel={t('voucher.print')}
          hint={t('voucher.printHint')}
          backHref={loaderData.backHref}
          backLabel={t('voucher.backToBooking')}
        />
        <DriverVoucher
          voucher={loaderData.voucher}
          language={loaderData.language}
          headingLevel={1}
        />
      </div>
    </div>
  )
}
