import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { PublicTeacherProfile } from '@edu/contract';
import { makeSession, renderApp } from '../../test/render';

const PROFILE: PublicTeacherProfile = {
  id: '7',
  name: '周老师',
  avatar: null,
  subjects: [{ id: 'en', name: '英语' }],
  introduction: '十年英语教学经验',
  agencies: [{ id: 'demo', name: '演示机构' }],
};

describe('public teacher pages', () => {
  it('shows a published profile to a visitor', async () => {
    const s = await makeSession(null, { 'GET /v1/public/teacher/7/profile': PROFILE });
    renderApp(s.session, ['/public/teacher/7/profile']);
    expect(await screen.findByText('十年英语教学经验', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('周老师')).toBeTruthy();
    expect(screen.getByText('英语')).toBeTruthy();
    expect(screen.getByText('演示机构').closest('a')?.getAttribute('href')).toBe('/public/agency/demo/profiles');
  });

  it('says so when the profile is not public', async () => {
    const s = await makeSession(null, {});
    renderApp(s.session, ['/public/teacher/8/profile']);
    expect(await screen.findByText('教师资料不存在或未公开', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it("lists the agency's published teachers under its profile", async () => {
    const s = await makeSession(null, {
      'GET /v1/public/agency/demo': { id: 'demo', name: '演示机构', profile: '简介', logo: null },
      'GET /v1/public/agency/demo/profiles': { total: 1, list: [PROFILE] },
    });
    renderApp(s.session, ['/public/agency/demo/profiles']);
    expect(await screen.findByText('周老师', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('周老师').closest('a')?.getAttribute('href')).toBe('/public/teacher/7/profile');
    expect(screen.getByText('教师介绍')).toBeTruthy();
  });
});
