/** Which of the latest conversations the draft would pass, fail or not apply to, each a link to its view. */
import { Link } from '@tanstack/react-router';
import { Badge, type Tone } from '../../../components/ui/badge';
import type { Env } from '../../../lib/environment';
import { useTimeFormat } from '../../../lib/time';
import type { PreviewAnswer } from '../types';

const TONE: Record<string, Tone> = { pass: 'good', fail: 'bad', not_applicable: 'muted' };
const LABEL: Record<string, string> = { pass: 'Pass', fail: 'Fail', not_applicable: 'Does not apply' };

export function PreviewResults({ answer, env }: { answer: PreviewAnswer; env: Env }) {
  const time = useTimeFormat();
  return (
    <section className="panel preview-results" aria-label="Preview" data-testid="preview-results">
      <h3>
        On the {answer.data.length} latest conversations: {answer.summary.pass} pass, {answer.summary.fail} fail,{' '}
        {answer.summary.not_applicable} do not apply
      </h3>
      {answer.data.length === 0 ? (
        <p className="muted">No conversations in this environment yet.</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th>Conversation</th>
                <th>Ended</th>
                <th>Channel</th>
                <th>Result</th>
                <th>Why</th>
              </tr>
            </thead>
            <tbody>
              {answer.data.map((item) => (
                <tr key={item.id} data-testid="preview-row" data-result={item.result} data-conversation-id={item.id}>
                  <td>
                    <Link to="/$env/conversations/$id" params={{ env, id: item.id }}>
                      {item.external_id}
                    </Link>
                  </td>
                  <td className="nowrap">{time.dateTime(item.ended_at)}</td>
                  <td>{item.channel}</td>
                  <td>
                    <Badge tone={TONE[item.result] ?? 'neutral'}>{LABEL[item.result] ?? item.result}</Badge>
                  </td>
                  <td className="muted small">{item.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
