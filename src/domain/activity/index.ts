/** Activity red envelopes (rules, split, form) and the promotions of /activity (promotions, promotionForm). */
export * from './rules';
export * from './split';
export * from './form';
export * from './promotions';
export * from './promotionForm';
