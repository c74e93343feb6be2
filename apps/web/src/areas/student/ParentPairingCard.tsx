// 家长绑定 on the student's home: the student's current pairing code (valid 7 days, used once) and a button to
// make a new one, which replaces the old after a confirmation (docs/parents.md "Pairing codes"). Built of antd's
// markup, the app's Button and its confirm dialog: the card is on the student's first load (docs/performance.md
// "Bundle").
import { agencyRole, cstMinutes } from '@edu/contract';
import { App, Button } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { API } from '../../api/routes';
import { errorText } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { useAppConfig, useCall, useUser } from '../../app/session-context';
import { PlainCard, PlainSpace, Text } from '../../components/plain-antd';
import { PAIRING_TEXTS as T } from './pairing-texts';

/** Only for a student of the current agency (the calls' rule); others see nothing. */
export function ParentPairingCard() {
  const { agencyId } = useAppConfig();
  const student = useUser()?.roles.includes(agencyRole('student', agencyId)) ?? false;
  return student ? <PairingCode agencyId={agencyId} /> : null;
}

function PairingCode({ agencyId }: { agencyId: string }) {
  const call = useCall();
  const { modal, message } = App.useApp();
  const key = ['pairing-code', agencyId];
  const current = useQuery({ queryKey: key, queryFn: () => call(API.pairingCodeGet) });
  const make = useApiMutation({
    mutationFn: () => call(API.pairingCodeCreate),
    success: T.generated,
    invalidates: [key],
  });
  const code = current.data ?? null;
  const ask = () =>
    modal.confirm({
      title: T.regenerateConfirm,
      okText: T.ok,
      cancelText: T.cancel,
      onOk: () => make.run(),
    });
  const copy = () =>
    void navigator.clipboard?.writeText(code?.code ?? '').then(
      () => message.success(T.copied),
      () => undefined,
    );
  return (
    <PlainCard title={T.title}>
      <PlainSpace orientation="vertical" style={{ width: '100%' }}>
        <Text type="secondary">{T.intro}</Text>
        {current.isError ? (
          <Text type="danger">{errorText(current.error)}</Text>
        ) : code ? (
          <div>
            <span
              className="ant-typography"
              data-testid="pairing-code"
              style={{ fontSize: 28, letterSpacing: 6, fontFamily: 'monospace' }}
            >
              <strong>{code.code}</strong>
            </span>
            <Button type="link" size="small" onClick={copy}>
              {T.copy}
            </Button>
            <div>
              <Text type="secondary">{T.expires(cstMinutes(code.expiresAt))}</Text>
            </div>
          </div>
        ) : (
          !current.isPending && <Text>{T.none}</Text>
        )}
        <Button
          type={code ? 'default' : 'primary'}
          loading={make.isPending}
          onClick={code ? ask : () => void make.run()}
        >
          {code ? T.regenerate : T.generate}
        </Button>
      </PlainSpace>
    </PlainCard>
  );
}
