// admin/knowledgraph/item/:id/modify: an item's description and resources (schemes, questions, a video link)
// that the student sees when opening the item; the bounds are the contract's (GraphResources).
import { useEffect } from 'react';
import { Button, Form, Input, Select } from 'antd';
import { Link, useParams } from 'react-router';
import { GRAPH_MAX_QUESTION_RESOURCES, GRAPH_MAX_SCHEME_RESOURCES, type GraphItem } from '@edu/contract';
import { API } from '../../../api/routes';
import { useApiMutation } from '../../../api/mutation';
import { GRAPH_KEY, useGraphItem } from '../../../components/knowledge-graph/queries';
import { useCall } from '../../../app/session-context';
import { useUnsavedGuard } from '../../../components/useUnsavedGuard';
import { showFieldErrors } from '../common/field-errors';
import { GraphPageCard } from './GraphPageCard';
import { graphItemsPath } from './paths';
import { GRAPH_TEXTS } from './texts';

const T = GRAPH_TEXTS.item;

interface ItemForm {
  description: string;
  schemeIds: string[];
  questionIds: string[];
  videoUrl: string;
}
const FIELDS = new Set(['description', 'schemeIds', 'questionIds', 'videoUrl']);

const idsRule = (max: number, tooMany: string) => ({
  validator: (_: unknown, ids: string[] | undefined) => {
    const list = ids ?? [];
    if (list.length > max) return Promise.reject(new Error(tooMany));
    const bad = list.find((v) => v.trim().length === 0 || v.length > 64);
    return bad === undefined ? Promise.resolve() : Promise.reject(new Error(T.badId(bad)));
  },
});

const formOf = (i: GraphItem): ItemForm => ({
  description: i.description,
  schemeIds: i.resources.schemeIds,
  questionIds: i.resources.questionIds,
  videoUrl: i.resources.videoUrl ?? '',
});

/** Whether the form's values differ from the stored item's (fields not drawn yet count as unchanged). */
function changed(v: Partial<ItemForm>, stored: ItemForm): boolean {
  const same = (k: keyof ItemForm) => v[k] === undefined || JSON.stringify(v[k]) === JSON.stringify(stored[k]);
  return !(['description', 'schemeIds', 'questionIds', 'videoUrl'] as const).every(same);
}

export default function ItemModifyPage() {
  const { id = '' } = useParams();
  const call = useCall();
  const item = useGraphItem(id);
  const [form] = Form.useForm<ItemForm>();
  const i = item.data;
  // Leaving with the form changed and not saved asks first (docs/web.md "Unsaved changes").
  const values = Form.useWatch([], form) as Partial<ItemForm> | undefined;
  const guard = useUnsavedGuard(!!i && !!values && changed(values, formOf(i)));

  useEffect(() => {
    if (i) form.setFieldsValue(formOf(i));
  }, [i, form]);

  const save = useApiMutation({
    mutationFn: (v: ItemForm) =>
      call(API.graphItemUpdate, {
        params: { id },
        body: {
          request: {
            description: (v.description ?? '').trim(),
            resources: {
              schemeIds: (v.schemeIds ?? []).map((s) => s.trim()),
              questionIds: (v.questionIds ?? []).map((s) => s.trim()),
              videoUrl: (v.videoUrl ?? '').trim() || null,
            },
          },
        },
      }),
    success: T.saved,
    invalidates: [[GRAPH_KEY]],
    onSuccess: () => guard.release(),
    onError: (e) => showFieldErrors(form, e, FIELDS),
  });

  return (
    <GraphPageCard
      title={T.title(i?.knowledgeName ?? '')}
      query={item}
      extra={i && <Link to={graphItemsPath(i.groupId)}>{T.toEditor}</Link>}
    >
      <Form<ItemForm> form={form} layout="vertical" onFinish={(v) => save.mutate(v)} style={{ maxWidth: 640 }}>
        <Form.Item
          label={T.description}
          name="description"
          extra={T.descriptionHint}
          rules={[{ max: 500, message: T.descriptionTooLong }]}
        >
          <Input.TextArea rows={4} showCount maxLength={520} />
        </Form.Item>
        <Form.Item
          label={T.schemes}
          name="schemeIds"
          extra={T.schemesHint}
          rules={[idsRule(GRAPH_MAX_SCHEME_RESOURCES, T.schemesTooMany)]}
        >
          <Select mode="tags" aria-label={T.schemes} open={false} tokenSeparators={[',', '，', ' ']} />
        </Form.Item>
        <Form.Item
          label={T.questions}
          name="questionIds"
          extra={T.questionsHint}
          rules={[idsRule(GRAPH_MAX_QUESTION_RESOURCES, T.questionsTooMany)]}
        >
          <Select mode="tags" aria-label={T.questions} open={false} tokenSeparators={[',', '，', ' ']} />
        </Form.Item>
        <Form.Item
          label={T.video}
          name="videoUrl"
          extra={T.videoHint}
          rules={[
            { max: 500, message: T.videoTooLong },
            { pattern: /^(https?:\/\/\S+)?$/i, message: T.videoBad },
          ]}
        >
          <Input placeholder="https://" inputMode="url" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {GRAPH_TEXTS.save}
        </Button>
      </Form>
    </GraphPageCard>
  );
}
