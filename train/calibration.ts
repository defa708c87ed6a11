/** Platt scaling: fits probability = logistic(a * x + b) to binary outcomes by Newton's method (deterministic). */
const MIN_SLOPE = 0.05;

export function fitPlatt(xs: readonly number[], outcomes: readonly boolean[]): { a: number; b: number } {
  let a = 1;
  let b = 0;
  // Platt's smoothed targets keep the fit finite when the classes separate.
  const positives = outcomes.filter(Boolean).length;
  const negatives = outcomes.length - positives;
  const high = (positives + 1) / (positives + 2);
  const low = 1 / (negatives + 2);
  for (let iteration = 0; iteration < 100; iteration += 1) {
    let ga = 0;
    let gb = 0;
    let haa = 1e-9;
    let hab = 0;
    let hbb = 1e-9;
    xs.forEach((x, i) => {
      const p = 1 / (1 + Math.exp(-(a * x + b)));
      const target = outcomes[i] ? high : low;
      const d = p - target;
      const w = p * (1 - p);
      ga += d * x;
      gb += d;
      haa += w * x * x;
      hab += w * x;
      hbb += w;
    });
    const determinant = haa * hbb - hab * hab;
    if (determinant <= 0) break;
    const da = (hbb * ga - hab * gb) / determinant;
    const db = (haa * gb - hab * ga) / determinant;
    a -= da;
    b -= db;
    if (Math.abs(da) + Math.abs(db) < 1e-10) break;
  }
  // A likelier turn must never mean a less likely dialogue: on data too small to show the rise, the slope is
  // held at a small positive value and only the intercept is fitted.
  if (a < MIN_SLOPE) {
    a = MIN_SLOPE;
    for (let iteration = 0; iteration < 100; iteration += 1) {
      let g = 0;
      let h = 1e-9;
      xs.forEach((x, i) => {
        const p = 1 / (1 + Math.exp(-(a * x + b)));
        g += p - (outcomes[i] ? high : low);
        h += p * (1 - p);
      });
      b -= g / h;
      if (Math.abs(g / h) < 1e-10) break;
    }
  }
  return { a: Math.round(a * 10_000) / 10_000, b: Math.round(b * 10_000) / 10_000 };
}
