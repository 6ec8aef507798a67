import { describe, expect, it } from 'vitest'
import { parseWithZod } from '@conform-to/zod/v4'
import type { DatabaseHandle } from '~/db/connect.server'
import { createStaffAccount } from '~/staff/accounts.server'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import { promoCodeSchema } from './promo-code-forms'
import {
  addPromoCode,
  changePromoCode,
  findPromoCodeById,
  type PromoCodeInput,
} from './promo-code-store.server'

const now = new Date('2026-11-20T08:00:00Z')

const input: PromoCodeInput = {
  code: ' spring-10 ',
  kind: 'percent',
  percent: 10,
  amountCents: 500,
  validFrom: '2026-12-01',
  validUntil: null,
  maxUses: 100,
  maxUsesPerEmail: 1,
  vehicleClasses: ['ECOMNVN', 'LUXMNVN'],
  rideKinds: ['airport-IST'],
  minAmountCents: null,
  firstRideOnly: true,
  active: true,
}

/** Codes as staff keep them, on a real SQLite file and on PostgreSQL: stored, unique, audited. */
describe.each(storageBackends())('promo codes kept by staff on $name', (backend) => {
  let handle: DatabaseHandle
  useMigratedDatabase(backend, (opened) => (handle = opened))

  const auditOf = async (id: number) =>
    (
      await handle.db
        .selectFrom('staff_audit')
        .select(['account_id', 'action', 'before_json', 'after_json'])
        .where('subject', '=', `promo:${id}`)
        .orderBy('id')
        .execute()
    ).map((row) => ({
      account_id: row.account_id,
      action: row.action,
      before: row.before_json && JSON.parse(row.before_json),
      after: row.after_json && JSON.parse(row.after_json),
    }))

  it('stores a code upper-case and unique, changes and deactivates it, each audited', async () => {
    const admin = await createStaffAccount(
      handle,
      { email: 'prices@example.com', name: 'Deniz', role: 'admin', password: 'a-long-password-1' },
      now,
    )
    const added = await addPromoCode(handle, input, admin.id, now)
    if (!added.ok) throw new Error(added.refusal)
    const row = (await findPromoCodeById(handle.db, added.id))!
    expect(row).toMatchObject({
      code: 'SPRING-10',
      kind: 'percent',
      percent: 10,
      // A percent code keeps no amount, whatever the form held.
      amount_cents: null,
      vehicle_classes: 'ECOMNVN,LUXMNVN',
      ride_kinds: 'airport-IST',
      first_ride_only: 1,
      active: 1,
      uses: 0,
      created_by: admin.id,
    })
    expect(await addPromoCode(handle, { ...input, code: 'Spring-10' }, admin.id, now)).toEqual({
      ok: false,
      refusal: 'codeTaken',
    })

    await changePromoCode(handle, added.id, { ...input, maxUses: 50 }, admin.id, now)
    await changePromoCode(handle, added.id, { ...input, maxUses: 50, active: false }, admin.id, now)
    expect(await findPromoCodeById(handle.db, added.id)).toMatchObject({
      max_uses: 50,
      active: 0,
      updated_by: admin.id,
    })
    const log = await auditOf(added.id)
    expect(log.map((entry) => entry.action)).toEqual([
      'promo.added',
      'promo.changed',
      'promo.changed',
    ])
    expect(log.every((entry) => entry.account_id === admin.id)).toBe(true)
    expect(log[0]!.after).toMatchObject({ code: 'SPRING-10', maxUses: 100 })
    expect(log[1]).toMatchObject({ before: { maxUses: 100 }, after: { maxUses: 50 } })
    expect(log[2]).toMatchObject({ before: { active: true }, after: { active: false } })
    expect(await changePromoCode(handle, 999_999, input, admin.id, now)).toEqual({
      ok: false,
      refusal: 'notFound',
    })
  })
})

describe('the promo code form', () => {
  const form = (fields: [string, string][]) => {
    const data = new FormData()
    for (const [name, value] of fields) data.append(name, value)
    return parseWithZod(data, { schema: promoCodeSchema })
  }

  it('reads one ticked box as a list, and euros with a comma', () => {
    const submission = form([
      ['code', 'welcome'],
      ['kind', 'fixed'],
      ['amount', '12,50'],
      ['vehicleClasses', 'LUXMNBS'],
      ['rideKinds', 'airport'],
      ['rideKinds', 'hourly'],
    ])
    expect(submission.status).toBe('success')
    if (submission.status !== 'success') return
    expect(submission.value).toMatchObject({
      code: 'welcome',
      kind: 'fixed',
      amount: '12,50',
      vehicleClasses: ['LUXMNBS'],
      rideKinds: ['airport', 'hourly'],
    })
  })

  it('says what is wrong beside each field', () => {
    const submission = form([
      ['code', 'a b'],
      ['kind', 'percent'],
      ['percent', '150'],
      ['validFrom', '2026-12-10'],
      ['validUntil', '2026-12-01'],
    ])
    if (submission.status !== 'error') throw new Error('accepted')
    expect(submission.error).toMatchObject({
      code: ['ops.promo.errors.codeInvalid'],
      percent: ['ops.promo.errors.percentRange'],
    })
    const fixed = form([
      ['code', 'FIXED'],
      ['kind', 'fixed'],
      ['validFrom', '2026-12-10'],
      ['validUntil', '2026-12-01'],
    ])
    if (fixed.status !== 'error') throw new Error('accepted')
    expect(fixed.error).toMatchObject({
      amount: ['ops.promo.errors.amountRequired'],
      validUntil: ['ops.promo.errors.untilBeforeFrom'],
    })
  })
})
