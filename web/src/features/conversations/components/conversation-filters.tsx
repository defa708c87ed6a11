/**
 * The list's filters. Values live in the page's URL (the route owns them), so a filtered list can be shared
 * and the browser's back button works; dates are whole days in the workspace time zone.
 */
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { OUTCOME_CHOICES, OUTCOME_WORDS, STATUS_WORDS } from '../types';

export interface FilterValues {
  agent?: string | undefined;
  group?: string | undefined;
  status?: string | undefined;
  outcome?: string | undefined;
  check?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  external_id?: string | undefined;
}

interface Option {
  value: string;
  label: string;
}

export function ConversationFilters({
  values,
  onChange,
  agents,
  groups,
  checks,
}: {
  values: FilterValues;
  onChange: (values: FilterValues) => void;
  agents: Option[];
  groups: Option[];
  checks: Option[];
}) {
  const [lookup, setLookup] = useState(values.external_id ?? '');
  useEffect(() => setLookup(values.external_id ?? ''), [values.external_id]);
  const set = (name: keyof FilterValues, value: string) => onChange({ ...values, [name]: value || undefined });
  const submitLookup = (event: FormEvent) => {
    event.preventDefault();
    set('external_id', lookup.trim());
  };
  const active = Object.values(values).some((value) => value);

  return (
    <section className="filters" aria-label="Filters">
      <Select label="Agent" value={values.agent} options={agents} onChange={(v) => set('agent', v)} />
      <Select label="Group" value={values.group} options={groups} onChange={(v) => set('group', v)} />
      <Select
        label="Status"
        value={values.status}
        options={Object.entries(STATUS_WORDS).map(([value, label]) => ({ value, label }))}
        onChange={(v) => set('status', v)}
      />
      <Select
        label="Outcome"
        value={values.outcome}
        options={OUTCOME_CHOICES.map((value) => ({ value, label: OUTCOME_WORDS[value] ?? value }))}
        onChange={(v) => set('outcome', v)}
      />
      <Select label="Failed check" value={values.check} options={checks} onChange={(v) => set('check', v)} />
      <label className="filter">
        <span>Ended from</span>
        <input type="date" value={values.from ?? ''} onChange={(e) => set('from', e.target.value)} />
      </label>
      <label className="filter">
        <span>to</span>
        <input type="date" value={values.to ?? ''} onChange={(e) => set('to', e.target.value)} />
      </label>
      <form className="filter lookup" onSubmit={submitLookup}>
        <label>
          <span>External id</span>
          <input
            type="search"
            placeholder="Look up by external id"
            value={lookup}
            onChange={(e) => setLookup(e.target.value)}
          />
        </label>
        <Button type="submit">Find</Button>
      </form>
      {active ? (
        <Button variant="ghost" onClick={() => onChange({})}>
          Clear filters
        </Button>
      ) : null}
    </section>
  );
}

function Select({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string | undefined;
  options: Option[];
  onChange: (value: string) => void;
}) {
  return (
    <label className="filter">
      <span>{label}</span>
      <select aria-label={label} value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
        <option value="">All</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
