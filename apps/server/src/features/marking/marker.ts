// Who marks: the caller's standing in the agency in context (docs/marking.md).
/** What the caller is in the agency in context: these decide which answers they may mark. */
export interface Marker {
  id: number;
  agencyId: string;
  /** edu:agency:{agency}:admin — every answer of the agency. */
  admin: boolean;
  /**
   * edu:agency:{agency}:teacher or :train:admin — answers outside tasks and of tasks without a class; a class's
   * teachers also mark its tasks' answers.
   */
  teacher: boolean;
  /** edu:homework:teacher assigned to the agency — answers of homework tasks. */
  tutor: boolean;
}
