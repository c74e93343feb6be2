// The login page's 忘记密码 (how each kind of user gets a new password) and 家长注册 (sign up with a child's pairing
// code, docs/parents.md "Signing up with a code"). The dialogs load on the first press: the login page is on every
// first load.
import { lazy, Suspense, useState } from 'react';
import { Button, Space } from 'antd';
import { LOGIN_HELP_TEXTS as T } from './login-texts';

const ForgotPasswordModal = lazy(() => import('./ForgotPasswordModal'));
const ParentSignupModal = lazy(() => import('./ParentSignupModal'));

export function LoginHelp() {
  const [open, setOpen] = useState<'forgot' | 'signup' | null>(null);
  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginTop: 8 }}>
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpen('forgot')}>
          {T.forgot}
        </Button>
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpen('signup')}>
          {T.signup}
        </Button>
      </Space>
      <Suspense fallback={null}>
        {open === 'forgot' && <ForgotPasswordModal onClose={() => setOpen(null)} />}
        {open === 'signup' && <ParentSignupModal onClose={() => setOpen(null)} />}
      </Suspense>
    </>
  );
}
