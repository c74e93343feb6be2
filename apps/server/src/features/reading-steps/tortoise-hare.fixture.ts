// The reading question the answering-step tests and the browser journey share (docs/reading.md "Answering
// steps"): The Tortoise and the Hare, its paragraphs and sub-questions as a teacher would write them. Plain data
// (no imports), so that e2e/ can use it too.

/** The article's paragraphs; a test takes the first two or all three. */
export const TORTOISE_PARAGRAPHS = [
  '<p>The tortoise was slow, but he was persistent. Every morning he walked to the river and back.</p>',
  '<p>The hare ridiculed him for his slowness. One day the tortoise challenged the hare to a race.</p>',
  '<p>The hare fell asleep under a tree, and the tortoise won the race by steady effort.</p>',
] as const;

export const TORTOISE_ARTICLE = TORTOISE_PARAGRAPHS.join('');

/** The reference translation of the persistent sentence. */
export const PERSISTENT_REFERENCE = '乌龟走得很慢，但是他坚持不懈。';

/** 下面句子中的 “ridiculed” 一词意思是：嘲笑 (A); the explanation's first paragraph is the test's own. */
export const ridiculedChoice = (explanation = '') => ({
  type: 'singleChoice',
  title: '下面句子中的 “ridiculed” 一词意思是：',
  desc: 'The hare ridiculed him for his slowness.',
  options: [
    { key: 'A', content: '嘲笑' },
    { key: 'B', content: '帮助' },
    { key: 'C', content: '等待' },
    { key: 'D', content: '跟随' },
  ],
  answer: ['A'],
  explanation: `${explanation}<p>原文依据：The hare ridiculed him for his slowness.</p>`,
});

/** 翻译：The tortoise was slow, but he was persistent. */
export const persistentTranslation = () => ({
  type: 'translation',
  title: '翻译：The tortoise was slow, but he was persistent.',
  desc: 'The tortoise was slow, but he was persistent.',
  answer: [PERSISTENT_REFERENCE],
});
