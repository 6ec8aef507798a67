import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { routeFlag, type RouteAlternative } from '~/domain/route-flags'
import { ModalDialog } from '../modal-dialog'

export interface RouteChoice extends RouteAlternative {
  /** Metres and seconds of the whole route, for the vehicle step's hints. */
  distanceMeters: number
  durationSeconds: number
}

/** Reads the fields the route choice needs from a Directions result. */
export function toRouteChoices(result: google.maps.DirectionsResult): RouteChoice[] {
  return result.routes.map((route) => ({
    summary: route.summary,
    warnings: route.warnings,
    legs: route.legs.map((leg) => ({
      distance: leg.distance?.text ?? '',
      duration: leg.duration?.text ?? '',
      steps: leg.steps.map((step) => ({ instructions: step.instructions })),
    })),
    distanceMeters: route.legs.reduce((sum, leg) => sum + (leg.distance?.value ?? 0), 0),
    durationSeconds: route.legs.reduce((sum, leg) => sum + (leg.duration?.value ?? 0), 0),
  }))
}

/**
 * The 'Available Route Alternatives' dialog: Route N, duration, summary,
 * warnings, a radio per route (the first chosen), Cancel and Continue. A modal
 * dialog: Cancel and Escape close it and give the focus back to the search.
 */
export function RouteAlternativesDialog({
  routes,
  onCancel,
  onContinue,
}: {
  routes: RouteChoice[]
  onCancel: () => void
  onContinue: (index: number) => void
}) {
  const { t } = useTranslation()
  const [chosen, setChosen] = useState(0)

  return (
    <ModalDialog open onClose={onCancel} className="route-dialog" labelledBy="route-dialog-title">
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault()
          onContinue(chosen)
        }}
      >
        <h2 id="route-dialog-title">{t('search.routes.title')}</h2>
        <fieldset className="route-dialog__list">
          <legend className="visually-hidden">{t('search.routes.title')}</legend>
          {routes.map((route, index) => {
            const flag = routeFlag(route)
            return (
              <label key={index} className="route-option">
                <input
                  type="radio"
                  name="route"
                  value={index}
                  checked={chosen === index}
                  onChange={() => setChosen(index)}
                />
                <span>
                  <strong>{t('search.routes.route', { number: index + 1 })}</strong>
                  <span className="route-option__duration">{route.legs[0]?.duration}</span>
                  <span className="route-option__summary">{route.summary}</span>
                  {flag ? (
                    <span className="route-option__flag">
                      {flag.kind === 'toll'
                        ? t('search.routes.toll')
                        : t('search.routes.warning', { text: flag.text })}
                    </span>
                  ) : null}
                </span>
              </label>
            )
          })}
        </fieldset>
        <div className="route-dialog__actions">
          <button
            type="button"
            className="button button--ghost"
            // Closed first, so the browser returns the focus before the dialog goes.
            onClick={(event) => event.currentTarget.closest('dialog')?.close()}
          >
            {t('search.routes.cancel')}
          </button>
          <button type="submit" className="button button--accent">
            {t('search.routes.continue')}
          </button>
        </div>
      </form>
    </ModalDialog>
  )
}
