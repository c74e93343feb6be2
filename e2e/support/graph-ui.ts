// What the knowledge-graph journey sets up over HTTP and does again and again in the browser: a chain of three new
// knowledge points with auto-judged questions whose answers are known (docs/knowledge-graph.md "Practice" draws
// from a point's subtree), a React Flow node found by its name, an edge drawn by dragging between two handles, and a
// question answered right whatever its type.
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { api, apiLogin, RIGHT } from './training-api.js';

export interface GraphPoint {
  code: string;
  name: string;
}

async function ownedRepo(baseURL: string, token: string): Promise<string> {
  const list = await api<{ list: { id: string; owned: boolean }[] }>(baseURL, 'GET', '/v1/exam/repositories', token);
  const mine = list.list.find((r) => r.owned);
  if (!mine) throw new Error('the demo agency has no question bank of its own');
  return mine.id;
}

/**
 * New knowledge points under 七年级 English (`en.g7`), as the platform admin adds them in the tree, each with
 * `perPoint[i]` questions in the demo agency's bank: true/false (right 对) and single choice (right B) in turn.
 */
export async function setUpPoints(baseURL: string, names: string[], perPoint: number[]): Promise<GraphPoint[]> {
  const admin = await apiLogin(baseURL, 'admin');
  const agency = await apiLogin(baseURL, 'agency');
  const repoId = await ownedRepo(baseURL, agency);
  const points: GraphPoint[] = [];
  for (const [i, name] of names.entries()) {
    const kp = await api<{ code: string; name: string }>(baseURL, 'PUT', '/v1/exam/question/knowledgepoint', admin, {
      parent: 'en.g7',
      name,
    });
    points.push({ code: kp.code, name: kp.name });
    for (let n = 1; n <= perPoint[i]; n++) {
      const fields =
        n % 2 === 1
          ? {
              type: 'trueFalse',
              question: `<p>${name} 判断 ${n}：“book” 的复数是 “books”。</p>`,
              answer: [RIGHT.trueFalse],
            }
          : {
              type: 'singleChoice',
              question: `<p>${name} 选择 ${n}：I have ___ on my desk.</p>`,
              options: [
                { key: 'A', content: '<p>an apple</p>' },
                { key: 'B', content: '<p>a book</p>' },
                { key: 'C', content: '<p>an book</p>' },
              ],
              answer: [RIGHT.singleChoice],
            };
      await api(baseURL, 'PUT', '/v1/exam/question', agency, {
        agencyId: 'demo',
        repoId,
        judgeType: 'auto',
        knowledgeId: kp.code,
        explanation: '',
        ...fields,
      });
    }
  }
  return points;
}

/** The React Flow node of an item in `canvas`, by its knowledge point's name (names are unique in the journey). */
export const flowNode = (canvas: Locator, name: string) =>
  canvas.locator('.react-flow__node').filter({ hasText: name });

/** The node's box (`.graph-node`, whose class carries the state: graph-node-ready, -locked, -learning, -mastered). */
export const nodeBox = (canvas: Locator, name: string) => flowNode(canvas, name).locator('.graph-node');

/** The state class of an item's node, e.g. `ready` for `graph-node-ready`. */
export async function nodeState(canvas: Locator, name: string): Promise<string | null> {
  const cls = (await nodeBox(canvas, name).getAttribute('class')) ?? '';
  return /graph-node-(ready|locked|learning|mastered)/.exec(cls)?.[1] ?? null;
}

type Box = { x: number; y: number; width: number; height: number };
const centre = (b: Box) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });

/** How long an element's box must stay the same to count as settled (React Flow's fitView animates for 200 ms). */
const SETTLED_MS = 300;

/** The element's box once it stopped moving (React Flow fits the view, and 自动布局 animates, after a render). */
export async function settledBox(target: Locator): Promise<Box> {
  let last = '';
  let since = 0;
  let box: Box | null = null;
  await expect
    .poll(async () => {
      box = await target.boundingBox();
      const now = JSON.stringify(box);
      if (box === null || now !== last) {
        last = now;
        since = Date.now();
        return false;
      }
      return Date.now() - since >= SETTLED_MS;
    })
    .toBe(true);
  return box!;
}

/**
 * Draws a prerequisite `from → to` as an admin does: presses on `from`'s bottom handle (the source), moves in steps
 * to `to`'s top handle (the target) and lets go there.
 */
export async function dragEdge(page: Page, canvas: Locator, from: string, to: string): Promise<void> {
  const source = centre(await settledBox(flowNode(canvas, from).locator('.react-flow__handle-bottom')));
  const target = centre(await settledBox(flowNode(canvas, to).locator('.react-flow__handle-top')));
  await page.mouse.move(source.x, source.y);
  await page.mouse.down();
  await page.mouse.move(source.x + 10, source.y + 30, { steps: 4 });
  try {
    // React Flow draws the connection line while a drag that started on a handle goes on.
    await expect
      .poll(() => canvas.locator('.react-flow__connection-path').count(), {
        message: `pressing ${from}'s bottom handle starts a connection`,
        timeout: 5_000,
      })
      .toBe(1);
    await page.mouse.move(target.x, target.y, { steps: 15 });
  } finally {
    await page.mouse.up();
  }
}

/**
 * Answers the question shown in `scope` right: 对 for a true/false, B for a single choice (the questions of
 * setUpPoints and setUpTrainingBank), `go` in a blank.
 */
export async function answerRight(scope: Locator): Promise<void> {
  const trueRadio = scope.getByRole('radio', { name: '对', exact: true });
  const choiceB = scope.getByRole('radio', { name: /^B\./ });
  if ((await trueRadio.count()) > 0) await trueRadio.check();
  else if ((await choiceB.count()) > 0) await choiceB.check();
  else await scope.getByRole('textbox', { name: /第 1 空/ }).fill(RIGHT.fillBlank);
}
