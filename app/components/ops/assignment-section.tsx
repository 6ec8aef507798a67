import { useTranslation } from '~/i18n/use-translation'
import { phoneHref } from '~/config/site'

/** The booking page's "Driver and vehicle" section: who drives, and the way to change it. */
export function AssignmentSection({
  reference,
  dispatch,
}: {
  reference: string
  dispatch: {
    mayAssign: boolean
    assignable: boolean
    notice: 'assigned' | 'unchanged' | 'unassigned' | null
    driver: { name: string; phone: string } | null
    vehicle: string | null
    assignedBy: string | null
    offers:
      { kind: 'waiting'; count: number; until: string } | { kind: 'lapsed'; count: number } | null
  }
}) {
  const { t } = useTranslation()
  return (
    <>
      <h2 id="ops-assignment-title">{t('ops.dispatch.assign.section')}</h2>
      {dispatch.notice ? (
        <p className="alert alert--success" role="status">
          {t(`ops.dispatch.assign.${dispatch.notice}`)}
        </p>
      ) : null}
      {dispatch.driver ? (
        <dl className="ops-details">
          <dt>{t('ops.dispatch.assign.driver')}</dt>
          <dd>{dispatch.driver.name}</dd>
          <dt>{t('ops.dispatch.assign.driverPhone')}</dt>
          <dd>
            <a href={phoneHref(dispatch.driver.phone)}>{dispatch.driver.phone}</a>
          </dd>
          <dt>{t('ops.dispatch.assign.vehicle')}</dt>
          <dd>{dispatch.vehicle}</dd>
          <dt>{t('ops.dispatch.assign.assignedBy')}</dt>
          <dd>{dispatch.assignedBy}</dd>
        </dl>
      ) : (
        <p>{t('ops.dispatch.assign.none')}</p>
      )}
      {dispatch.offers ? (
        <p className={dispatch.offers.kind === 'lapsed' ? 'alert alert--error' : undefined}>
          {t(`ops.offers.round.${dispatch.offers.kind}`, dispatch.offers)}
        </p>
      ) : null}
      {dispatch.mayAssign && dispatch.assignable ? (
        <p>
          <a href={`/ops/bookings/${reference}/assign`}>
            {t(dispatch.driver ? 'ops.dispatch.assign.changeLink' : 'ops.dispatch.assign.link')}
          </a>
        </p>
      ) : null}
    </>
  )
}
