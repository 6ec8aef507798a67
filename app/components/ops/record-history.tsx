import { useTranslation } from '~/i18n/use-translation'

export interface HistoryEntry {
  id: number
  at: string | null
  /** Who acted; null when the traveller did (online, through their booking's link). */
  staffName: string | null
  action: string
  changes: { field: string; before: string | null; after: string | null }[]
}

/**
 * The actions on a booking, a driver or a vehicle: when, by whom (a member of
 * staff, or the traveller), what changed (each field before and after).
 */
export function RecordHistory({ entries }: { entries: HistoryEntry[] }) {
  const { t } = useTranslation()
  return (
    <>
      <h2 id="ops-history-title">{t('ops.audit.title')}</h2>
      {entries.length === 0 ? (
        <p>{t('ops.audit.empty')}</p>
      ) : (
        <div
          className="ops-table-wrap"
          role="region"
          aria-labelledby="ops-history-title"
          tabIndex={0}
        >
          <table className="ops-table">
            <thead>
              <tr>
                <th scope="col">{t('ops.booking.columns.at')}</th>
                <th scope="col">{t('ops.audit.columns.who')}</th>
                <th scope="col">{t('ops.audit.columns.action')}</th>
                <th scope="col">{t('ops.audit.columns.changes')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{entry.at}</td>
                  <td>{entry.staffName ?? t('ops.audit.traveller')}</td>
                  <td>{t(`ops.audit.actions.${entry.action}`, { defaultValue: entry.action })}</td>
                  <td>
                    {entry.changes.length === 0 ? (
                      '–'
                    ) : (
                      <ul className="ops-changes">
                        {entry.changes.map((change) => (
                          <li key={change.field}>
                            {t('ops.audit.change', {
                              field: t(`ops.audit.fields.${change.field}`, {
                                defaultValue: change.field,
                              }),
                              before: change.before ?? '–',
                              after: change.after ?? '–',
                            })}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  )
}
