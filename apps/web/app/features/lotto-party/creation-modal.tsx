import { formatMoney } from '@drawhouse/domain';
import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { TextField } from '../../components/form';
import {
  type CreationStep,
  checkShareSetup,
  checkSharesToBuy,
  type Opening,
  STEP_TITLES,
  stepsFrom,
} from './creation-flow';
import { InviteLink } from './invite-link';
import type { LottoPartyActionResult } from './lotto-party-actions.server';

export const LOTTO_PARTY_ACTION = '/lotto-party/action';

export type DrawChoice = { drawId: string; label: string; gamePriceText: string };

type Values = {
  groupName: string;
  drawId: string;
  sharePrice: string;
  totalShares: string;
  autosessionStatus: 'on' | 'off';
  numShares: string;
};

const START: Values = {
  groupName: '',
  drawId: '',
  sharePrice: '5.00',
  totalShares: '10',
  autosessionStatus: 'off',
  numShares: '1',
};

/**
 * The "Start a Lotto Party" dialog (Radix: focus stays inside, Escape closes): name the group, choose
 * the draw, set the share price and count, choose autosession, then open the session and join it
 * with shares in the cart. Opened with a group it starts at the draw.
 */
export function CreationModal({
  opening,
  draws,
  onClose,
}: {
  opening: Opening;
  draws: readonly DrawChoice[];
  onClose: () => void;
}) {
  const steps = stepsFrom(opening.step);
  const [step, setStep] = useState<CreationStep>(opening.step);
  const [group, setGroup] = useState(opening.group);
  const [values, setValues] = useState<Values>({ ...START, drawId: draws[0]?.drawId ?? '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fetcher = useFetcher<LottoPartyActionResult>();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  // Radix hands focus back to a Dialog.Trigger; this dialog has none, so it keeps its opener itself.
  const [opener] = useState(() => (typeof document === 'undefined' ? null : document.activeElement));
  const [done, setDone] = useState<Extract<LottoPartyActionResult, { intent: 'create-session' }> | null>(
    null,
  );

  useEffect(() => {
    if (!result) return;
    if (!result.ok) setErrors(result.errors);
    else if (result.intent === 'create-group') {
      setGroup(result.group);
      setErrors({});
      setStep('select_draw');
    } else if (result.intent === 'create-session') {
      setErrors({});
      setDone(result);
    }
  }, [result]);

  // Each new step is announced by moving focus to its heading.
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus follows the step.
  useEffect(() => {
    headingRef.current?.focus();
  }, [step, done]);

  const set = (name: keyof Values) => (value: string) => setValues((v) => ({ ...v, [name]: value }));
  const index = steps.indexOf(step);
  // Once the group is made its name step is behind the customer: Back stops at the draw.
  const previous = steps[index - 1];
  const back =
    previous && !(previous === 'name_group' && group)
      ? () => {
          setErrors({});
          setStep(previous);
        }
      : null;
  const busy = fetcher.state !== 'idle';

  function next() {
    if (step === 'select_draw') {
      if (!values.drawId) return setErrors({ drawId: 'Choose a draw.' });
    } else if (step === 'set_share_price') {
      const checked = checkShareSetup(values.sharePrice, values.totalShares);
      if (!checked.ok) return setErrors(checked.errors);
    }
    setErrors({});
    setStep(steps[index + 1] as CreationStep);
  }

  function submit(intent: 'create-group' | 'create-session') {
    if (intent === 'create-session') {
      const setup = checkShareSetup(values.sharePrice, values.totalShares);
      const total = setup.ok ? setup.value.totalShares : 0;
      const buy = checkSharesToBuy(values.numShares, total, true);
      if (!buy.ok) return setErrors(buy.errors);
    }
    fetcher.submit(
      { intent, groupId: group?.id ?? '', ...values },
      { method: 'post', action: LOTTO_PARTY_ACTION },
    );
  }

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? null : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[99997] bg-black/50" />
        <Dialog.Content
          data-testid="lotto-party-create"
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            headingRef.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
          }}
          className="fixed left-1/2 top-1/2 z-[99998] max-h-[90vh] w-[min(34rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-page p-6 text-ink shadow-xl"
        >
          <Dialog.Title className="text-xl font-bold">Start a Lotto Party</Dialog.Title>
          <Dialog.Description className="text-sm text-muted">
            {done ? 'Your session is open.' : `Step ${index + 1} of ${steps.length}`}
            {group?.name ? ` · ${group.name}` : ''}
          </Dialog.Description>
          {done ? (
            <Done heading={headingRef} done={done} />
          ) : (
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                if (step === 'name_group') submit('create-group');
                else if (step === 'join_session') submit('create-session');
                else next();
              }}
            >
              <h3 ref={headingRef} tabIndex={-1} className="mt-4 text-lg font-bold outline-none">
                {STEP_TITLES[step]}
              </h3>
              {errors.general ? (
                <p role="alert" className="mt-2 font-semibold text-red-700">
                  {errors.general}
                </p>
              ) : null}
              <StepFields step={step} values={values} set={set} errors={errors} draws={draws} />
              <div className="mt-6 flex flex-wrap justify-between gap-3">
                {back ? (
                  <button type="button" className="button-secondary" onClick={back} disabled={busy}>
                    Back
                  </button>
                ) : (
                  <Dialog.Close asChild>
                    <button type="button" className="button-secondary">
                      Cancel
                    </button>
                  </Dialog.Close>
                )}
                <button type="submit" className="button-primary" disabled={busy}>
                  {step === 'name_group' ? 'Create group' : step === 'join_session' ? 'Open session' : 'Next'}
                </button>
              </div>
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function StepFields({
  step,
  values,
  set,
  errors,
  draws,
}: {
  step: CreationStep;
  values: Values;
  set: (name: keyof Values) => (value: string) => void;
  errors: Record<string, string>;
  draws: readonly DrawChoice[];
}) {
  /** A text field's name, value, change handler and error, all from its key. */
  const bound = (name: 'groupName' | 'sharePrice' | 'totalShares' | 'numShares') => ({
    name,
    value: values[name],
    onChange: (e: { currentTarget: { value: string } }) => set(name)(e.currentTarget.value),
    error: errors[name],
  });
  if (step === 'name_group') {
    return (
      <TextField
        {...bound('groupName')}
        label="Group name"
        required
        maxLength={60}
        hint="3 to 40 characters. Your friends see it when you invite them."
      />
    );
  }
  if (step === 'select_draw') {
    return (
      <Choices
        legend="Draw"
        name="drawId"
        value={values.drawId}
        onChange={set('drawId')}
        error={errors.drawId ?? (draws.length === 0 ? 'No draw is on sale right now.' : undefined)}
        options={draws.map((d) => ({
          value: d.drawId,
          label: d.label,
          hint: `One game costs ${d.gamePriceText}`,
        }))}
      />
    );
  }
  if (step === 'set_share_price') {
    return (
      <>
        <TextField
          {...bound('sharePrice')}
          label="Share price (dollars)"
          required
          inputMode="decimal"
          hint="From $1 to $1,000."
        />
        <TextField
          {...bound('totalShares')}
          label="Number of shares"
          required
          inputMode="numeric"
          hint="From 2 to 500. The pot buys as many games as it can when the draw closes."
        />
      </>
    );
  }
  if (step === 'select_auto_session') {
    return (
      <Choices
        legend="Autosession"
        name="autosessionStatus"
        value={values.autosessionStatus}
        onChange={set('autosessionStatus')}
        options={[
          { value: 'on', label: 'Yes, open a new session for the next draw', hint: 'Same price and shares.' },
          { value: 'off', label: 'No, just this draw', hint: 'You can turn it on later.' },
        ]}
      />
    );
  }
  return (
    <>
      <Summary values={values} draws={draws} />
      <p className="mt-2">Open the session, then buy your own shares: they go to your cart.</p>
      <TextField
        {...bound('numShares')}
        label="Shares to buy now"
        required
        inputMode="numeric"
        hint="0 to buy later."
      />
    </>
  );
}

/** What the session will be, said once more before it opens. */
function Summary({ values, draws }: { values: Values; draws: readonly DrawChoice[] }) {
  const setup = checkShareSetup(values.sharePrice, values.totalShares);
  const draw = draws.find((d) => d.drawId === values.drawId);
  if (!setup.ok) return null;
  const { sharePriceCents, totalShares } = setup.value;
  return (
    <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 text-sm" data-testid="lotto-party-summary">
      <dt className="font-semibold">Draw</dt>
      <dd>{draw?.label ?? ''}</dd>
      <dt className="font-semibold">Shares</dt>
      <dd>
        {totalShares} at {formatMoney(sharePriceCents)}: a pot of up to{' '}
        {formatMoney(totalShares * sharePriceCents)}
      </dd>
      <dt className="font-semibold">Autosession</dt>
      <dd>{values.autosessionStatus === 'on' ? 'On: every draw' : 'Off: this draw only'}</dd>
    </dl>
  );
}

function Choices({
  legend,
  name,
  value,
  onChange,
  options,
  error,
}: {
  legend: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string; hint?: string }[];
  error?: string;
}) {
  const errorId = useId();
  return (
    <fieldset className="mt-4" aria-describedby={error ? errorId : undefined}>
      <legend className="font-semibold">{legend}</legend>
      <div className="mt-2 grid gap-2">
        {options.map((o) => (
          <Choice key={o.value} name={name} option={o} checked={value === o.value} onChange={onChange} />
        ))}
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function Choice({
  name,
  option,
  checked,
  onChange,
}: {
  name: string;
  option: { value: string; label: string; hint?: string };
  checked: boolean;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <label htmlFor={id} className="flex items-start gap-2 rounded-md border border-black/20 p-3">
      <input
        id={id}
        type="radio"
        name={name}
        value={option.value}
        checked={checked}
        onChange={() => onChange(option.value)}
        className="mt-1 h-5 w-5 shrink-0"
      />
      <span>
        <span className="block font-semibold">{option.label}</span>
        {option.hint ? <span className="block text-sm text-muted">{option.hint}</span> : null}
      </span>
    </label>
  );
}

function Done({
  heading,
  done,
}: {
  heading: RefObject<HTMLHeadingElement | null>;
  done: Extract<LottoPartyActionResult, { intent: 'create-session' }>;
}): ReactNode {
  return (
    <div>
      <h3 ref={heading} tabIndex={-1} className="mt-4 text-lg font-bold outline-none">
        Your Lotto Party is on
      </h3>
      {done.cartProblem ? (
        <p role="alert" className="mt-2 font-semibold text-red-700">
          Your shares could not go to your cart: {done.cartProblem}
        </p>
      ) : null}
      <p className="mt-2">
        {done.addedShares > 0
          ? `${done.addedShares} ${done.addedShares === 1 ? 'share is' : 'shares are'} in your cart: check out to join.`
          : 'Buy your shares from the session page when you are ready.'}
      </p>
      {done.inviteToken ? <InviteLink token={done.inviteToken} /> : null}
      <div className="mt-6 flex flex-wrap gap-3">
        <Link
          to={`/my-account/lotto-party/session/${encodeURIComponent(done.sessionId)}`}
          className="button-secondary"
        >
          See the session
        </Link>
        {done.addedShares > 0 ? (
          <Link to="/cart" className="button-primary">
            Go to cart
          </Link>
        ) : null}
      </div>
    </div>
  );
}
