/** /setSafetyQuestion: two different questions, their answers, confirmed by the safety password. */
import { useSignals } from '@preact/signals-react/runtime';
import { Link, useLocation } from 'wouter';
import { Page, Button, showToast, EmptyState } from '../../../ui';
import { currentUser, refreshUser } from '../../../state/session';
import { setSafetyQuestion } from '../api';
import { PasswordField } from '../../../ui/PasswordField';
import { FormAlert, FormCard } from '../../../ui/FormAlert';
import { useAccountForm } from '../../../ui/form';
import { QuestionAnswers, questionRules, toAnswers } from '../components/QuestionAnswers';

export default function SetSafetyQuestionPage() {
  useSignals();
  const [, navigate] = useLocation();
  const user = currentUser.value;
  const f = useAccountForm(
    { questionId1: '', answer1: '', questionId2: '', answer2: '', safetyPassword: '' },
    () => ({ ...questionRules, safetyPassword: { label: '资金密码', pattern: 'safePassword' } }),
  );

  const submit = f.onSubmit(async () => {
    await setSafetyQuestion(user?.userName ?? '', toAnswers(f.values), f.values.safetyPassword);
    showToast('密保问题设置成功');
    void refreshUser();
    navigate('/securityCenter', { replace: true });
  });

  if (user && !user.hasSafetyPassword) {
    return (
      <Page title="设置密保问题" back="/securityCenter">
        <EmptyState text="设置密保问题需要先设置资金密码" />
        <p className="text-center">
          <Link href="/findSecurityPassword" className="text-brand hover:underline">
            去设置资金密码
          </Link>
        </p>
      </Page>
    );
  }
  return (
    <Page title="设置密保问题" back="/securityCenter">
      <FormCard>
        <form onSubmit={submit} noValidate>
          <QuestionAnswers values={f.values} set={f.set} errors={f.errors} />
          <PasswordField
            label="资金密码"
            name="safetyPassword"
            digits
            value={f.values.safetyPassword}
            onChange={f.set('safetyPassword')}
            error={f.errors.safetyPassword}
          />
          <FormAlert message={f.formError} />
          <Button type="submit" className="w-full" loading={f.busy}>
            确认设置
          </Button>
        </form>
      </FormCard>
    </Page>
  );
}
