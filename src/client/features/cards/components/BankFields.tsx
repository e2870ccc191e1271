/**
 * The bank part of the card forms: bank picker, card number with a live bank-name lookup by the
 * BIN (queryBankCardName; the shared domain table when offline), and the branch. The lookup picks
 * the bank while the player has not picked one by hand.
 */
import { useEffect, useRef, useState } from 'react';
import {
  BIN_LOOKUP_MIN_DIGITS,
  OTHER_BANK_CODE,
  bankOfCardNumber,
  type Bank,
} from '../../../../domain/banks';
import { Select, TextField } from '../../../ui';
import { bankOfNumber } from '../api';

export interface BankValues {
  bankCode: string;
  bankNumber: string;
  branch: string;
}

export function BankFields({
  banks,
  values,
  set,
  errors,
  numberOptional,
  numberPlaceholder,
}: {
  banks: Bank[];
  values: BankValues;
  set(k: keyof BankValues): (v: string) => void;
  errors: Partial<Record<keyof BankValues, string>>;
  numberOptional?: boolean;
  numberPlaceholder?: string;
}) {
  const found = useBankLookup(values.bankNumber);
  const picked = useRef(false);
  const setBank = set('bankCode');
  useEffect(() => {
    if (found && !picked.current && found.bankCode !== OTHER_BANK_CODE) setBank(found.bankCode);
  }, [found, setBank]);
  const options = [
    { value: '', label: '请选择开户银行' },
    ...banks.map((b) => ({ value: b.bankCode, label: b.bankName })),
  ];
  return (
    <>
      <Select
        label="开户银行"
        name="bankCode"
        value={values.bankCode}
        options={options}
        onChange={(v) => {
          picked.current = true;
          setBank(v);
        }}
      />
      {errors.bankCode && (
        <p role="alert" className="-mt-2 mb-3 text-sm text-red-700">
          {errors.bankCode}
        </p>
      )}
      <TextField
        label="银行卡号"
        name="bankNumber"
        inputMode="numeric"
        autoComplete="off"
        maxLength={29}
        value={values.bankNumber}
        onChange={(v) => set('bankNumber')(v.replace(/\D/g, ''))}
        error={errors.bankNumber}
        placeholder={numberPlaceholder ?? '请输入银行卡号'}
        hint={
          found ? `所属银行：${found.bankName}` : numberOptional ? '不修改卡号请留空' : undefined
        }
      />
      <TextField
        label="开户支行"
        name="branch"
        value={values.branch}
        onChange={set('branch')}
        error={errors.branch}
        maxLength={50}
        placeholder="如：北京朝阳支行"
      />
    </>
  );
}

/** The bank of a partly typed number, looked up 300 ms after typing stops. */
function useBankLookup(bankNumber: string): Bank | null {
  const [bank, setBank] = useState<Bank | null>(null);
  useEffect(() => {
    if (bankNumber.length < BIN_LOOKUP_MIN_DIGITS) {
      setBank(null);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      bankOfNumber(bankNumber).then(
        (b) => {
          if (live) setBank(b);
        },
        () => {
          if (live) setBank(bankOfCardNumber(bankNumber));
        },
      );
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [bankNumber]);
  return bank;
}
