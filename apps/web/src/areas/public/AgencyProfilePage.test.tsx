import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { envelope } from '../../test/fake-api';
import { makeSession, renderApp } from '../../test/render';

describe('/public/agency/{agencyId}/profiles', () => {
  it('shows the agency’s public profile to a visitor', async () => {
    const { session, calls } = await makeSession(null, {
      'GET /v1/public/agency/demo': { id: 'demo', name: '演示机构', profile: '欢迎来到演示机构', logo: 'f9' },
    });
    renderApp(session, ['/public/agency/demo/profiles']);
    expect(await screen.findByText('欢迎来到演示机构')).toBeTruthy();
    expect(screen.getByAltText('演示机构').getAttribute('src')).toBe('/v1/files/f9');
    expect(calls.at(-1)?.headers.Authorization).toBeUndefined();
  });

  it('an unknown agency shows a 404 result', async () => {
    const { session } = await makeSession(null, {
      'GET /v1/public/agency/nope': () => ({ status: 404, json: envelope(null, 404, '请求的资源不存在') }),
    });
    renderApp(session, ['/public/agency/nope/profiles']);
    expect(await screen.findByText('没有找到这个机构')).toBeTruthy();
  });
});
