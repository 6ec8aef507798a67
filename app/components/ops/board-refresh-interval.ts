/** How often an open board asks for its rows again (apart, so scripts without React share it). */
export const BOARD_REFRESH_MS = 30_000
