// The 'Available Route Alternatives' dialog, with a browser Maps key: Route N,
// its duration, summary and flags, a radio per route (the first chosen),
// Cancel and Continue. A modal dialog: Cancel and Escape close it and the
// browser gives the focus back to the search's button.
import { routeFlag, type RouteAlternative } from '~/domain/route-flags'

export interface RouteChoice extends RouteAlternative {
  /** Metres and seconds of the whole route, for the vehicle step's hints. */
  distanceMeters: number
  durationSeconds: number
}

/** The dialog's words, translated by the server into the search form's markup. */
export interface RouteTexts {
  title: string
  /** With `{number}` where the route's number goes. */
  route: string
  toll: string
  /** With `{text}` where the warnings go. */
  warning: string
  cancel: string
  continue: string
  failed: string
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

function element<Tag extends keyof HTMLElementTagNameMap>(
  tag: Tag,
  properties: Partial<HTMLElementTagNameMap[Tag]> = {},
  children: (Node | string)[] = [],
): HTMLElementTagNameMap[Tag] {
  const node = Object.assign(document.createElement(tag), properties)
  node.append(...children)
  return node
}

/** Opens the dialog; `onContinue` gets the index of the chosen route. */
export function offerRoutes(
  routes: RouteChoice[],
  texts: RouteTexts,
  onContinue: (index: number) => void,
) {
  const options = routes.map((route, index) => {
    const flag = routeFlag(route)
    const radio = element('input', { type: 'radio', name: 'route', value: String(index) })
    radio.checked = index === 0
    return element('label', { className: 'route-option' }, [
      radio,
      element('span', {}, [
        element('strong', {}, [texts.route.replace('{number}', String(index + 1))]),
        element('span', { className: 'route-option__duration' }, [route.legs[0]?.duration ?? '']),
        element('span', { className: 'route-option__summary' }, [route.summary]),
        ...(flag
          ? [
              element('span', { className: 'route-option__flag' }, [
                flag.kind === 'toll' ? texts.toll : texts.warning.replace('{text}', flag.text),
              ]),
            ]
          : []),
      ]),
    ])
  })
  const cancel = element('button', { type: 'button', className: 'button button--ghost' }, [
    texts.cancel,
  ])
  const form = element('form', { method: 'dialog' }, [
    element('h2', { id: 'route-dialog-title' }, [texts.title]),
    element('fieldset', { className: 'route-dialog__list' }, [
      element('legend', { className: 'visually-hidden' }, [texts.title]),
      ...options,
    ]),
    element('div', { className: 'route-dialog__actions' }, [
      cancel,
      element('button', { type: 'submit', className: 'button button--accent' }, [texts.continue]),
    ]),
  ])
  const dialog = element('dialog', { className: 'route-dialog' }, [form])
  dialog.setAttribute('aria-labelledby', 'route-dialog-title')

  form.addEventListener('submit', (event) => {
    event.preventDefault()
    const chosen = form.querySelector<HTMLInputElement>('input[name="route"]:checked')
    onContinue(Number(chosen?.value ?? 0))
  })
  cancel.addEventListener('click', () => dialog.close())
  // Closed (Cancel, Escape): the browser has given the focus back; the dialog goes.
  dialog.addEventListener('close', () => dialog.remove())
  document.body.append(dialog)
  dialog.showModal()
}
