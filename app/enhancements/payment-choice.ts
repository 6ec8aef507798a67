// The payment step's review shows what is due now and in cash for the option
// chosen: the server shows the stored option's amounts, and here they follow the
// radio the traveller picks (each radio carries its amounts, formatted by the
// server, in data-due-now and data-due-cash).

export function enhance(radios: Element[]) {
  for (const radio of radios) {
    radio.addEventListener('change', () => {
      if (radio instanceof HTMLInputElement && radio.checked) show(radio)
    })
  }
}

function show(radio: HTMLInputElement) {
  const now = document.querySelector('[data-due-now-shown]')
  const cash = document.querySelector('[data-due-cash-shown]')
  if (now) now.textContent = radio.dataset.dueNow ?? ''
  if (cash) {
    cash.textContent = radio.dataset.dueCash ?? ''
    const row = cash.parentElement
    if (row) row.hidden = !radio.dataset.dueCash
  }
}
