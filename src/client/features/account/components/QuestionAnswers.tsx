/** Two security questions (different) and their answers, from safeQuestionList. */
import { Select, TextField, LoadingState, ErrorState } from '../../../ui';
import { safeQuestionList } from '../api';
import { keys, useQuery } from '../../../query';

export interface QuestionValues {
  questionId1: string;
  answer1: string;
  questionId2: string;
  answer2: string;
}

export function QuestionAnswers({
  values,
  set,
  errors,
}: {
  values: QuestionValues;
  set(k: keyof QuestionValues): (v: string) => void;
  errors: Partial<Record<keyof QuestionValues, string>>;
}) {
  const q = useQuery({ queryKey: keys.account('safetyQuestions'), queryFn: safeQuestionList });
  if (q.loading) return <LoadingState />;
  if (q.error) return <ErrorState message={q.error.message} onRetry={q.reload} />;
  const options = [
    { value: '', label: '请选择问题' },
    ...(q.data?.list ?? []).map((x) => ({ value: String(x.id), label: x.question })),
  ];
  return (
    <>
      <Select
        label="安全问题一"
        name="questionId1"
        value={values.questionId1}
        onChange={set('questionId1')}
        options={options}
      />
      <TextField
        label="答案一"
        name="answer1"
        value={values.answer1}
        onChange={set('answer1')}
        error={errors.answer1 ?? errors.questionId1}
        maxLength={30}
        autoComplete="off"
      />
      <Select
        label="安全问题二"
        name="questionId2"
        value={values.questionId2}
        onChange={set('questionId2')}
        options={options}
      />
      <TextField
        label="答案二"
        name="answer2"
        value={values.answer2}
        onChange={set('answer2')}
        error={errors.answer2 ?? errors.questionId2}
        maxLength={30}
        autoComplete="off"
      />
    </>
  );
}

export const questionRules = {
  questionId1: { label: '安全问题一' },
  answer1: { label: '答案一', pattern: 'answer' as const, length: [1, 30] as [number, number] },
  questionId2: { label: '安全问题二', differentFrom: 'questionId1' },
  answer2: { label: '答案二', pattern: 'answer' as const, length: [1, 30] as [number, number] },
};

export function toAnswers(v: QuestionValues) {
  return {
    questionId1: Number(v.questionId1),
    answer1: v.answer1,
    questionId2: Number(v.questionId2),
    answer2: v.answer2,
  };
}
