import type { ExtraLine } from '~/domain/booking/extras'

type Translate = (key: string, options?: Record<string, unknown>) => string

/**
 * An extra as the traveller reads it: its name, with the count when there is
 * more than one ("Child Seat × 2"). Pure, so the pages, the e-mails and the
 * voucher word it alike.
 */
export function extraLineLabel(t: Translate, line: ExtraLine): string {
  const name = t(`booking.extras.items.${line.code}.title`)
  return line.quantity > 1 ? t('booking.extras.line', { name, count: line.quantity }) : name
}
