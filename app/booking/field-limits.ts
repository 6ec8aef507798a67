/**
 * The longest value we send in each buyer and address field of a payment
 * provider's request (iyzico's Checkout Form, and the built-in simulator that
 * follows its protocol). iyzico publishes no lengths for these fields, so
 * these are conservative choices (docs/input-limits.md gives the reasoning):
 * the billing form refuses anything longer, beside the field, so the adapters
 * never have to cut, and the iyzico adapter refuses to send a longer value.
 * Pure: the billing form's schema, which the browser runs too, reads them.
 */
export const buyerFieldLimits = {
  name: 50,
  surname: 50,
  /** The billing address's contact name: name, a space, surname. */
  contactName: 50 + 1 + 50,
  /** Any valid address (RFC 5321 caps a path at 254). */
  email: 254,
  /** '+' and at most 15 digits (E.164), what the passenger form lets through. */
  gsmNumber: 16,
  address: 200,
  city: 50,
  country: 60,
  zipCode: 16,
} as const
