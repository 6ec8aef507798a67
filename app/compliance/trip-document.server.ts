import { data } from 'react-router'
import { getDatabase } from '~/db/db.server'
import { roleMay, staffRoles } from '~/domain/staff/roles'
import { driverOfAccount } from '~/dispatch/drivers.server'
import { forbidden, requireStaff, staffPageHeaders } from '~/staff/guard.server'

/**
 * The printable trip document U-ETDS gave for a filed ride, as a PDF: for
 * the office, and for the driver who drives that ride (their job card links
 * it, to carry on the trip). Anyone else is refused; a ride without one is
 * not found. It names the passengers: never cached, never kept by a proxy.
 */
export async function tripDocumentResponse(request: Request, reference: string) {
  const staff = await requireStaff(request, staffRoles)
  const { db } = await getDatabase()
  const row = await db
    .selectFrom('bookings')
    .innerJoin('uetds_filings', 'uetds_filings.booking_id', 'bookings.id')
    .leftJoin('booking_assignments', 'booking_assignments.booking_id', 'bookings.id')
    .select([
      'bookings.reference',
      'uetds_filings.document_pdf',
      'uetds_filings.cancelled_at',
      'booking_assignments.driver_id',
    ])
    .where('bookings.reference', '=', reference.toUpperCase())
    .executeTakeFirst()
  if (!roleMay(staff.account.role, 'compliance.documents')) {
    const driver = await driverOfAccount(db, staff.account.id)
    if (!driver || !row || row.driver_id !== driver.id) throw forbidden()
  }
  if (!row?.document_pdf || row.cancelled_at) {
    throw data('Not found', { status: 404, headers: staffPageHeaders })
  }
  return new Response(Buffer.from(row.document_pdf, 'base64'), {
    headers: {
      ...staffPageHeaders,
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="uetds-${row.reference}.pdf"`,
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
