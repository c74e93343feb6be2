// Golden table for route-matrix.test.ts: who may open each route of docs/product.md §2, written by hand from docs/product.md §6
// (never computed by `canAccessPath`). Change a row only when the spec changes, and say which line.
//
// A mask has one place per demo identity (docs/domain.md "Demo data"), in this order:
//   A admin (edu:admin)              G agency (edu:agency:demo:admin)   T teacher (edu:agency:demo:teacher)
//   S student (edu:agency:demo:student)   P parent (edu:parent)   U tutor (edu:homework:teacher)
//   O other (edu:agency:other:admin)  V visitor (not logged in)
// The letter means "may open", '.' means "the route is not registered for them".
// `demo`: the current agency is demo; `other`: the current agency is other (other's admin pages open there).
//
// docs/product.md §6 families used below:
//   open                    AGTSPUOV  (/admin exactly, /student…, /parent and /WTPteacher exactly, /public…, /)
//   knowledge, agency, knowledgraph, user/WTteacher: platform roles only → A
//   question, tag, user/student|teacher|parent: agency admin (or the matching agency sub-admin) → G in demo, O in other
//   user/teacher/{id}/profile: also the agency teacher (their own profile; the API answers 404 for another's, issue 18)
//   train: agency admin, train admin or agency teacher → G T in demo, O in other
//   other /admin pages: agency staff or platform admins → A G T in demo, A O in other
//   /WTPteacher/…: edu:homework:teacher → U;  /parent/…: edu:parent → P

export const IDENTITY_ORDER = ['admin', 'agency', 'teacher', 'student', 'parent', 'tutor', 'other', 'visitor'] as const;
export type IdentityName = (typeof IDENTITY_ORDER)[number];
export const IDENTITY_LETTERS = 'AGTSPUOV';

export interface GoldenRow {
  pattern: string;
  /** Mask with the current agency demo. */
  demo: string;
  /** Mask with the current agency other. */
  other: string;
}

// One row per route: pattern, mask in agency demo, mask in agency other. Lines starting with # are comments.
const TABLE = `
# route                                              demo      other
#                                                    AGTSPUOV  AGTSPUOV
/admin                                               AGTSPUOV  AGTSPUOV
/admin/train/:id/dashboard                           .GT.....  ......O.
/admin/train/:id/dashboard/group                     .GT.....  ......O.
/admin/task/:taskId/dashboard                        AGT.....  A.....O.
/admin/class/homework/sroce/:id                      AGT.....  A.....O.
/admin/class/homework/sroceAll                       AGT.....  A.....O.
/admin/webrtc/:id                                    AGT.....  A.....O.
/admin/eventutor/open/:id                            AGT.....  A.....O.
/admin/class/tldraw/:id                              AGT.....  A.....O.
/admin/knowledge/list/:subject                       A.......  A.......
/admin/question/list                                 .G......  ......O.
/admin/question/repository                           .G......  ......O.
/admin/question/repository/detail/:id/:type          .G......  ......O.
/admin/question/create/:type/:from?                  .G......  ......O.
/admin/question/edit/:id                             .G......  ......O.
/admin/question/preview/:id                          .G......  ......O.
/admin/agency/list                                   A.......  A.......
/admin/knowledgraph/groups                           A.......  A.......
/admin/knowledgraph/group/:id/items                  A.......  A.......
/admin/knowledgraph/group/:id/preview                A.......  A.......
/admin/knowledgraph/group/:id/stats                  A.......  A.......
/admin/knowledgraph/group/:id/create                 A.......  A.......
/admin/knowledgraph/item/:id/modify                  A.......  A.......
/admin/tag/list                                      .G......  ......O.
/admin/train/list                                    .GT.....  ......O.
/admin/train/create/:type                            .GT.....  ......O.
/admin/train/create/paper/:type/:info                .GT.....  ......O.
/admin/train/edit/:id/:type                          .GT.....  ......O.
/admin/train/repository                              .GT.....  ......O.
/admin/train/repository/detail/:id/:type             .GT.....  ......O.
/admin/train/report/:id                              .GT.....  ......O.
/admin/train/comment/:id/:from/:route                .GT.....  ......O.
/admin/train/question/:id/preview                    .GT.....  ......O.
/admin/train/marking                                 .GT.....  ......O.
/admin/user/student/list                             .G......  ......O.
/admin/user/student/:id/stats                        .G......  ......O.
/admin/user/teacher/list                             .G......  ......O.
/admin/user/parent/list                              .G......  ......O.
/admin/user/WTteacher/list                           A.......  A.......
/admin/user/teacher/:id/profile                      .GT.....  ......O.
/admin/user/teacher/list/classInfo/:id/:teacherName  .G......  ......O.
/admin/class/ordinary/list                           AGT.....  A.....O.
/admin/class/event/list                              AGT.....  A.....O.
/admin/class/todaywork/:id                           AGT.....  A.....O.
/admin/class/sroce/:id/:classId                      AGT.....  A.....O.
/admin/class/studentInfo/:id                         AGT.....  A.....O.
/admin/class/:classId/tasks                          AGT.....  A.....O.
/admin/class/:classId/stats                          AGT.....  A.....O.
/admin/eventutor/history/:id                         AGT.....  A.....O.
/admin/eventutor/index/:id                           AGT.....  A.....O.
/admin/task/create                                   AGT.....  A.....O.
/admin/task/:taskId/modify                           AGT.....  A.....O.
/admin/store                                         AGT.....  A.....O.

/student                                             AGTSPUOV  AGTSPUOV
/student/home                                        AGTSPUOV  AGTSPUOV
/student/tasks/todo                                  AGTSPUOV  AGTSPUOV
/student/train                                       AGTSPUOV  AGTSPUOV
/student/train/scheme/:schemeId                      AGTSPUOV  AGTSPUOV
/student/train/:trainId/do                           AGTSPUOV  AGTSPUOV
/student/train/:trainId/questions                    AGTSPUOV  AGTSPUOV
/student/train/history                               AGTSPUOV  AGTSPUOV
/student/train/report/:id                            AGTSPUOV  AGTSPUOV
/student/train/comment/:id/:from                     AGTSPUOV  AGTSPUOV
/student/knowledgegraph/mine                         AGTSPUOV  AGTSPUOV
/student/wrong/list                                  AGTSPUOV  AGTSPUOV
/student/question/answer/record/:recordId            AGTSPUOV  AGTSPUOV
/student/eventutor                                   AGTSPUOV  AGTSPUOV
/student/eventutor/index/:id                         AGTSPUOV  AGTSPUOV
/student/eventutor/history/:id                       AGTSPUOV  AGTSPUOV
/student/webrtc                                      AGTSPUOV  AGTSPUOV
/student/webrtc/:id                                  AGTSPUOV  AGTSPUOV
/student/point                                       AGTSPUOV  AGTSPUOV
/student/point/allpoint                              AGTSPUOV  AGTSPUOV
/student/point/userpoint                             AGTSPUOV  AGTSPUOV
/student/class/tldraw/:id                            AGTSPUOV  AGTSPUOV

/parent                                              AGTSPUOV  AGTSPUOV
/parent/train/report/:id/:annoId/:showQuestion       ....P...  ....P...
/parent/history/:id                                  ....P...  ....P...
/parent/eventutor/index/:id                          ....P...  ....P...

/WTPteacher                                          AGTSPUOV  AGTSPUOV
/WTPteacher/change/:taskId/:homeworkId               .....U..  .....U..
/WTPteacher/webrtc/:id                               .....U..  .....U..
/WTPteacher/history                                  .....U..  .....U..

/public/teacher/:id/profile                          AGTSPUOV  AGTSPUOV
/public/agency/:agencyId/profiles                    AGTSPUOV  AGTSPUOV
/public/question/preview                             AGTSPUOV  AGTSPUOV
/                                                    AGTSPUOV  AGTSPUOV
`;

export const ROUTE_GOLDEN: readonly GoldenRow[] = TABLE.split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#'))
  .map((line) => {
    const [pattern, demo, other, ...rest] = line.split(/\s+/);
    if (rest.length > 0 || other === undefined) throw new Error(`route-matrix.golden: bad row "${line}"`);
    return { pattern, demo, other };
  });
