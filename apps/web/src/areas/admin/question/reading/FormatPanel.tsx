// 格式化文章 in the enReading editor (docs/web.md "AI reading"): the article formatted for a level by
// POST /v1/reading/format, the out-of-scope words highlighted with their glosses, and a glossary the teacher edits
// by ticking a word (or typing one); every change of level or glossary formats again. Its state may be held by the
// page (format-session.ts) so that it outlives the question form.
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Checkbox, Empty, Select, Space, Spin, Tag, Typography } from 'antd';
import { READING_ARTICLE_MAX, READING_GLOSSARY_MAX, READING_LEVEL_LABELS, type OutScopeWord } from '@edu/contract';
import { errorText } from '../../../../api/client';
import { useReadingFormat, type FormatArgs } from './queries';
import { htmlToText } from '../../../../components/rich-text/sanitize';
import { useFormatSession, type FormatSession } from './format-session';
import { FormattedArticle, glossText } from './FormattedArticle';
import { normaliseGlossary } from './highlight';
import { LevelSelect } from './LevelSelect';
import { READING_TEXTS } from './texts';
import './reading.css';

const T = READING_TEXTS.format;

/** What is sent as the article: the editor's HTML, or its text when the HTML is longer than a request may be. */
export function articleToSend(html: string): { article: string } | { error: string } {
  const text = htmlToText(html).trim();
  if (!text) return { error: T.emptyArticle };
  if (html.length <= READING_ARTICLE_MAX) return { article: html };
  if (text.length <= READING_ARTICLE_MAX) return { article: text };
  return { error: T.tooLong(READING_ARTICLE_MAX) };
}

export interface FormatPanelProps {
  /** The article as the editor holds it (HTML). */
  article: string;
  /** The panel's state when the page keeps it (the edit page); else the panel's own. */
  session?: FormatSession;
}

export function FormatPanel({ article, session }: FormatPanelProps) {
  const own = useFormatSession();
  const { level, glossary, sent, seen, update, remember } = session ?? own;
  const [problem, setProblem] = useState<string | null>(null);
  const args: FormatArgs | null = sent === null ? null : { article: sent, level, glossary };
  const format = useReadingFormat(args);
  useEffect(() => {
    if (format.data) remember(format.data.outScopeWords);
  }, [format.data, remember]);

  const toSend = useMemo(() => articleToSend(article), [article]);
  function run() {
    if ('error' in toSend) {
      setProblem(toSend.error);
      return;
    }
    setProblem(null);
    update({ sent: toSend.article });
    if (toSend.article === sent) void format.refetch();
  }

  function changeGlossary(next: string[]) {
    const words = normaliseGlossary(next);
    if (words.length > READING_GLOSSARY_MAX) return setProblem(T.glossaryFull(READING_GLOSSARY_MAX));
    if (words.some((w) => w.length > 64)) return setProblem(T.glossaryWordTooLong);
    setProblem(null);
    update({ glossary: words });
  }

  const inGlossary = useMemo(() => new Set(glossary.map((w) => w.toLowerCase())), [glossary]);
  const toggle = (w: OutScopeWord, on: boolean) =>
    changeGlossary(on ? [...glossary, w.lemma] : glossary.filter((g) => g.toLowerCase() !== w.lemma.toLowerCase()));
  const result = format.data;
  // The rows: the words now out of scope, then those the teacher moved into the glossary.
  const rows = useMemo(() => {
    const current = result?.outScopeWords ?? [];
    const listed = new Set(current.map((w) => w.lemma));
    const moved = [...seen.values()].filter((w) => !listed.has(w.lemma) && inGlossary.has(w.lemma.toLowerCase()));
    return [...current, ...moved];
  }, [result, seen, inGlossary]);
  const changed = sent !== null && 'article' in toSend && toSend.article !== sent;

  return (
    <Card size="small" title={T.title} className="reading-format-panel" style={{ marginBottom: 24 }}>
      <Space orientation="vertical" style={{ width: '100%' }} size={12}>
        <Typography.Text type="secondary">{T.hint}</Typography.Text>
        <Space wrap align="end">
          <LevelSelect value={level} onChange={(v) => update({ level: v })} />
          <Button type="primary" onClick={run} loading={format.isFetching}>
            {sent === null ? T.run : T.rerun}
          </Button>
        </Space>
        <div>
          <div>{T.glossary}</div>
          <Select
            mode="tags"
            aria-label={T.glossary}
            style={{ width: '100%' }}
            placeholder={T.glossaryPlaceholder}
            value={glossary}
            open={false}
            tokenSeparators={[',', '，', ' ']}
            onChange={changeGlossary}
          />
        </div>
        {problem && <Alert type="warning" showIcon title={problem} />}
        {format.isError && <Alert type="error" showIcon title={T.failed} description={errorText(format.error)} />}
        {changed && <Alert type="info" showIcon title={T.stale} />}
        {result && (
          <Spin spinning={format.isFetching}>
            <Space orientation="vertical" style={{ width: '100%' }} size={12}>
              <Typography.Text strong>
                {T.result} · {READING_LEVEL_LABELS[result.level]} · {T.outScope(result.outScopeWords.length)}
              </Typography.Text>
              <FormattedArticle html={result.formatResult} words={result.outScopeWords} />
              <div>
                <Typography.Text strong>{T.words}</Typography.Text>
                {rows.length === 0 ? (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.noOutScope} />
                ) : (
                  <div className="reading-words" role="list" aria-label={T.words}>
                    {rows.map((w) => {
                      const on = inGlossary.has(w.lemma.toLowerCase());
                      return (
                        <span key={w.lemma} className="reading-word-row" role="listitem">
                          <Checkbox
                            checked={on}
                            aria-label={`${T.inGlossary} ${w.lemma}`}
                            onChange={(e) => toggle(w, e.target.checked)}
                          >
                            {w.lemma}
                          </Checkbox>
                          <span className="reading-word-gloss" title={glossText(w)}>
                            {w.gloss || T.noGloss}
                          </span>
                        </span>
                      );
                    })}
                  </div>
                )}
              </div>
              {result.unknownWords && result.unknownWords.length > 0 && (
                <div className="reading-unknown-words">
                  <Typography.Text strong>{T.unknownWords(result.unknownWords.length)}</Typography.Text>
                  <div>
                    <Typography.Text type="secondary">{T.unknownHint}</Typography.Text>
                  </div>
                  <div role="list" aria-label={T.unknownWords(result.unknownWords.length)}>
                    {result.unknownWords.map((w) => (
                      <Tag key={w.word} role="listitem" title={w.forms.join('、')}>
                        {w.forms[0] ?? w.word}
                      </Tag>
                    ))}
                  </div>
                </div>
              )}
            </Space>
          </Spin>
        )}
      </Space>
    </Card>
  );
}
