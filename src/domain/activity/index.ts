/** Activity red envelopes: rules (eligibility, states), the rain split and the operator's form. */
export * from './rules';
export * from './split';
export * from './form';
