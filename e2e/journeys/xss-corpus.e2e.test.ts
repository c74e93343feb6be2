// Every XSS payload of the shared corpus, stored through the API and rendered on the admin preview page,
// executes nothing; the fidelity corpus (tables, lists, images, KaTeX formulas, Chinese punctuation) survives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoServerURL } from '../support/demo-server.js';
import type { Browser, Page } from 'playwright-core';
import { FIDELITY_CORPUS, XSS_CORPUS } from '../../apps/server/src/features/questions/xss-corpus.js';
import { isBadText } from '../../apps/server/src/lib/input-hygiene.js';
import { DEMO_PASSWORD, launch, newPage, shot } from '../support/browser.js';
import { loginAs } from '../support/login.js';

interface Envelope<T> {
  errno: number;
  errmsg: string;
  response: T;
}

async function api<T>(baseURL: string, token: string, method: string, path: string, request?: unknown): Promise<T> {
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      'X-Agency-Id': 'demo',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: request === undefined ? undefined : JSON.stringify({ request }),
  });
  const body = (await res.json()) as Envelope<T>;
  if (!res.ok || body.errno !== 0) throw new Error(`${method} ${path}: ${res.status} ${body.errmsg}`);
  return body.response;
}

interface Scan {
  ok: boolean;
  missing?: string;
  bad: string[];
}

/** In the page: navigates in-app, waits for the markers in the question and the staff panel, then scans the DOM. */
async function openAndScan(page: Page, path: string, markers: string[]): Promise<Scan> {
  return page.evaluate(
    async ({ path, markers }) => {
      history.pushState({}, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
      const until = async (ok: () => boolean) => {
        const deadline = performance.now() + 10_000;
        while (!ok()) {
          if (performance.now() > deadline) return false;
          await new Promise((r) => setTimeout(r, 10));
        }
        return true;
      };
      const all = () => document.querySelector('.ant-card')?.textContent ?? '';
      if (!(await until(() => all().includes(markers[0])))) return { ok: false, missing: markers[0], bad: [] };
      const header = document.querySelector<HTMLElement>('.ant-collapse-header');
      if (header && !document.querySelector('.ant-collapse-item-active')) header.click();
      for (const m of markers.slice(1)) {
        if (!(await until(() => all().includes(m)))) return { ok: false, missing: m, bad: [] };
      }
      // Let images, autofocus, animations and toggles fire their (removed) handlers: every image loaded or failed,
      // then two frames.
      await until(() => Array.from(document.images).every((img) => img.complete));
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const bad: string[] = [];
      const urlAttrs = ['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'background', 'poster', 'srcdoc'];
      for (const el of Array.from(document.body.querySelectorAll('*'))) {
        for (const a of Array.from(el.attributes)) {
          const name = a.name.toLowerCase();
          // eslint-disable-next-line no-control-regex
          const value = a.value.replace(/[\s\u0000-\u001f]/g, '').toLowerCase();
          if (name.startsWith('on')) bad.push(`<${el.localName} ${name}>`);
          if (name === 'srcdoc') bad.push(`<${el.localName} srcdoc>`);
          if (urlAttrs.includes(name) && /^(javascript|vbscript|data:text\/html)/.test(value))
            bad.push(`<${el.localName} ${name}=${value.slice(0, 30)}>`);
        }
      }
      const active = 'script, iframe, frame, frameset, object, embed, base, meta, link, form, style, input, textarea';
      for (const el of Array.from(document.querySelectorAll('.rich-text')).flatMap((r) =>
        Array.from(r.querySelectorAll(active)),
      ))
        bad.push(`active <${el.localName}> in .rich-text`);
      for (const el of Array.from(document.querySelectorAll('.rich-text *'))) {
        const pos = getComputedStyle(el).position;
        if (pos === 'fixed' || pos === 'absolute') {
          if (!el.closest('.katex')) bad.push(`<${el.localName}> positioned ${pos} in .rich-text`);
        }
      }
      return { ok: true, bad };
    },
    { path, markers },
  );
}

describe('XSS corpus and fidelity', () => {
  let browser: Browser;
  let baseURL: string;
  let token: string;
  let repoId: string;
  let knowledgeId: string;
  beforeAll(async () => {
    baseURL = demoServerURL();
    browser = await launch();
    const login = await api<{ access_token: string }>(baseURL, '', 'POST', '/v1/auth/login', {
      username: 'agency',
      password: DEMO_PASSWORD,
    });
    token = login.access_token;
    const repos = await api<{ list: { id: string; owned: boolean }[] }>(baseURL, token, 'GET', '/v1/exam/repositories');
    const owned = repos.list.find((r) => r.owned);
    if (!owned) throw new Error('agency owns no repository');
    repoId = owned.id;
    const kps = await api<{ code: string; parentCode: string | null }[]>(
      baseURL,
      token,
      'GET',
      '/v1/exam/question/knowledgepoints',
    );
    const kp = kps.find((k) => k.parentCode === 'en') ?? kps.find((k) => k.code === 'en');
    if (!kp) throw new Error('no knowledge point under en');
    knowledgeId = kp.code;
  });
  afterAll(async () => {
    await browser.close();
  });

  const create = (question: string, optionA: string, explanation: string) =>
    api<{ id: string }>(baseURL, token, 'PUT', '/v1/exam/question', {
      agencyId: 'demo',
      repoId,
      type: 'singleChoice',
      judgeType: 'auto',
      knowledgeId,
      question,
      explanation,
      options: [
        { key: 'A', content: optionA },
        { key: 'B', content: '安全选项' },
      ],
      answer: ['A'],
    });

  async function loggedInPage(): Promise<{ page: Page; hits: string[] }> {
    const page = await newPage(browser, baseURL);
    const hits: string[] = [];
    await page.addInitScript(() => {
      const w = window as unknown as Record<string, unknown> & { __xssHits: string[] };
      w.__xssHits = [];
      for (const k of ['alert', 'confirm', 'prompt', 'print']) {
        w[k] = (...args: unknown[]) => {
          w.__xssHits.push(`${k}(${String(args[0])}) at ${location.pathname}`);
          return k === 'confirm' ? false : k === 'prompt' ? null : undefined;
        };
      }
      // The CSP (script-src-attr 'none', …) blocks inline code: a blocked attempt means a payload reached the DOM.
      document.addEventListener('securitypolicyviolation', (e) => {
        if (/^(script-src|object-src|frame-src|child-src|base-uri|form-action)/.test(e.effectiveDirective))
          w.__xssHits.push(`CSP blocked ${e.effectiveDirective} ${e.blockedURI} at ${location.pathname}`);
      });
    });
    page.on('dialog', (d) => {
      hits.push(`dialog ${d.type()}: ${d.message()} at ${page.url()}`);
      void d.dismiss();
    });
    page.on('pageerror', (e) => console.info(`[xss-corpus] page error: ${e.message}`));
    await loginAs(page, 'agency');
    await page.waitForURL(/\/admin/);
    return { page, hits };
  }

  const windowHits = (page: Page) => page.evaluate(() => (window as unknown as { __xssHits: string[] }).__xssHits);

  it(`stores ${XSS_CORPUS.length} payloads through the API and none executes on the preview page`, async () => {
    expect(XSS_CORPUS.length).toBeGreaterThanOrEqual(50);
    const ids: [number, string][] = [];
    for (const [i, payload] of XSS_CORPUS.entries()) {
      // Text around the payload keeps each field non-empty after the server's sanitiser.
      const stored = create(`XSS#${i}# ${payload}`, `选项#${i}# ${payload}`, `解析#${i}# ${payload}`);
      // U+0000 and lone surrogates are refused before anything is stored (docs/server.md "Input").
      if (isBadText(payload)) await expect(stored).rejects.toThrow(/ 400 .*U\+0000/);
      else ids.push([i, (await stored).id]);
    }

    const { page, hits } = await loggedInPage();
    const fired: string[] = [];
    for (const [i, id] of ids) {
      const before = hits.length + (await windowHits(page)).length;
      const scan = await openAndScan(page, `/admin/question/preview/${id}`, [`XSS#${i}#`, `选项#${i}#`, `解析#${i}#`]);
      if (!scan.ok) fired.push(`payload ${i}: preview did not render ${scan.missing ?? ''}`);
      const after = [...hits, ...(await windowHits(page))];
      for (const h of after.slice(before)) fired.push(`payload ${i}: ${h}`);
      for (const b of scan.bad) fired.push(`payload ${i}: ${b}`);
      if (i === 0) {
        // The staff panel open and its animation over (CSS transitions are listed by getAnimations while they run).
        await page.waitForFunction(
          () => !!document.querySelector('.ant-collapse-item-active') && document.getAnimations().length === 0,
        );
        await shot(page, 'xss-payload-preview');
      }
    }

    // The list page renders excerpts of the same questions.
    const dialogsBefore = hits.length;
    await page.goto('/admin/question/list');
    await expect.poll(() => page.locator('.ant-table-row').count()).toBeGreaterThan(0);
    // Every image of the excerpts loaded or failed (a failing one would fire an onerror handler had it kept one).
    await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
    for (const h of [...hits.slice(dialogsBefore), ...(await windowHits(page))]) fired.push(`list page: ${h}`);
    const listBad = await page.evaluate(() =>
      Array.from(document.body.querySelectorAll('*')).flatMap((el) =>
        Array.from(el.attributes)
          .filter((a) => a.name.toLowerCase().startsWith('on') || /^\s*javascript:/i.test(a.value))
          .map((a) => `<${el.localName} ${a.name}>`),
      ),
    );
    for (const b of listBad) fired.push(`list page: ${b}`);

    expect(fired, `payloads that executed or left active markup:\n${fired.join('\n')}`).toEqual([]);
    await page.context().close();
  });

  it('the fidelity corpus comes back intact and formulas render with KaTeX', async () => {
    const ids: string[] = [];
    for (const [k, f] of FIDELITY_CORPUS.entries()) ids.push((await create(f.html, `保真#${k}#`, '')).id);

    // Stored HTML: each fragment present once the server's sentence wrappers (span.word) are unwrapped.
    for (const [k, f] of FIDELITY_CORPUS.entries()) {
      const q = await api<{ question: string }>(baseURL, token, 'GET', `/v1/exam/question/${ids[k]}`);
      const stored = q.question.replace(/<span class="word" id="[^"]*">([^<]*)<\/span>/g, '$1');
      for (const m of f.mustContain) expect(stored, `${f.name}: stored HTML`).toContain(m);
    }

    const { page, hits } = await loggedInPage();
    for (const [k, f] of FIDELITY_CORPUS.entries()) {
      const scan = await openAndScan(page, `/admin/question/preview/${ids[k]}`, [`保真#${k}#`]);
      expect(scan, f.name).toEqual({ ok: true, bad: [] });
      // KaTeX loads only for a text with a formula (docs/performance.md "First load"): wait for it to draw.
      const formulas = (<Record<string, number>>{ 'LaTeX formula span': 1, 'LaTeX in dollars': 2 })[f.name];
      if (formulas) await expect.poll(() => page.locator('.question-view > .rich-text .katex').count()).toBe(formulas);
      const dom = await page.evaluate(() => {
        const root = document.querySelector('.question-view > .rich-text')!;
        const count = (sel: string) => root.querySelectorAll(sel).length;
        return {
          text: root.textContent ?? '',
          table: count('table'),
          th: count('th'),
          colspan: root.querySelector('td')?.getAttribute('colspan') ?? null,
          ol: root.querySelector('ol')?.getAttribute('start') ?? null,
          li: count('li'),
          imgs: Array.from(root.querySelectorAll('img')).map((i) => i.getAttribute('src')),
          katex: count('.katex'),
          link: root.querySelector('a')?.getAttribute('href') ?? null,
        };
      });
      switch (f.name) {
        case 'table':
          expect(dom).toMatchObject({ table: 1, th: 2, colspan: '2' });
          expect(dom.text).toContain('apple');
          break;
        case 'lists':
          expect(dom).toMatchObject({ ol: '2', li: 3 });
          expect(dom.text).toContain('第一步');
          break;
        case 'images':
          expect(dom.imgs).toEqual([
            '/v1/files/AbC_d-1',
            'https://cdn.example.com/a.png',
            'data:image/png;base64,iVBORw0KGgo=',
          ]);
          break;
        case 'LaTeX formula span':
          expect(dom.katex).toBe(1);
          expect(dom.text).toContain('求值：');
          break;
        case 'LaTeX in dollars':
          expect(dom.katex).toBe(2);
          expect(dom.text).not.toContain('$');
          break;
        case 'Chinese punctuation':
          expect(dom.text).toContain('“你好！”他说：“今天天气怎么样？”——很好；（真的）《书名》、【注】…');
          break;
        case 'formatting':
          expect(dom.text).toContain('加粗强调下划线删除H2O x2');
          break;
        case 'link':
          expect(dom.link).toBe('https://example.com/doc');
          break;
      }
      if (f.name === 'table' || f.name === 'LaTeX formula span') await shot(page, `xss-fidelity-${k}`);
    }
    expect([...hits, ...(await windowHits(page))]).toEqual([]);
    await page.context().close();
  });
});
