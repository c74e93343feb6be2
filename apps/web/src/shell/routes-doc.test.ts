// docs/routes.md tells the truth: one row per route of the table, with its page name, where it is drawn and
// whether it is built, partly built (naming the issue that finishes it) or 建设中 (naming the issue that builds it).
import { describe, expect, it } from 'vitest';
import routesDoc from '../../../../docs/routes.md?raw';
import { ROUTES } from './route-table';
import { ISSUES, type LayoutKey, type RouteDef } from '../app/route-types';

const DRAWN_IN: Record<LayoutKey, string> = {
  admin: 'admin layout',
  student: 'student layout',
  parent: 'parent layout',
  teacher: 'teacher layout',
  public: 'public layout',
  bare: 'full screen',
};

interface Row {
  pattern: string;
  page: string;
  drawnIn: string;
  status: string;
}

/** The rows of the tables under "Every route …": `| \`pattern\` | page | drawn in | status |`. */
function documentedRoutes(doc: string): Row[] {
  const section = doc.slice(doc.indexOf('## Every route'));
  return section
    .split('\n')
    .map((line) => line.match(/^\|\s*`([^`]+)`\s*\|([^|]*)\|([^|]*)\|([^|]*)\|\s*$/))
    .filter((m) => m !== null)
    .map(([, pattern, page, drawnIn, status]) => ({
      pattern,
      page: page.trim(),
      drawnIn: drawnIn.trim(),
      status: status.trim(),
    }));
}

/** What the status column must say for a route of the table. */
function statusProblem(route: RouteDef, status: string): string | null {
  if (route.issue) {
    const want = `建设中 — ${ISSUES[route.issue].doc}`;
    return status === want ? null : `should read "${want}"`;
  }
  if (route.partly) {
    const ok = status.startsWith('partly — ') && status.endsWith(ISSUES[route.partly].doc);
    return ok ? null : `should read "partly — <what is missing> … ${ISSUES[route.partly].doc}"`;
  }
  return /^built \(issue \d+\)$/.test(status) ? null : 'should read "built (issue N)"';
}

function routesDocProblems(doc: string, routes: readonly RouteDef[]): string[] {
  const rows = documentedRoutes(doc);
  const problems: string[] = [];
  for (const r of routes) {
    const found = rows.filter((row) => row.pattern === r.pattern);
    if (found.length !== 1) {
      problems.push(`${r.pattern}: ${found.length} rows`);
      continue;
    }
    const [row] = found;
    if (row.page !== r.title) problems.push(`${r.pattern}: page "${row.page}", the table says "${r.title}"`);
    if (row.drawnIn !== DRAWN_IN[r.layout]) problems.push(`${r.pattern}: drawn in "${row.drawnIn}"`);
    const status = statusProblem(r, row.status);
    if (status) problems.push(`${r.pattern}: status "${row.status}" ${status}`);
  }
  const known = new Set(routes.map((r) => r.pattern));
  for (const row of rows) if (!known.has(row.pattern)) problems.push(`${row.pattern}: not a route of the table`);
  return problems;
}

describe('docs/routes.md', () => {
  it('has one true row for every route of the table and no other', () => {
    expect(routesDocProblems(routesDoc, ROUTES)).toEqual([]);
  });

  it('calls the parent home built (the history of the children) and the tutor home built (lessons and marking)', () => {
    const rows = documentedRoutes(routesDoc);
    expect(rows.find((r) => r.pattern === '/parent')?.status).toBe('built (issue 18)');
    expect(rows.find((r) => r.pattern === '/WTPteacher')?.status).toBe('built (issue 27)');
  });

  it('fails on a row that claims a page the table does not have, or misses one', () => {
    const later: RouteDef = { pattern: '/x', area: 'public', layout: 'public', title: 'X', issue: 'later' };
    const header = '## Every route\n\n| route | page | drawn in | status |\n| --- | --- | --- | --- |\n';
    expect(routesDocProblems(`${header}| \`/x\` | X | public layout | built (issue 2) |\n`, [later])).toEqual([
      `/x: status "built (issue 2)" should read "建设中 — ${ISSUES.later.doc}"`,
    ]);
    expect(routesDocProblems(header, [later])).toEqual(['/x: 0 rows']);
    const greeting: RouteDef = { ...later, issue: undefined, page: () => null, partly: 'later' };
    expect(routesDocProblems(`${header}| \`/x\` | X | public layout | built (issue 2) |\n`, [greeting])).toHaveLength(
      1,
    );
    expect(routesDocProblems(`${header}| \`/y\` | Y | full screen | built (issue 2) |\n`, [])).toEqual([
      '/y: not a route of the table',
    ]);
  });
});
