// Bounds of a student's own history export (docs/users.md "Own history export"). A module without zod, so the web
// can name them without loading the schemas.

/** Most answers one export carries; the file says when it stopped there. */
export const HISTORY_EXPORT_MAX_ANSWERS = 50_000;
/** Most trainings one export carries. */
export const HISTORY_EXPORT_MAX_TRAININGS = 10_000;
