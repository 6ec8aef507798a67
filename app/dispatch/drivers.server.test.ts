import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/connect.server'
import { createStaffAccount } from '~/staff/accounts.server'
import { storageBackends, useMigratedDatabase } from '../../tests/support/database-backends'
import { addDriver, changeDriver, driverIdentityNumber, findDriver } from './drivers.server'

const now = new Date('2026-11-20T08:00:00Z')

/**
 * A driver's T.C. identity number, on both databases: sealed in its row,
 * opened only by `driverIdentityNumber`, kept when an edit leaves it empty,
 * and in the audit log by its last four digits only.
 */
describe.each(storageBackends())('a driver’s identity number on $name', (backend) => {
  let handle: DatabaseHandle
  useMigratedDatabase(backend, (opened) => (handle = opened))

  it('is sealed, kept through an edit, and audited by its last digits', async () => {
    const dispatcher = await createStaffAccount(
      handle,
      {
        email: `identity-${backend.name}@example.com`,
        name: 'Desk',
        role: 'dispatcher',
        password: 'a-long-password-1',
      },
      now,
    )
    const input = {
      name: 'Mehmet Kaya',
      phone: '+90 532 000 00 31',
      languages: 'Turkish',
      licenceNumber: 'B-31',
      identityNumber: '10000000146',
      offerChannel: 'sms' as const,
      usualVehicleId: null,
      staffAccountId: null,
      active: true,
    }
    const added = await addDriver(handle, input, dispatcher.id, now)
    if (!added.ok) throw new Error(added.refusal)
    const row = (await findDriver(handle.db, added.id))!
    expect(row.identity_sealed).toMatch(/^s1\./)
    expect(JSON.stringify(row)).not.toContain('10000000146')
    expect(driverIdentityNumber(row)).toBe('10000000146')

    // An edit with the number left empty keeps it, and logs only what changed.
    const { identityNumber: _left, ...withoutNumber } = input
    await changeDriver(
      handle,
      added.id,
      { ...withoutNumber, phone: '+90 532 000 00 32' },
      dispatcher.id,
      now,
    )
    expect(driverIdentityNumber((await findDriver(handle.db, added.id))!)).toBe('10000000146')
    // A new number replaces it.
    await changeDriver(
      handle,
      added.id,
      { ...withoutNumber, phone: '+90 532 000 00 32', identityNumber: '10000000078' },
      dispatcher.id,
      now,
    )
    expect(driverIdentityNumber((await findDriver(handle.db, added.id))!)).toBe('10000000078')

    const log = await handle.db
      .selectFrom('staff_audit')
      .select(['action', 'before_json', 'after_json'])
      .where('subject', '=', `driver:${added.id}`)
      .orderBy('id')
      .execute()
    expect(log.map((entry) => entry.action)).toEqual([
      'driver.added',
      'driver.changed',
      'driver.changed',
    ])
    expect(JSON.parse(log[0]!.after_json!)).toMatchObject({ identityNumber: '•••• 0146' })
    expect(JSON.parse(log[1]!.after_json!)).toEqual({ phone: '+90 532 000 00 32' })
    expect(JSON.parse(log[2]!.before_json!)).toEqual({ identityNumber: '•••• 0146' })
    expect(JSON.parse(log[2]!.after_json!)).toEqual({ identityNumber: '•••• 0078' })
    expect(JSON.stringify(log)).not.toMatch(/10000000146|10000000078/)
  })
})
