/**
 * The served places as a <datalist>: without JavaScript (and without a Maps
 * key) the pickup and destination inputs still suggest what we serve.
 */
export function PlacesDatalist({ id, names }: { id: string; names: string[] }) {
  return (
    <datalist id={id}>
      {names.map((name) => (
        <option key={name} value={name} />
      ))}
    </datalist>
  )
}
