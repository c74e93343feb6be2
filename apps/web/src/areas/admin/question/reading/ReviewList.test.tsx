// The review list shows a generated item's text as text: entities left in it are decoded (issue 29: teachers saw
// `Tom &amp; Jerry`), in the list and in the edit form.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { decodeEntities } from './entities';
import { ReviewList } from './ReviewList';
import { readingQuestion, readingSession, renderWith, sub } from './reading-test-kit';

describe('decodeEntities', () => {
  it('decodes named and numeric entities and leaves other text alone', () => {
    expect(decodeEntities('Tom &amp; Jerry: 3 &lt; 5 &gt; 1, &quot;hi&quot; &#39;x&#x27; &amp;amp;')).toBe(
      `Tom & Jerry: 3 < 5 > 1, "hi" 'x' &amp;`,
    );
    expect(decodeEntities('R&D & more &unknown; &#0;')).toBe('R&D & more &unknown; &#0;');
  });
});

describe('待审核的小题', () => {
  it('shows Tom & Jerry, not Tom &amp; Jerry, in the list and in the edit form', async () => {
    const question = readingQuestion(1, [
      sub('s1', { title: 'Who are Tom &amp; Jerry?', desc: '3 &lt; 5 in the story.' }),
    ]);
    const { session } = await readingSession({});
    renderWith(session, <ReviewList question={question} disabled={false} />);
    expect(screen.getByText('Who are Tom & Jerry?')).toBeTruthy();
    expect(screen.getByText('3 < 5 in the story.')).toBeTruthy();
    expect(screen.queryByText(/&amp;|&lt;/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /编\s*辑/ }));
    await waitFor(() => expect(screen.getByLabelText<HTMLTextAreaElement>('题干').value).toBe('Who are Tom & Jerry?'));
    expect(screen.getByLabelText<HTMLInputElement>('说明').value).toBe('3 < 5 in the story.');
  });
});
