/** A destructive action asked twice: the first click shows what will happen and a second, explicit button. */
import { type ReactNode, useState } from 'react';
import { Button } from './button';

export function ConfirmButton({
  label,
  question,
  confirmLabel,
  onConfirm,
  busy,
}: {
  label: string;
  question: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  busy?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <Button variant="ghost" className="danger-text" onClick={() => setAsking(true)}>
        {label}
      </Button>
    );
  }
  return (
    <fieldset className="confirm bare" aria-label="Confirm">
      <span className="confirm-question">{question}</span>
      <Button
        variant="danger"
        busy={busy ?? false}
        onClick={() => {
          onConfirm();
          setAsking(false);
        }}
      >
        {confirmLabel}
      </Button>
      <Button variant="ghost" onClick={() => setAsking(false)}>
        Cancel
      </Button>
    </fieldset>
  );
}
