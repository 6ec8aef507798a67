/**
 * The fixed vocabulary of the fleet (seed, section 3), without zod so the
 * browser bundle can use it: class codes in the seed's order, car types, makes.
 */
export const vehicleClassCodes = ['ECOMNVN', 'LUXMNVN', 'ECOMNBS', 'LUXMNBS'] as const
export type VehicleClassCode = (typeof vehicleClassCodes)[number]
export const carTypes = ['Sedan', 'Minivan', 'Luxury Van', 'Van'] as const
export const carBrands = ['Mercedes-Benz', 'Volkswagen', 'Ford', 'Chevrolet'] as const
