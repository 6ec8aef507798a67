import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { expect, test, type Page, type TestInfo } from '@playwright/test'
import Database from 'better-sqlite3'
import { expectNoAxeViolations, openIn, waitForHydration, watchConsole } from './helpers'
import { outboxDir } from './database'

/** The SQLite file of the server under test (playwright.config.ts: data/e2e-<port>.sqlite). */
function databaseFile(testInfo: TestInfo): string {
  const port = new URL(String(testInfo.project.use.baseURL)).port
  return join(
    dirname(testInfo.config.configFile ?? 'playwright.config.ts'),
    'data',
    `e2e-${port}.sqlite`,
  )
}

interface StoredMessage {
  full_name: string
  email: string
  subject: string
  language: string
  mail_status: string
}

function storedWithSubject(testInfo: TestInfo, subject: string): StoredMessage[] {
  const database = new Database(databaseFile(testInfo), { readonly: true, fileMustExist: true })
  try {
    return database
      .prepare(
        'select full_name, email, subject, language, mail_status from contact_messages where subject = ?',
      )
      .all(subject) as StoredMessage[]
  } finally {
    database.close()
  }
}

/**
 * Every run stores messages from the same address (127.0.0.1) in the same file:
 * the rows this spec created are removed again, so repeated runs never reach
 * the rate limit (5 messages in 10 minutes).
 */
function removeWithSubject(testInfo: TestInfo, subject: string) {
  const database = new Database(databaseFile(testInfo), { fileMustExist: true })
  try {
    database.pragma('busy_timeout = 5000')
    database.prepare('delete from contact_messages where subject = ?').run(subject)
  } finally {
    database.close()
  }
}

function uniqueSubject(testInfo: TestInfo): string {
  return `E2E contact ${testInfo.project.name} ${Date.now()}-${Math.random().toString(36).slice(2, 8)}`
}

/**
 * Opens the contact page; with JavaScript, waits until its scripts check the
 * form, or a quick click would still post it the no-JavaScript way.
 */
async function openContact(page: Page, testInfo: TestInfo, language?: 'tr') {
  await (language ? openIn(page, '/contact', language) : page.goto('/contact'))
  if (testInfo.project.use.javaScriptEnabled === false) return
  await waitForHydration(page)
}

const form = (page: Page) => page.getByRole('form', { name: 'Send us a message' })
const submit = (page: Page) => form(page).getByRole('button', { name: 'Get In Touch' }).click()

async function fillMessage(page: Page, values: { email?: string; subject: string }) {
  await form(page).getByLabel('Full Name').fill('Ayşe Yılmaz')
  await form(page)
    .getByLabel('Email')
    .fill(values.email ?? 'ayse@example.com.tr')
  await form(page).getByLabel('Subject').fill(values.subject)
  await form(page)
    .getByLabel('Message')
    .fill('Twelve of us land at IST on 3 May: can you take us to Beşiktaş?')
}

const englishErrors = {
  'Full Name': 'Please enter your full name.',
  Email: 'Please enter your e-mail address.',
  Subject: 'Please enter a subject.',
  Message: 'Please write your message.',
}

test('an empty message is explained beside each field and in a summary', async ({
  page,
}, testInfo) => {
  // Without JavaScript the browser reports the 400 answer to the POST as a console error.
  const consoleErrors = testInfo.project.use.javaScriptEnabled !== false ? watchConsole(page) : []
  await openContact(page, testInfo)
  // The honeypot is out of reach of assistive technology.
  await expect(page.getByRole('textbox', { name: 'Leave this field empty' })).toHaveCount(0)
  await submit(page)
  const summary = page.getByRole('alert')
  await expect(summary).toContainText('Please check the following:')
  for (const [label, message] of Object.entries(englishErrors)) {
    const field = form(page).getByLabel(label)
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expect(field).toHaveAccessibleDescription(message)
    await expect(summary.getByRole('link', { name: message })).toBeVisible()
  }
  await expect(page).toHaveTitle(/^Error: Contact/)
  await expect(page.getByRole('status')).toHaveCount(0)
  await expectNoAxeViolations(page, testInfo)
  expect(consoleErrors).toEqual([])
})

test('a bad e-mail address is explained and everything typed is kept', async ({
  page,
}, testInfo) => {
  await openContact(page, testInfo)
  const subject = uniqueSubject(testInfo)
  await fillMessage(page, { email: 'ayse@example', subject })
  const email = form(page).getByLabel('Email')
  const message = 'Please enter a valid e-mail address, such as name@example.com.'
  if (testInfo.project.use.javaScriptEnabled !== false) {
    // With JavaScript the field is checked as soon as it is left, before any submission.
    await email.focus()
    await email.blur()
    await expect(email).toHaveAccessibleDescription(message)
    await expect(page).not.toHaveTitle(/^Error: /)
  }
  await submit(page)
  await expect(email).toHaveAccessibleDescription(message)
  await expect(page.getByRole('alert').getByRole('link', { name: message })).toBeVisible()
  await expect(page).toHaveTitle(/^Error: /)
  await expect(form(page).getByLabel('Full Name')).toHaveValue('Ayşe Yılmaz')
  await expect(email).toHaveValue('ayse@example')
  await expect(form(page).getByLabel('Subject')).toHaveValue(subject)
  await expect(form(page).getByLabel('Message')).toHaveValue(/^Twelve of us land at IST/)
  await expect(form(page).getByLabel('Full Name')).not.toHaveAttribute('aria-invalid', 'true')
  // Corrected, it goes through.
  await email.fill('ayse@example.com.tr')
  await submit(page)
  await expect(page).toHaveURL(/\/contact\?sent=1/)
  expect(storedWithSubject(testInfo, subject)).toHaveLength(1)
  removeWithSubject(testInfo, subject)
})

test('a valid message is stored and thanked for after the redirect', async ({ page }, testInfo) => {
  const consoleErrors = watchConsole(page)
  const subject = uniqueSubject(testInfo)
  await openContact(page, testInfo)
  const javaScript = testInfo.project.use.javaScriptEnabled !== false
  // With JavaScript the page is not reloaded: a mark left on the window survives.
  if (javaScript) await page.evaluate(() => Object.assign(window, { contactMark: 1 }))
  await fillMessage(page, { subject })
  await submit(page)
  await expect(page).toHaveURL(/\/contact\?sent=1/)
  if (javaScript) {
    expect(
      await page.evaluate(() => (window as unknown as { contactMark?: number }).contactMark),
    ).toBe(1)
  }
  await expect(page.getByRole('status')).toHaveText(
    'Thank you, your message has been received. We will reply by e-mail within one business day.',
  )
  await expect(page).not.toHaveTitle(/Error/)
  await expect(page.getByRole('alert')).toHaveCount(0)
  // A fresh form is left behind for another message.
  await expect(form(page).getByLabel('Subject')).toHaveValue('')
  await expectNoAxeViolations(page, testInfo)
  // Stored with its e-mail queued, then handed to the company's inbox (the test
  // server's outbox) once.
  expect(storedWithSubject(testInfo, subject)).toEqual([
    {
      full_name: 'Ayşe Yılmaz',
      email: 'ayse@example.com.tr',
      subject,
      language: 'en',
      mail_status: 'queued',
    },
  ])
  const mailsWithSubject = () =>
    readdirSync(outboxDir(), { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => readFileSync(join(outboxDir(), entry.name), 'utf8'))
      .filter((mail) => mail.includes(subject))
  await expect.poll(() => mailsWithSubject().length).toBe(1)
  const mails = mailsWithSubject()
  expect(mails[0]).toMatch(/^To: reservations@marmarachauffeur\.com$/m)
  removeWithSubject(testInfo, subject)
  expect(consoleErrors).toEqual([])
})

test('a filled honeypot is thanked for like anyone, and nothing is stored', async ({
  page,
}, testInfo) => {
  const subject = uniqueSubject(testInfo)
  await openContact(page, testInfo)
  await fillMessage(page, { subject })
  await page.locator('input[name="website"]').fill('https://spam.example')
  await submit(page)
  await expect(page).toHaveURL(/\/contact\?sent=1/)
  await expect(page.getByRole('status')).toContainText('Thank you, your message has been received.')
  expect(storedWithSubject(testInfo, subject)).toEqual([])
})

test('the messages are in Turkish on the Turkish page', async ({ page }, testInfo) => {
  await openContact(page, testInfo, 'tr')
  await page
    .getByRole('form', { name: 'Bize yazın' })
    .getByRole('button', { name: 'Bize Ulaşın' })
    .click()
  const summary = page.getByRole('alert')
  await expect(summary).toContainText('Lütfen şunları kontrol edin:')
  await expect(page.getByLabel('Ad Soyad')).toHaveAccessibleDescription(
    'Lütfen adınızı ve soyadınızı yazın.',
  )
  await expect(page.getByLabel('E-posta')).toHaveAccessibleDescription(
    'Lütfen e-posta adresinizi yazın.',
  )
  await expect(summary.getByRole('link', { name: 'Lütfen mesajınızı yazın.' })).toBeVisible()
  await expect(page).toHaveTitle(/^Hata: /)
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr')
  await expectNoAxeViolations(page, testInfo)
})
