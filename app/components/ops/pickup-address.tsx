import { useTranslation } from '~/i18n/use-translation'

/**
 * The exact address or hotel of a pickup that is not an airport, with a maps
 * search for it in the place the traveller chose: what staff send a driver
 * to. Nothing when none was given (an airport, or a booking from before).
 */
export function PickupAddress({ address, mapsUrl }: { address: string | null; mapsUrl: string }) {
  const { t } = useTranslation()
  if (!address) return null
  return (
    <>
      {address}{' '}
      <a href={mapsUrl} target="_blank" rel="noreferrer">
        {t('ops.booking.openMap')}
      </a>
    </>
  )
}
