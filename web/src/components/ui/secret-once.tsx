/** A secret the service shows this once: readable, selectable, with a copy button and a plain warning. */
import { useState } from 'react';
import { Button } from './button';

export function SecretOnce({ label, secret, onDone }: { label: string; secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <section className="secret-once" aria-label={label}>
      <div className="secret-once-head">
        <strong>{label}</strong>
        <span className="muted">Shown only this once. Copy it now and keep it somewhere safe.</span>
      </div>
      <div className="secret-once-row">
        <code className="secret" data-testid="secret-value">
          {secret}
        </code>
        <Button variant="primary" onClick={copy}>
          {copied === 'yes' ? 'Copied' : 'Copy'}
        </Button>
        <Button onClick={onDone}>Done</Button>
      </div>
      {copied === 'failed' ? (
        <div className="muted small">Copying was refused by the browser; select the text.</div>
      ) : null}
    </section>
  );
}
