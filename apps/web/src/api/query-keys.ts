// Query keys of resources that several areas read (docs/web.md "Server state"): one factory per resource, so a
// write's invalidation reaches every page that reads it. Every key holds the agency the answer depends on.

export const questionKeys = {
  /** Every page of the question lists (`['questions', agencyId, …filters]`). */
  lists: () => ['questions'] as const,
  /** Every question of the agency read one by one (a bulk move changes many). */
  details: (agencyId: string) => ['question', agencyId] as const,
  /** GET /v1/exam/question/{id}: the bank's preview and editor, the statistics' read-only page, the reading panel. */
  detail: (agencyId: string, id: string) => ['question', agencyId, id] as const,
  /** GET /v1/exam/question/{id}/editable. */
  editable: (agencyId: string, id: string) => ['question-editable', agencyId, id] as const,
};

export const trainingKeys = {
  /** GET /v1/train/report/{id}: the student's report and comments page, the staff's report and comments page. */
  report: (agencyId: string, id: string) => ['train', 'report', agencyId, id] as const,
};

export const jobKeys = {
  /** A server job read by id (`useJob`, app/job.ts): `kind` names what it is (import, export, reading generation…). */
  job: (kind: string, agencyId: string, id: string | null) => [kind, agencyId, id] as const,
};
