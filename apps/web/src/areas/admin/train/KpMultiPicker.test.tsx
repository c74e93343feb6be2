// The knowledge pickers wait for the tree with a loading state (the tree is a query of its own, not loaded at
// start-up), then offer its points.
import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders, createQueryClient } from '../../../app/providers';
import { SessionContext } from '../../../app/session-context';
import { envelope } from '../../../test/fake-api';
import { KP_TREE, loginInfo } from '../../../test/fixtures';
import { makeSession } from '../../../test/render';
import { KpMultiPicker } from './KpMultiPicker';

describe('KpMultiPicker', () => {
  it('shows a loading state until the knowledge tree has come', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((r) => (answer = r));
    const { session } = await makeSession(loginInfo(['edu:agency:demo:admin']), {
      'GET /v1/exam/question/knowledgepoints/tree': async () => {
        await answered;
        return { json: envelope(KP_TREE) };
      },
    });
    const { container } = render(
      <AppProviders queryClient={createQueryClient()}>
        <SessionContext.Provider value={session}>
          <KpMultiPicker label="知识点范围" placeholder="选择知识点" value={['en.g7']} onChange={() => {}} />
        </SessionContext.Provider>
      </AppProviders>,
    );
    await waitFor(() => expect(container.querySelector('.anticon-loading')).not.toBeNull());
    // Until then the chosen code shows as itself; then by its name.
    expect(container.textContent).toContain('en.g7');
    answer();
    await waitFor(() => expect(container.querySelector('.anticon-loading')).toBeNull());
    expect(container.textContent).toContain('七年级');
  });
});
