// 家长绑定 on the student's home: the student's current pairing code (valid 7 days, used once) and a button to
// make a new one, which replaces the old after a confirmation (docs/parents.md "Pairing codes").
import { Button, Card, Popconfirm, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { API } from '../../api/routes';
import { errorText } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { useAppConfig, useCall, useUser } from '../../app/session-context';
import { PAIRING_TEXTS as T } from './pairing-texts';

/** Only for a student of the current agency (the calls' rule); others see nothing. */
export function ParentPairingCard() {
  const { agencyId } = useAppConfig();
  const student = useUser()?.roles.includes(`edu:agency:${agencyId}:student`) ?? false;
  return student ? <PairingCode agencyId={agencyId} /> : null;
}

function PairingCode({ agencyId }: { agencyId: string }) {
  const call = useCall();
  const key = ['pairing-code', agencyId];
  const current = useQuery({ queryKey: key, queryFn: () => call(API.pairingCodeGet) });
  const make = useApiMutation({
    mutationFn: () => call(API.pairingCodeCreate),
    success: T.generated,
    invalidates: [key],
  });
  const code = current.data ?? null;
  const button = (
    <Button
      type={code ? 'default' : 'primary'}
      loading={make.isPending}
      onClick={code ? undefined : () => void make.run()}
    >
      {code ? T.regenerate : T.generate}
    </Button>
  );
  return (
    <Card title={T.title} size="small">
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{T.intro}</Typography.Text>
        {current.isError ? (
          <Typography.Text type="danger">{errorText(current.error)}</Typography.Text>
        ) : code ? (
          <div>
            <Typography.Text
              strong
              copyable
              data-testid="pairing-code"
              style={{ fontSize: 28, letterSpacing: 6, fontFamily: 'monospace' }}
            >
              {code.code}
            </Typography.Text>
            <div>
              <Typography.Text type="secondary">
                {T.expires(dayjs(code.expiresAt).format('YYYY-MM-DD HH:mm'))}
              </Typography.Text>
            </div>
          </div>
        ) : (
          !current.isPending && <Typography.Text>{T.none}</Typography.Text>
        )}
        {code ? (
          <Popconfirm title={T.regenerateConfirm} okText={T.ok} cancelText={T.cancel} onConfirm={() => make.run()}>
            {button}
          </Popconfirm>
        ) : (
          button
        )}
      </Space>
    </Card>
  );
}
