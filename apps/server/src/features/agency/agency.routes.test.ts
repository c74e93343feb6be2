// API tests of agency management (platform admins) and the public agency profile.
import { Agency, pageOf, PublicAgency } from '@edu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, expectOk, type TestApp, anyString } from '../../test/test-app.js';
import { SAMPLE_IMAGES } from '../../test/images.js';

let t: TestApp;
let admin: string;
let agencyAdmin: string;

const PNG = SAMPLE_IMAGES['image/png'];
const AgencyPage = pageOf(Agency);

beforeAll(async () => {
  t = await createTestApp();
  [admin, agencyAdmin] = await Promise.all([t.login('admin'), t.login('agency')]);
});
afterAll(() => t.close());

const put = (request: unknown, token = admin) => t.call('PUT', '/v1/agency', { token, body: { request } });
const post = (id: string, request: unknown, token = admin) =>
  t.call('POST', `/v1/agency/${id}`, { token, body: { request } });

describe('GET /v1/agencies', () => {
  it('pages the agencies in a stable order', async () => {
    const page = AgencyPage.parse(expectOk(await t.call('GET', '/v1/agencies', { token: admin })));
    expect(page.total).toBe(2);
    expect(page.list.map((a) => [a.id, a.name])).toEqual([
      ['demo', '演示机构'],
      ['other', '其他机构'],
    ]);
    const second = AgencyPage.parse(expectOk(await t.call('GET', '/v1/agencies?start=1&size=1', { token: admin })));
    expect(second).toMatchObject({ total: 2, list: [{ id: 'other' }] });
  });

  it('filters by keyword on id and name', async () => {
    expect(
      AgencyPage.parse(
        expectOk(await t.call('GET', `/v1/agencies?keyword=${encodeURIComponent('演示')}`, { token: admin })),
      ).list.map((a) => a.id),
    ).toEqual(['demo']);
    expect(
      AgencyPage.parse(expectOk(await t.call('GET', '/v1/agencies?keyword=oth', { token: admin }))).list.map(
        (a) => a.id,
      ),
    ).toEqual(['other']);
    expect(AgencyPage.parse(expectOk(await t.call('GET', '/v1/agencies?keyword=%25', { token: admin }))).total).toBe(0);
  });

  it('answers 400 for bad paging and 403 for an agency admin', async () => {
    const r = await t.call('GET', '/v1/agencies?size=500', { token: admin });
    expectError(r, 400);
    expect(r.body.response).toEqual({ fields: [{ path: 'size', message: anyString() }] });
    expectError(await t.call('GET', '/v1/agencies', { token: agencyAdmin }), 403);
  });
});

describe('PUT /v1/agency and POST /v1/agency/:id', () => {
  it('creates an agency with a slug id, then edits it', async () => {
    const created = Agency.parse(
      expectOk(await put({ id: 'north-school', name: '北方学校', domain: 'North.Example.com', profile: '简介' })),
    );
    expect(created).toMatchObject({
      id: 'north-school',
      name: '北方学校',
      domain: 'north.example.com',
      profile: '简介',
      logo: null,
    });
    expect(created.createTime).toBe(t.clock.now());

    const upload = await t.app.inject({
      method: 'PUT',
      url: '/v1/files',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'image/png' },
      payload: PNG,
    });
    const logo = upload.json<{ response: { id: string } }>().response.id;
    t.clock.advance(1000);
    const edited = Agency.parse(expectOk(await post('north-school', { name: '北方学校（总部）', logo, domain: null })));
    expect(edited).toMatchObject({
      name: '北方学校（总部）',
      logo,
      domain: null,
      profile: '简介',
      lastUpdate: created.createTime + 1000,
    });
    expect(Agency.parse(expectOk(await t.call('GET', '/v1/agency/north-school', { token: admin })))).toEqual(edited);
  });

  it('answers 409 for an existing id or a domain in use, and changes nothing', async () => {
    const dup = await put({ id: 'demo', name: '重复' });
    expectError(dup, 409);
    expect(dup.body.errmsg).toContain('demo');
    expectOk(await put({ id: 'east', name: '东方', domain: 'east.example.com' }));
    expectError(await put({ id: 'west', name: '西方', domain: 'east.example.com' }), 409);
    expectError(await post('demo', { name: '演示机构', domain: 'EAST.example.com' }), 409);
    expect(
      expectOk(await t.call<{ name: string; domain: string | null }>('GET', '/v1/agency/demo', { token: admin })),
    ).toMatchObject({ name: '演示机构', domain: null });
    expectError(await t.call('GET', '/v1/agency/west', { token: admin }), 404);
  });

  it('answers 400 naming the fields and creates nothing', async () => {
    const r = await put({ id: 'Bad Id', name: '', domain: 'not a domain' });
    expectError(r, 400);
    expect((r.body.response as { fields: { path: string }[] }).fields.map((f) => f.path).sort()).toEqual([
      'request.domain',
      'request.id',
      'request.name',
    ]);
    const logo = await post('demo', { name: '演示机构', logo: 'no-such-file' });
    expectError(logo, 400);
    expect(logo.body.response).toEqual({ fields: [{ path: 'request.logo', message: anyString() }] });
    expect(
      AgencyPage.parse(expectOk(await t.call('GET', '/v1/agencies?size=200', { token: admin }))).list.some((a) =>
        a.id.startsWith('bad'),
      ),
    ).toBe(false);
  });

  it('answers 404 for an unknown agency and 403 for an agency admin', async () => {
    expectError(await t.call('GET', '/v1/agency/nowhere', { token: admin }), 404);
    expectError(await post('nowhere', { name: 'x' }), 404);
    expectError(await put({ id: 'mine', name: '我的' }, agencyAdmin), 403);
    expectError(await post('demo', { name: 'x' }, agencyAdmin), 403);
    expectError(await t.call('GET', '/v1/agency/demo', { token: agencyAdmin }), 403);
  });
});

describe('GET /v1/public/agency/:agencyId', () => {
  it('answers the public profile without a login, and nothing more', async () => {
    const r = expectOk(await t.call('GET', '/v1/public/agency/demo'));
    expect(PublicAgency.strict().parse(r)).toMatchObject({ id: 'demo', name: '演示机构' });
    expectError(await t.call('GET', '/v1/public/agency/nowhere'), 404);
    expectError(await t.call('GET', '/v1/public/agency/NO'), 400);
  });
});
