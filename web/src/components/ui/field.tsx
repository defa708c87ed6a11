import { cloneElement, type ReactElement, useId } from 'react';

type Control = ReactElement<{ id?: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean }>;

/**
 * A labelled form control with the service's field errors under it. The label names the control by `for`, so
 * its accessible name is the label alone (a wrapping label would add a select's options and the hint to it).
 */
export function Field({
  label,
  children,
  errors,
  hint,
}: {
  label: string;
  children: Control;
  errors?: string[] | undefined;
  hint?: string | undefined;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, errors?.length ? `${id}-errors` : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {cloneElement(children, {
        id,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(errors?.length ? { 'aria-invalid': true } : {}),
      })}
      {hint ? (
        <span id={`${id}-hint`} className="field-hint">
          {hint}
        </span>
      ) : null}
      {errors?.length ? (
        <span id={`${id}-errors`} className="field-error">
          {errors.join(' ')}
        </span>
      ) : null}
    </div>
  );
}
