/**
 * One trend of an agent, a value per local day, drawn with uPlot. Each release is a marker on the day its
 * version first appeared: an element of its own over the plot, carrying `data-release-version` and
 * `data-release-day` (what tests read instead of pixels), naming the version when hovered.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import './trend-chart.css';
import type { ReleaseMarker, TrendPoint } from '../types';

export interface TrendMetric {
  key: 'conversations' | 'resolution_rate' | 'handed_to_person_rate' | 'avg_frustration' | 'compliance_failures';
  label: string;
  /** Multiplies the value for display (100 for rates shown as percentages). */
  scale?: number;
  unit?: string;
}

const HEIGHT = 160;

function placeMarkers(u: uPlot, points: readonly TrendPoint[], releases: readonly ReleaseMarker[]) {
  for (const old of u.over.querySelectorAll('.release-marker')) old.remove();
  for (const release of releases) {
    const index = points.findIndex((point) => point.day === release.day);
    if (index < 0) continue;
    const marker = document.createElement('div');
    marker.className = 'release-marker';
    marker.dataset.releaseVersion = release.version;
    marker.dataset.releaseDay = release.day;
    marker.title = `Release ${release.version}, first seen ${release.day}`;
    marker.setAttribute('aria-label', `Release ${release.version}`);
    marker.style.left = `${u.valToPos(index, 'x')}px`;
    const label = document.createElement('span');
    label.className = 'release-marker-label';
    // textContent: a version is whatever the caller's system sent, never markup.
    label.textContent = release.version;
    marker.append(label);
    u.over.append(marker);
  }
}

export function TrendChart({
  metric,
  points,
  releases,
}: {
  metric: TrendMetric;
  points: readonly TrendPoint[];
  releases: readonly ReleaseMarker[];
}) {
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const scale = metric.scale ?? 1;
    const xs = points.map((_, i) => i);
    const ys = points.map((point) => {
      const value = point[metric.key];
      return value === null ? null : value * scale;
    });
    const width = Math.max(320, element.clientWidth || 640);
    const chart = new uPlot(
      {
        width,
        height: HEIGHT,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: false }, y: { range: (_u, min, max) => [Math.min(0, min ?? 0), Math.max(1, max ?? 1)] } },
        axes: [
          {
            values: (_u, splits) => splits.map((i) => points[Math.round(i)]?.day.slice(5) ?? ''),
            space: 60,
          },
          { values: (_u, splits) => splits.map((v) => `${Number(v.toFixed(2))}${metric.unit ?? ''}`), size: 56 },
        ],
        series: [
          {},
          {
            label: metric.label,
            stroke: '#2563eb',
            fill: 'rgba(37, 99, 235, 0.08)',
            width: 2,
            // A day without calls has no rate: a gap; each measured day a point, so a lone one shows.
            spanGaps: false,
            points: { show: true, size: 5 },
          },
        ],
        hooks: { draw: [(u) => placeMarkers(u, points, releases)] },
      },
      [xs, ys],
      element,
    );
    const onResize = () => chart.setSize({ width: Math.max(320, element.clientWidth || 640), height: HEIGHT });
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      chart.destroy();
    };
  }, [metric, points, releases]);
  return (
    <figure className="trend" data-chart={metric.key}>
      <figcaption>{metric.label}</figcaption>
      <div ref={holder} className="trend-plot" />
    </figure>
  );
}

export const TREND_METRICS: readonly TrendMetric[] = [
  { key: 'conversations', label: 'Conversations per day' },
  { key: 'resolution_rate', label: 'Resolution rate', scale: 100, unit: '%' },
  { key: 'handed_to_person_rate', label: 'Handed to a person', scale: 100, unit: '%' },
  { key: 'avg_frustration', label: 'Average frustration (0 calm, 1 very frustrated)' },
  { key: 'compliance_failures', label: 'Compliance failures' },
];
