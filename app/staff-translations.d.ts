// `<language>.json?staff`: the staff pages' part of a translation file, made by
// the client-translations plugin in vite.config.ts.
declare module '*.json?staff' {
  const strings: Record<string, unknown>
  export default strings
}
