import type { FilingState } from '~/domain/compliance/filing-status'
import type { FilingGap } from '~/domain/compliance/trip-filing'
import { useTranslation } from '~/i18n/use-translation'

/**
 * A ride's passenger list in one sentence, with what to do next: the same
 * words on the board, the manifest, /ops/compliance and the driver's job
 * card (the driver's version names no document and asks them to call).
 */
export function useFilingStateText() {
  const { t } = useTranslation()
  const gapsText = (gaps: FilingGap[]) =>
    gaps.map((gap) => t(`opsCompliance.gaps.${gap}`)).join('; ')
  return (state: FilingState): string => {
    switch (state.kind) {
      case 'notDue':
        return t('opsCompliance.states.notDue')
      case 'byHand':
        return state.gaps.length
          ? t('opsCompliance.states.byHandMissing', { gaps: gapsText(state.gaps) })
          : t(`opsCompliance.states.byHand_${state.window}`)
      case 'filedByHand':
        return t('opsCompliance.states.filedByHand', { reference: state.reference })
      case 'missing':
        return t(`opsCompliance.states.missing_${state.window}`, { gaps: gapsText(state.gaps) })
      case 'due':
        return t(`opsCompliance.states.due_${state.window}`)
      case 'failed':
        return t(`opsCompliance.states.${state.outcome}`, {
          message: state.message,
          code: state.code ?? '–',
        })
      case 'filed':
        return t('opsCompliance.states.filed', { reference: state.reference })
      case 'cancelDue':
        return t('opsCompliance.states.cancelDue', { reference: state.reference })
      case 'cancelled':
        return t('opsCompliance.states.cancelled', { reference: state.reference })
    }
  }
}
