/**
 * The fixed vocabulary of the fleet pages, without zod so the browser bundle
 * can use it: car types and makes. The classes themselves, with their seats
 * and prices, are the domain's (app/domain/booking/vehicle-classes.ts).
 */
export { vehicleClassCodes, type VehicleClassCode } from '~/domain/booking/vehicle-classes'
export const carTypes = ['Sedan', 'Minivan', 'Luxury Van', 'Van'] as const
export const carBrands = ['Mercedes-Benz', 'Volkswagen', 'Ford', 'Chevrolet'] as const
