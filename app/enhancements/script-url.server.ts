import enhancementsEntry from 'virtual:enhancements-entry'

/**
 * The address of app/enhancements/enhance.ts as built (fingerprinted), which
 * the pages React does not hydrate load (vite-plugins/enhancements-entry.ts).
 */
export const enhancementsScript: string = enhancementsEntry
