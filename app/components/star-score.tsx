/**
 * A score shown as five stars, filled up to it, with its words for screen
 * readers ("4 stars"): the stars themselves are decoration.
 */
export function StarScore({ stars, label }: { stars: number; label: string }) {
  const filled = Math.round(stars)
  return (
    <span className="star-score">
      <span className="star-score__stars" aria-hidden="true">
        {'★'.repeat(filled)}
        <span className="star-score__empty">{'★'.repeat(Math.max(0, 5 - filled))}</span>
      </span>
      <span className="visually-hidden">{label}</span>
    </span>
  )
}
