// /admin/recitation/create and /admin/recitation/:id/edit (docs/recitation.md): title and text; the sentences as
// `sentenceSpans` splits them (docs/product.md §9 separators), each with an optional image (uploaded through
// /v1/files) and description; a preview of the sheet and its export as PNGs, one a page (docs/recitation.md "Pages").
// Work not saved is kept in the tab and restored on the way back (recitation-draft.ts), and leaving asks first
// (docs/recitation.md "Unsaved work").
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Col, Empty, Form, Input, List, Row, Space, Spin, Typography } from 'antd';
import { DeleteOutlined, EyeOutlined, PictureOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import {
  RECITATION_DESC_MAX,
  RECITATION_SENTENCE_PREFIX,
  RECITATION_TEXT_MAX,
  RECITATION_TITLE_MAX,
  sentenceSpans,
  type Recitation,
  type RecitationImageLink,
} from '@edu/contract';
import { API } from '../../../api/routes';
import { useApiMutation } from '../../../api/mutation';
import { errorText } from '../../../api/client';
import { useImageUpload } from '../../../app/image-upload';
import { useAppConfig, useCall } from '../../../app/session-context';
import { useUnsavedGuard } from '../../../components/useUnsavedGuard';
import { RECITATION_LIST_PATH, recitationEditPath } from '../../../components/recitation/paths';
import { RECITATION_KEY, useRecitation } from '../../../components/recitation/queries';
import { dropDraft, keepDraft, readDraft } from './recitation-draft';
import { SheetExportButton } from './SheetExportButton';
import { SheetPreview } from './SheetPreview';
import { RECITATION_TEXTS } from '../../../components/recitation/texts';

const T = RECITATION_TEXTS.editor;
const fileUrl = (id: string) => `/v1/files/${encodeURIComponent(id)}`;
const linkMap = (links: readonly RecitationImageLink[]) => new Map(links.map((l) => [l.value, l]));
/** What 保存 sends, as a key: equal keys, nothing to save. */
const savedKey = (title: string, text: string, images: readonly RecitationImageLink[]) =>
  JSON.stringify([title, text, [...images].sort((a, b) => a.value.localeCompare(b.value))]);

export default function RecitationEditorPage() {
  const { id } = useParams();
  const loaded = useRecitation(id);
  if (id && loaded.isPending) return <Spin />;
  if (id && loaded.isError)
    return <Alert type="error" showIcon message={T.notFound} description={errorText(loaded.error)} />;
  return <RecitationEditor key={id ?? 'new'} initial={loaded.data} />;
}

export function RecitationEditor({ initial }: { initial?: Recitation }) {
  const call = useCall();
  const navigate = useNavigate();
  const { agencyId } = useAppConfig();
  const id = initial?.id;
  const base = initial?.updatedAt ?? null;
  // Work not saved on an earlier visit (a trip to 文本比对, a reload): taken up where it was left.
  const [kept] = useState(() => readDraft(agencyId, id, base));
  const [restored, setRestored] = useState(kept !== null);
  const [title, setTitle] = useState(kept?.title ?? initial?.title ?? '');
  const [text, setText] = useState(kept?.text ?? initial?.text ?? '');
  const [links, setLinks] = useState(() => linkMap(kept?.links ?? initial?.images ?? []));
  const [preview, setPreview] = useState(false);
  const sentences = useMemo(() => sentenceSpans(text, RECITATION_SENTENCE_PREFIX), [text]);
  // Only links whose sentence is still in the text are kept (an edited sentence gets a new id).
  const images = sentences.flatMap((s) => {
    const l = links.get(s.id);
    return l?.img ? [l] : [];
  });
  const target = useRef<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [saved, setSaved] = useState(() => savedKey(initial?.title ?? '', initial?.text ?? '', initial?.images ?? []));
  const dirty = savedKey(title, text, images) !== saved;
  const guard = useUnsavedGuard(dirty, { content: T.keptNote });
  useEffect(() => {
    if (dirty) keepDraft(agencyId, id, { title, text, links: [...links.values()], base });
    else dropDraft(agencyId, id);
  }, [dirty, title, text, links, agencyId, id, base]);
  const discard = () => {
    setTitle(initial?.title ?? '');
    setText(initial?.text ?? '');
    setLinks(linkMap(initial?.images ?? []));
    setRestored(false);
  };

  const setLink = (sid: string, change: Partial<RecitationImageLink> | null) =>
    setLinks((m) => {
      const next = new Map(m);
      if (change === null) next.delete(sid);
      else next.set(sid, { value: sid, img: '', desc: '', ...m.get(sid), ...change });
      return next;
    });
  const upload = useImageUpload({
    onUploaded: (f) => {
      if (target.current) setLink(target.current, { img: fileUrl(f.id) });
    },
  });
  const pick = (sid: string) => {
    target.current = sid;
    fileInput.current?.click();
  };

  const save = useApiMutation({
    mutationFn: (request: { title: string; text: string; images: RecitationImageLink[] }) =>
      initial
        ? call(API.recitationUpdate, { params: { id: initial.id }, body: { request } })
        : call(API.recitationCreate, { body: { request } }),
    success: initial ? T.saved : T.created,
    invalidates: [[RECITATION_KEY]],
    onSuccess: (r, request) => {
      dropDraft(agencyId, id);
      setSaved(savedKey(request.title, request.text, request.images));
      setRestored(false);
      if (!initial) {
        guard.release();
        void navigate(recitationEditPath(r.id), { replace: true });
      }
    },
  });

  return (
    <Card
      title={initial ? T.editTitle : T.createTitle}
      extra={<Button onClick={() => navigate(RECITATION_LIST_PATH)}>{T.back}</Button>}
    >
      <Row gutter={[24, 16]}>
        <Col xs={24} lg={11}>
          {restored && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              title={T.restored}
              action={
                <Button size="small" onClick={discard}>
                  {T.discard}
                </Button>
              }
            />
          )}
          <Form layout="vertical" onFinish={() => save.mutate({ title, text, images })}>
            <Form.Item label={T.titleLabel} required>
              <Input
                value={title}
                maxLength={RECITATION_TITLE_MAX}
                placeholder={T.titlePlaceholder}
                onChange={(e) => setTitle(e.target.value)}
              />
            </Form.Item>
            <Form.Item label={T.textLabel} required>
              <Input.TextArea
                aria-label={T.textLabel}
                value={text}
                rows={10}
                showCount
                maxLength={RECITATION_TEXT_MAX}
                placeholder={T.textPlaceholder}
                onChange={(e) => setText(e.target.value)}
              />
            </Form.Item>
            <Space wrap>
              <Button
                type="primary"
                htmlType="submit"
                loading={save.isPending}
                disabled={!title.trim() || !text.trim()}
              >
                {T.save}
              </Button>
              <Button icon={<EyeOutlined />} onClick={() => setPreview((p) => !p)} disabled={sentences.length === 0}>
                {T.preview}
              </Button>
              <SheetExportButton sheet={{ title, sentences, images }} />
            </Space>
          </Form>
        </Col>
        <Col xs={24} lg={13}>
          <input
            ref={fileInput}
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            hidden
            data-testid="sentence-image-input"
            onChange={(e) => {
              const f = e.target.files?.[0];
              if (f) upload.upload(f);
              e.target.value = '';
            }}
          />
          {preview ? (
            <SheetPreview sheet={{ title, sentences, images }} />
          ) : (
            <>
              <Typography.Title level={5}>{T.sentences(sentences.length)}</Typography.Title>
              {sentences.length === 0 ? (
                <Empty description={T.noSentences} />
              ) : (
                <List
                  size="small"
                  bordered
                  dataSource={sentences}
                  renderItem={(s, i) => {
                    const l = links.get(s.id);
                    return (
                      <List.Item key={s.id} data-testid="sentence-row">
                        <Space orientation="vertical" style={{ width: '100%' }} size={4}>
                          <Space wrap align="start" style={{ justifyContent: 'space-between', width: '100%' }}>
                            <Typography.Text>
                              <Typography.Text type="secondary">{i + 1}. </Typography.Text>
                              {s.text}
                            </Typography.Text>
                            <Space size={0}>
                              <Button
                                size="small"
                                type="link"
                                icon={<PictureOutlined />}
                                loading={upload.isPending && target.current === s.id}
                                onClick={() => pick(s.id)}
                              >
                                {l?.img ? T.replace : T.attach}
                              </Button>
                              {l && (
                                <Button
                                  size="small"
                                  type="link"
                                  danger
                                  aria-label={T.removeImage}
                                  icon={<DeleteOutlined />}
                                  onClick={() => setLink(s.id, null)}
                                />
                              )}
                            </Space>
                          </Space>
                          {l?.img && (
                            <Space wrap align="start">
                              <img src={l.img} alt={T.imageOf(i + 1)} style={{ maxWidth: 120, maxHeight: 80 }} />
                              <Input
                                size="small"
                                value={l.desc}
                                maxLength={RECITATION_DESC_MAX}
                                placeholder={T.descPlaceholder}
                                onChange={(e) => setLink(s.id, { desc: e.target.value })}
                                style={{ width: 220, maxWidth: '100%' }}
                              />
                            </Space>
                          )}
                        </Space>
                      </List.Item>
                    );
                  }}
                />
              )}
            </>
          )}
        </Col>
      </Row>
    </Card>
  );
}
