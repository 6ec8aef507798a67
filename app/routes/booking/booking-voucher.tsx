import { useTranslation } from '~/i18n/use-translation'
import type { Route } from './+types/booking-voucher'
import { metaDescriptors } from '~/seo/meta'
import { DriverVoucher } from '~/components/driver-voucher'
import { PrintToolbar } from '~/components/print-button'
import { loadAsDocument, staticPageHandle } from '~/utils/hydrate-handle'
import { voucherPageData } from '~/traveller/voucher-page.server'

// Not hydrated: app/enhancements/print-button.ts shows its print button.
export const handle = staticPageHandle
export const clientLoader = loadAsDocument

export async function loader({ context, request }: Route.LoaderArgs) {
  return voucherPageData(context, request)
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
