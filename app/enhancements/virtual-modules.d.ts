declare module 'virtual:enhancements-entry' {
  /** The address of the built app/enhancements/enhance.ts (vite-plugins/enhancements-entry.ts). */
  const url: string
  export default url
}
