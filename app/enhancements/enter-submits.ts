// Enter in a field sends its form with the field's own button. A form's
// default button is its first submit button in the page, and the payment
// step's is a language switch in the header (it carries the form so what was
// typed is kept), so without this Enter in the promo code would switch
// language instead of applying the code. The field names its button by id in
// data-enter-submits; without JavaScript the traveller presses the button.

export function enhance(fields: Element[]) {
  for (const field of fields) {
    if (!(field instanceof HTMLInputElement)) continue
    field.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' || event.isComposing) return
      const button = document.getElementById(field.dataset.enterSubmits ?? '')
      if (!(button instanceof HTMLButtonElement) || !field.form) return
      event.preventDefault()
      field.form.requestSubmit(button)
    })
  }
}
