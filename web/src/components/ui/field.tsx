import type { ReactNode } from 'react';

/** A labelled form control with the service's field errors under it. */
export function Field({
  label,
  children,
  errors,
  hint,
}: {
  label: string;
  children: ReactNode;
  errors?: string[] | undefined;
  hint?: string;
}) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control arrives as children, inside the label
    <label className="field">
      <span className="field-label">{label}</span>
      {children}
      {hint ? <span className="field-hint">{hint}</span> : null}
      {errors?.map((problem) => (
        <span key={problem} className="field-error">
          {problem}
        </span>
      ))}
    </label>
  );
}
