/** Chinese labels of the report calls' parameters (docs/agents.md "Reports"), for schema messages. */
export const reportFieldLabels: Readonly<Record<string, string>> = {
  startTime: '开始日期',
  endTime: '结束日期',
  dateType: '日期类型',
};
