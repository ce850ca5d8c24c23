import { type ClipboardEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { applyOtpBackspace, applyOtpText, OTP_LENGTH, OTP_MESSAGES } from '../lib/otp';

/**
 * The 6-digit code: one box per digit, with auto-advance, backspace to the box before, arrow keys,
 * and paste (trimmed and cut to 6). The code is sent as the hidden field `otp`. When the account is
 * locked the boxes are disabled and the "Account locked" alert is shown.
 */
export function OtpInput({
  name = 'otp',
  error,
  locked = false,
  disabled = false,
  autoFocus = false,
  resetKey,
  legend = 'Enter the 6 digit code',
}: {
  name?: string;
  error?: string;
  locked?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  /** A new value empties the boxes (after a wrong code). */
  resetKey?: unknown;
  legend?: string;
}) {
  const id = useId();
  const [digits, setDigits] = useState<string[]>(() => Array(OTP_LENGTH).fill(''));
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const errorId = `${id}-error`;
  const off = locked || disabled;

  useEffect(() => {
    if (resetKey === undefined) return;
    setDigits(Array(OTP_LENGTH).fill(''));
    boxes.current[0]?.focus();
  }, [resetKey]);

  useEffect(() => {
    if (autoFocus) boxes.current[0]?.focus();
  }, [autoFocus]);

  const apply = (next: { digits: string[]; focus: number }) => {
    setDigits(next.digits);
    boxes.current[next.focus]?.focus();
    boxes.current[next.focus]?.select();
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      apply(applyOtpBackspace(digits, index));
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      boxes.current[index - 1]?.focus();
    } else if (event.key === 'ArrowRight' && index < OTP_LENGTH - 1) {
      event.preventDefault();
      boxes.current[index + 1]?.focus();
    } else if (/^\d$/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      apply(applyOtpText(digits, index, event.key));
    }
  };

  const onChange = (index: number, value: string) => {
    // Autofill, mobile keyboards and programmatic fills arrive here; typed digits via keydown.
    const old = digits[index] ?? '';
    const text = old && value.length === 2 && value.startsWith(old) ? value.slice(1) : value;
    if (text === '') {
      const next = [...digits];
      next[index] = '';
      setDigits(next);
      return;
    }
    apply(applyOtpText(digits, index, text));
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    apply(applyOtpText(digits, index, event.clipboardData.getData('text')));
  };

  return (
    <fieldset className="mt-4" aria-describedby={error ? errorId : undefined}>
      <legend className="font-semibold">{legend}</legend>
      {locked ? (
        <div role="alert" className="mt-2 rounded-md border-l-4 border-red-700 bg-red-50 p-3 text-red-900">
          <p className="font-bold">{OTP_MESSAGES.lockedTitle}</p>
          <p>{OTP_MESSAGES.locked}</p>
        </div>
      ) : null}
      <div className="mt-2 flex gap-2">
        {digits.map((digit, index) => (
          <input
            // biome-ignore lint/suspicious/noArrayIndexKey: the six boxes are fixed positions
            key={index}
            ref={(element) => {
              boxes.current[index] = element;
            }}
            type="text"
            name={`${name}_${index}`}
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={`Digit ${index + 1} of ${OTP_LENGTH}`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            data-testid={`otp-input-${index}`}
            value={digit}
            disabled={off}
            onKeyDown={(event) => onKeyDown(index, event)}
            onChange={(event) => onChange(index, event.target.value)}
            onPaste={(event) => onPaste(index, event)}
            onFocus={(event) => event.target.select()}
            className="h-12 w-11 rounded-md border border-black/40 bg-page text-center text-xl font-bold text-ink aria-[invalid=true]:border-red-700 disabled:opacity-60"
          />
        ))}
      </div>
      <input type="hidden" name={name} value={digits.join('')} />
      {error ? (
        <p id={errorId} className="mt-2 text-sm font-semibold text-red-800">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
