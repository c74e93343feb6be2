// admin/user/teacher/{id}/profile: a teacher's profile (name, avatar, subjects, introduction, published), edited
// by the agency's teacher admins or by the teacher, who opens their own page too (docs/users.md "Pages").
import { useEffect } from 'react';
import { Button, Card, Form, Input, Space, Switch } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { TeacherProfile } from '@edu/contract';
import { API } from '../../../api/routes';
import { errorText, isEnvelopeError } from '../../../api/client';
import { fieldErrorsOf, useApiMutation } from '../../../api/mutation';
import { useAppConfig, useCall } from '../../../app/session-context';
import { AllowedLink } from '../../../components/AllowedLink';
import { InitialAvatar } from '../../../components/InitialAvatar';
import { PageSpinner } from '../../../components/PageSpinner';
import { ResultPage } from '../../../components/ResultPage';
import { SubjectSelect } from '../common/DictionarySelect';
import { ImageUploadButtons } from '../common/ImageUploadButtons';
import { PROFILE_TEXTS as P, USER_TEXTS as T } from './texts';

interface ProfileForm {
  name: string;
  avatar: string | null;
  subjectIds: string[];
  introduction: string;
  published: boolean;
}

export const avatarUrl = (id: string) => `/v1/files/${encodeURIComponent(id)}`;

function AvatarField({
  name,
  value,
  onChange,
}: {
  name: string;
  value?: string | null;
  onChange?: (v: string | null) => void;
}) {
  return (
    <Space align="center" wrap>
      {value ? (
        <img
          src={avatarUrl(value)}
          alt={name}
          style={{ width: 64, height: 64, borderRadius: '50%', objectFit: 'cover' }}
        />
      ) : (
        <InitialAvatar name={name} size={64} />
      )}
      <ImageUploadButtons value={value} onChange={onChange} texts={P} />
    </Space>
  );
}

export default function TeacherProfilePage() {
  const { id = '' } = useParams();
  const call = useCall();
  const { agencyId } = useAppConfig();
  const [form] = Form.useForm<ProfileForm>();
  const watchedName = Form.useWatch('name', form);
  const q = useQuery({
    queryKey: ['teacher-profile', agencyId, id],
    queryFn: () => call(API.teacherProfileGet, { params: { id } }),
    retry: false,
  });
  useEffect(() => {
    if (q.data) form.setFieldsValue(q.data);
  }, [q.data, form]);

  const save = useApiMutation({
    mutationFn: (v: ProfileForm) =>
      call(API.teacherProfileSave, {
        params: { id },
        body: {
          request: {
            ...(q.data?.canRename ? { name: v.name.trim() } : {}),
            avatar: v.avatar ?? null,
            subjectIds: v.subjectIds ?? [],
            introduction: v.introduction ?? '',
            published: !!v.published,
          },
        },
      }),
    success: T.saved,
    invalidates: [['teacher-profile'], ['users', 'teacher']],
    onError: (e) => {
      const onFields = fieldErrorsOf(e).map((f) => ({
        name: (f.path.split('.').pop() ?? '') as keyof ProfileForm,
        errors: [f.message],
      }));
      if (onFields.length) form.setFields(onFields);
    },
  });

  if (q.isPending) return <PageSpinner />;
  if (q.isError)
    return isEnvelopeError(q.error, 404) ? (
      <ResultPage status={404} title={P.notFound} />
    ) : (
      <ResultPage status="error" title={errorText(q.error)} />
    );
  const profile: TeacherProfile = q.data;
  const name = watchedName ?? profile.name;
  return (
    <Card
      title={P.title(profile.name)}
      extra={
        <Space wrap>
          {profile.published && (
            <Link to={`/public/teacher/${encodeURIComponent(profile.id)}/profile`} target="_blank">
              {P.viewPublic}
            </Link>
          )}
          <AllowedLink to="/admin/user/teacher/list">{P.back}</AllowedLink>
        </Space>
      }
    >
      <Form
        form={form}
        layout="vertical"
        style={{ maxWidth: 640 }}
        onFinish={(v) => save.mutate(v)}
        initialValues={profile}
      >
        <Form.Item label={P.avatar} name="avatar">
          <AvatarField name={name} />
        </Form.Item>
        <Form.Item
          label={T.fields.name}
          name="name"
          extra={profile.canRename ? undefined : T.renameLocked}
          rules={[
            { required: true, whitespace: true, message: T.rules.nameRequired },
            { max: 40, message: T.rules.nameTooLong },
          ]}
        >
          <Input maxLength={40} disabled={!profile.canRename} />
        </Form.Item>
        <Form.Item label={T.fields.subjects} name="subjectIds">
          <SubjectSelect mode="multiple" />
        </Form.Item>
        <Form.Item
          label={P.introduction}
          name="introduction"
          // Room on the right for the character count drawn over the help's first line.
          extra={<div style={{ paddingRight: 88 }}>{P.introductionHelp}</div>}
          rules={[{ max: 2000, message: P.introductionHelp }]}
        >
          <Input.TextArea rows={6} showCount maxLength={2000} />
        </Form.Item>
        <Form.Item label={P.published} name="published" valuePropName="checked" extra={P.publishedHelp}>
          <Switch />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {T.save}
        </Button>
      </Form>
    </Card>
  );
}
