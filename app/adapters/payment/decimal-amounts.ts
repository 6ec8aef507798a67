/** Integer minor units as the decimal string iyzico takes: 4080 → '40.80'. */
export function toDecimalAmount(minor: number): string {
  const sign = minor < 0 ? '-' : ''
  const absolute = Math.abs(minor)
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`
}

/** The decimal string back to minor units; undefined when it is not an amount. */
export function fromDecimalAmount(value: string | undefined): number | undefined {
  if (!value || !/^-?\d+(\.\d{1,8})?$/.test(value)) return undefined
  const [whole, fraction = ''] = value.replace('-', '').split('.')
  const minor = Number(whole) * 100 + Number((fraction + '00').slice(0, 2))
  // iyzico echoes '40.8' for 40.80; more than two significant decimals is not money.
  if (Number(fraction.slice(2) || '0') !== 0) return undefined
  return value.startsWith('-') ? -minor : minor
}
