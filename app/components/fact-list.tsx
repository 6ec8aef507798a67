/** One row of facts: a label and its value; false or null rows are left out. */
export type Fact = readonly [label: string, value: string] | false | null | undefined

/** Facts as label and value rows (the received and shared pages' summaries). */
export function FactList({ facts }: { facts: Fact[] }) {
  return (
    <dl className="trip-summary__list">
      {facts
        .filter((fact): fact is readonly [string, string] => Boolean(fact))
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  )
}
