/**
 * /verifyQuestion?userName=: answer two security questions → reset token → /setLoginPassword.
 * The server does not reveal which questions a user chose (forgetPassword with verifyType=question
 * only checks answers), so the player picks the two questions from the list and answers them.
 */
import { useLocation } from 'wouter';
import { Page, TextField, Button } from '../../../ui';
import { forgetPassword } from '../api';
import { FormAlert, FormCard } from '../../../ui/FormAlert';
import { useAccountForm } from '../../../ui/form';
import { useQueryParam } from '../components/nav';
import { QuestionAnswers, questionRules, toAnswers } from '../components/QuestionAnswers';

export default function VerifyQuestionPage() {
  const [, navigate] = useLocation();
  const fromQuery = useQueryParam('userName');
  const f = useAccountForm(
    { userName: fromQuery, questionId1: '', answer1: '', questionId2: '', answer2: '' },
    () => ({ userName: { pattern: 'userName' }, ...questionRules }),
  );

  const submit = f.onSubmit(async () => {
    const name = f.values.userName;
    const { resetToken } = await forgetPassword(name, {
      verifyType: 'question',
      ...toAnswers(f.values),
    });
    navigate(
      `/setLoginPassword?token=${encodeURIComponent(resetToken)}&userName=${encodeURIComponent(name)}`,
    );
  });

  return (
    <Page title="密保验证" back="/forgotPassword">
      <FormCard>
        <form onSubmit={submit} noValidate>
          <TextField
            label="用户名"
            name="userName"
            value={f.values.userName}
            onChange={f.set('userName')}
            error={f.errors.userName}
            autoComplete="username"
            maxLength={20}
          />
          <QuestionAnswers values={f.values} set={f.set} errors={f.errors} />
          <FormAlert message={f.formError} />
          <Button type="submit" className="w-full" loading={f.busy}>
            下一步
          </Button>
        </form>
      </FormCard>
    </Page>
  );
}
