/**
 * The fixed vocabulary of the fleet, without zod so the browser bundle can
 * use it: the class codes in their display order, car types, makes.
 */
export const vehicleClassCodes = ['ECOMNVN', 'LUXMNVN', 'ECOMNBS', 'LUXMNBS'] as const
export type VehicleClassCode = (typeof vehicleClassCodes)[number]
export const carTypes = ['Sedan', 'Minivan', 'Luxury Van', 'Van'] as const
export const carBrands = ['Mercedes-Benz', 'Volkswagen', 'Ford', 'Chevrolet'] as const
