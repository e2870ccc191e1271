/** /retrievePassword: the ways to recover an account. */
import { Page } from '../../../ui';
import { MenuList } from '../components/MenuList';

export default function RetrievePasswordPage() {
  return (
    <Page title="找回密码" back>
      <div className="mx-auto max-w-md">
        <p className="mb-3 text-sm text-gray-700">请选择需要找回的密码类型：</p>
        <MenuList
          label="找回方式"
          rows={[
            { href: '/forgotPassword', label: '找回登录密码', detail: '手机 / 邮箱 / 密保' },
            { href: '/findSecurityPassword', label: '找回资金密码', detail: '需登录' },
            { href: '/manualVerification', label: '人工验证', detail: '联系客服' },
          ]}
        />
      </div>
    </Page>
  );
}
